import {
  selectCaptcha,
  selectCaptchaStatus,
  selectFieldErrors,
} from '../../../machines/login/selectors.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { captchaMessage } from './field-errors.ts';
import { useLoginEvents, useLoginView } from './hooks.ts';

/** The login dialog's captcha (SMS code requests, and password logins the brake holds). */
export function LoginCaptchaField(props: { value: string; onChange: (value: string) => void }) {
  const login = useLoginEvents();
  const captcha = useLoginView(selectCaptcha);
  const status = useLoginView(selectCaptchaStatus);
  const fieldErrors = useLoginView(selectFieldErrors);
  return (
    <CaptchaField
      captcha={captcha}
      status={status}
      value={props.value}
      onChange={props.onChange}
      error={captchaMessage(fieldErrors)}
      onRefresh={login.refreshCaptcha}
    />
  );
}
