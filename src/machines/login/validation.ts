/**
 * Field-level validation of the login dialog's forms (password and SMS-code login, the code
 * request, registration), taken from the contract's own request schemas
 * (src/contract/accounts/calls.ts) so the dialog refuses exactly what the server would refuse.
 *
 * The machines (./machine.ts, ../register/machine.ts) run these in invoked actors that they only
 * declare: this module needs zod and the schemas, which the browser's first screen must not
 * load, so ./implementations.ts loads it on first use (and the dialog preloads it).
 * Tests provide them from ./test-support.ts. Nothing here imports xstate, so the lazily loaded
 * chunk holds the validation alone.
 *
 * Field errors are a list of {field, message} rather than a record keyed by field name: the
 * event-log export scrubs values under keys such as `password` or `mobile`, and a record
 * `{password: '请输入密码'}` would lose its message in an exported log.
 */
import type { z } from 'zod';
import { accounts } from '../../contract/accounts/calls.ts';
import type { FieldError } from '../errors.ts';

export type { FieldError } from '../errors.ts';

export type LoginMode = 'password' | 'mobile';

export type LoginCredentials =
  | {
      mode: 'password';
      username: string;
      password: string;
      /** Only while the login brake holds the account (the form then shows a captcha). */
      captchaId?: string;
      captchaCode?: string;
    }
  | { mode: 'mobile'; mobile: string; code: string };

export interface CodeRequest {
  mobile: string;
  captchaId: string;
  captchaCode: string;
}

/** What the registration form sends. */
export interface RegistrationValues {
  username: string;
  nickname: string;
  password: string;
  captchaCode: string;
}

/** The form's values with the id of the captcha they answer. */
export type RegistrationInput = RegistrationValues & { captchaId: string };

/** A registration as accounts.registerByPwd takes it (trimmed by the schema). */
export type Registration = z.output<NonNullable<typeof accounts.registerByPwd.body>>;

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldError[] };

function toFieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const fieldErrors: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    // The first message per field is the one a form shows next to it.
    if (seen.has(field)) continue;
    seen.add(field);
    fieldErrors.push({ field, message: issue.message });
  }
  return fieldErrors;
}

export function validateCredentials(input: LoginCredentials): ValidationResult<LoginCredentials> {
  if (input.mode === 'password') {
    const parsed = accounts.loginByPwd.body!.safeParse({
      username: input.username,
      password: input.password,
      ...(input.captchaId !== undefined
        ? { captchaId: input.captchaId, captchaCode: input.captchaCode ?? '' }
        : {}),
    });
    return parsed.success
      ? { ok: true, value: { mode: 'password', ...parsed.data } }
      : { ok: false, fieldErrors: toFieldErrors(parsed.error) };
  }
  const parsed = accounts.loginByMobile.body!.safeParse({ mobile: input.mobile, code: input.code });
  return parsed.success
    ? { ok: true, value: { mode: 'mobile', ...parsed.data } }
    : { ok: false, fieldErrors: toFieldErrors(parsed.error) };
}

export function validateCodeRequest(input: CodeRequest): ValidationResult<CodeRequest> {
  const parsed = accounts.getSmsCode.body!.safeParse({
    mobile: input.mobile,
    captchaId: input.captchaId,
    captchaCode: input.captchaCode,
    purpose: 'login',
  });
  return parsed.success
    ? {
        ok: true,
        value: {
          mobile: parsed.data.mobile,
          captchaId: parsed.data.captchaId,
          captchaCode: parsed.data.captchaCode,
        },
      }
    : { ok: false, fieldErrors: toFieldErrors(parsed.error) };
}

export function validateRegistration(input: RegistrationInput): ValidationResult<Registration> {
  const parsed = accounts.registerByPwd.body!.safeParse({
    username: input.username,
    nickname: input.nickname,
    password: input.password,
    captchaId: input.captchaId,
    captchaCode: input.captchaCode,
  });
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, fieldErrors: toFieldErrors(parsed.error) };
}
