import { describe, expect, it, vi } from 'vitest';
import {
  SimulatedClock,
  createActor,
  fromPromise,
  initialTransition,
  transition,
  waitFor,
} from 'xstate';
import type { CurrentUser } from '../../contract/accounts/calls.ts';
import { CODE_RESEND_DELAY_MS } from '../constants.ts';
import { loginDialogMachine, type LoginDialogEmitted } from './machine.ts';
import { validateCodeRequest, validateCredentials } from './validation.ts';
import {
  doneEvent,
  emittedBy,
  errorEvent,
  flushPromises,
  loginValidators,
} from '../test-support.ts';

const user: CurrentUser = {
  id: 7,
  userId: 3,
  username: 'student1',
  nickname: '小明',
  mobile: '13800000000',
  email: null,
  role: 'student',
  organizationId: 1,
  organizationName: '示例机构',
  platformAdmin: false,
  mustChangePassword: false,
};
const credentials = { mode: 'password' as const, username: ' student1 ', password: 'secret-pass' };

function opened() {
  const [closed] = initialTransition(loginDialogMachine);
  const [open] = transition(loginDialogMachine, closed, {
    type: 'OPEN',
    reason: 'login.reason.submit',
    returnTo: '/question/detail?id=3',
  });
  return open;
}

describe('login validation (from the contract)', () => {
  it('trims and accepts a username/password pair', () => {
    expect(validateCredentials(credentials)).toEqual({
      ok: true,
      value: { mode: 'password', username: 'student1', password: 'secret-pass' },
    });
  });

  it('names each missing field with the contract message', () => {
    expect(validateCredentials({ mode: 'password', username: ' ', password: '' })).toEqual({
      ok: false,
      fieldErrors: [
        { field: 'username', message: '请输入用户名' },
        { field: 'password', message: '请输入密码' },
      ],
    });
  });

  it('checks the mobile number and the 6-digit code', () => {
    expect(validateCredentials({ mode: 'mobile', mobile: '1380000', code: '12a' })).toEqual({
      ok: false,
      fieldErrors: [
        { field: 'mobile', message: '请输入 11 位手机号' },
        { field: 'code', message: '验证码为 6 位数字' },
      ],
    });
    expect(validateCredentials({ mode: 'mobile', mobile: '13800000000', code: '123456' }).ok).toBe(
      true,
    );
  });

  it('checks a code request', () => {
    const request = { mobile: '13800000000', captchaId: 'captcha-0001', captchaCode: '' };
    expect(validateCodeRequest(request)).toEqual({
      ok: false,
      fieldErrors: [{ field: 'captchaCode', message: '请输入图形验证码' }],
    });
    expect(validateCodeRequest({ ...request, captchaCode: 'ab12' }).ok).toBe(true);
  });
});

describe('loginDialogMachine (pure transitions)', () => {
  it('starts closed and opens with a reason and a return target', () => {
    const [closed] = initialTransition(loginDialogMachine);
    expect(closed.value).toBe('closed');
    const open = opened();
    expect(open.matches({ open: { form: 'editing', code: 'idle', captcha: 'idle' } })).toBe(true);
    expect(open.context.reason).toBe('login.reason.submit');
    expect(open.context.returnTo).toBe('/question/detail?id=3');
  });

  it('closes on CLOSE', () => {
    const [closed] = transition(loginDialogMachine, opened(), { type: 'CLOSE' });
    expect(closed.value).toBe('closed');
  });

  it('keeps field errors from validation and stays editable', () => {
    const [validating] = transition(loginDialogMachine, opened(), {
      type: 'SUBMIT',
      credentials: { mode: 'password', username: '', password: '' },
    });
    expect(validating.matches({ open: { form: 'validating' } })).toBe(true);
    const verdict = validateCredentials({ mode: 'password', username: '', password: '' });
    const [editing] = transition(
      loginDialogMachine,
      validating,
      doneEvent('validateCredentials', verdict),
    );
    expect(editing.matches({ open: { form: 'editing' } })).toBe(true);
    expect(editing.context.fieldErrors.map((e) => e.field)).toEqual(['username', 'password']);
  });

  it('submits validated credentials, closes on success and emits loggedIn', () => {
    const [validating] = transition(loginDialogMachine, opened(), { type: 'SUBMIT', credentials });
    const [submitting] = transition(
      loginDialogMachine,
      validating,
      doneEvent('validateCredentials', validateCredentials(credentials)),
    );
    expect(submitting.matches({ open: { form: 'submitting' } })).toBe(true);
    // Credentials never enter the context.
    expect(JSON.stringify(submitting.context)).not.toContain('secret-pass');
    const [closed, actions] = transition(loginDialogMachine, submitting, doneEvent('login', user));
    expect(closed.value).toBe('closed');
    expect(closed.context.user?.id).toBe(7);
    expect(closed.context.user).not.toHaveProperty('mobile');
    expect(emittedBy(actions)).toEqual([
      {
        type: 'loggedIn',
        user: closed.context.user,
        returnTo: '/question/detail?id=3',
      },
    ]);
  });

  it('shows the server message and stays open when login fails', () => {
    const [validating] = transition(loginDialogMachine, opened(), { type: 'SUBMIT', credentials });
    const [submitting] = transition(
      loginDialogMachine,
      validating,
      doneEvent('validateCredentials', validateCredentials(credentials)),
    );
    const [editing] = transition(
      loginDialogMachine,
      submitting,
      errorEvent('login', { name: 'ApiError', message: '用户名或密码错误', code: 40001 }),
    );
    expect(editing.matches({ open: { form: 'editing' } })).toBe(true);
    expect(editing.context.error).toEqual({ message: '用户名或密码错误', code: 40001 });
  });

  it('puts the field failures of a refused login under the fields (data.fields)', () => {
    const mobileLogin = { mode: 'mobile' as const, mobile: '13800000000', code: '123456' };
    const [mobile] = transition(loginDialogMachine, opened(), { type: 'SET_MODE', mode: 'mobile' });
    const [validating] = transition(loginDialogMachine, mobile, {
      type: 'SUBMIT',
      credentials: mobileLogin,
    });
    const [submitting] = transition(
      loginDialogMachine,
      validating,
      doneEvent('validateCredentials', validateCredentials(mobileLogin)),
    );
    // The JSON form a replayed log holds: ApiError's own fields, data included.
    const refused = {
      name: 'ApiError',
      message: '参数校验失败：body.code 验证码为 6 位数字',
      code: 40000,
      kind: 'api',
      status: 400,
      data: {
        fields: [
          { field: 'body.code', message: '验证码为 6 位数字' },
          { field: 'body.mobile', message: '请输入 11 位手机号' },
        ],
      },
    };
    const [editing] = transition(loginDialogMachine, submitting, errorEvent('login', refused));
    expect(editing.matches({ open: { form: 'editing' } })).toBe(true);
    expect(editing.context.fieldErrors).toEqual([
      { field: 'code', message: '验证码为 6 位数字' },
      { field: 'mobile', message: '请输入 11 位手机号' },
    ]);
    // The error in the fields' own words, not the summary that names them by wire path.
    expect(editing.context.error).toEqual({
      message: '验证码为 6 位数字；请输入 11 位手机号',
      code: 40000,
    });

    // A failure without field data clears what the last refusal showed.
    const [again] = transition(loginDialogMachine, editing, {
      type: 'SUBMIT',
      credentials: mobileLogin,
    });
    const [submittingAgain] = transition(
      loginDialogMachine,
      again,
      doneEvent('validateCredentials', validateCredentials(mobileLogin)),
    );
    const [wrongCode] = transition(
      loginDialogMachine,
      submittingAgain,
      errorEvent('login', { message: '验证码错误或已过期', code: 40003, data: null }),
    );
    expect(wrongCode.context.fieldErrors).toEqual([]);
    expect(wrongCode.context.error).toEqual({ message: '验证码错误或已过期', code: 40003 });
  });

  it('the login brake: a captcha appears, answers one try and goes with the password', () => {
    const [validating] = transition(loginDialogMachine, opened(), {
      type: 'SUBMIT',
      credentials,
    });
    const [submitting] = transition(
      loginDialogMachine,
      validating,
      doneEvent('validateCredentials', validateCredentials(credentials)),
    );
    // The fifth wrong password: the server says the next try needs a captcha.
    const [braked] = transition(
      loginDialogMachine,
      submitting,
      errorEvent('login', {
        message: '用户名或密码错误',
        code: 40001,
        data: { captchaRequired: true },
      }),
    );
    expect(braked.context.captchaRequired).toBe(true);
    expect(braked.matches({ open: { captcha: 'loading' } })).toBe(true);
    const captcha = { captchaId: 'captcha-0001', image: '<svg/>' };
    const [ready] = transition(loginDialogMachine, braked, doneEvent('loadCaptcha', captcha));

    // The typed code goes with the captcha shown; an empty one is refused under its field.
    const [checking] = transition(loginDialogMachine, ready, {
      type: 'SUBMIT',
      credentials: { ...credentials, captchaCode: '' },
    });
    const sent = validateCredentials({
      ...credentials,
      captchaId: 'captcha-0001',
      captchaCode: '',
    });
    expect(sent).toEqual({
      ok: false,
      fieldErrors: [{ field: 'captchaCode', message: '请输入图形验证码' }],
    });
    const [refused] = transition(
      loginDialogMachine,
      checking,
      doneEvent('validateCredentials', sent),
    );
    expect(refused.context.fieldErrors).toEqual([
      { field: 'captchaCode', message: '请输入图形验证码' },
    ]);
    const answered = validateCredentials({
      ...credentials,
      captchaId: 'captcha-0001',
      captchaCode: 'ab12',
    });
    expect(answered).toEqual({
      ok: true,
      value: {
        mode: 'password',
        username: 'student1',
        password: 'secret-pass',
        captchaId: 'captcha-0001',
        captchaCode: 'ab12',
      },
    });

    // A wrong answer (or password) uses the captcha up: a new one is loaded for the next try.
    const [again] = transition(loginDialogMachine, refused, {
      type: 'SUBMIT',
      credentials: { ...credentials, captchaCode: 'ab12' },
    });
    const [onWire] = transition(
      loginDialogMachine,
      again,
      doneEvent('validateCredentials', answered),
    );
    const [wrong] = transition(
      loginDialogMachine,
      onWire,
      errorEvent('login', { message: '图形验证码错误或已过期', code: 40002, data: null }),
    );
    expect(wrong.context.captchaRequired).toBe(true);
    expect(wrong.matches({ open: { captcha: 'loading' } })).toBe(true);
  });

  it('a CAPTCHA_REQUIRED answer turns the captcha on by itself', () => {
    const [validating] = transition(loginDialogMachine, opened(), { type: 'SUBMIT', credentials });
    const [submitting] = transition(
      loginDialogMachine,
      validating,
      doneEvent('validateCredentials', validateCredentials(credentials)),
    );
    const [braked] = transition(
      loginDialogMachine,
      submitting,
      errorEvent('login', {
        message: '该账号密码错误次数较多，请输入图形验证码后再登录',
        code: 40004,
      }),
    );
    expect(braked.context.captchaRequired).toBe(true);
    expect(braked.matches({ open: { captcha: 'loading' } })).toBe(true);
  });

  it('puts the field failures of a refused code request under the fields', () => {
    const [mobile] = transition(loginDialogMachine, opened(), { type: 'SET_MODE', mode: 'mobile' });
    const captcha = { captchaId: 'captcha-0001', image: '<svg/>' };
    const [ready] = transition(loginDialogMachine, mobile, doneEvent('loadCaptcha', captcha));
    const [validating] = transition(loginDialogMachine, ready, {
      type: 'REQUEST_CODE',
      mobile: '13800000000',
      captchaCode: 'ab12',
    });
    const request = { mobile: '13800000000', captchaId: 'captcha-0001', captchaCode: 'ab12' };
    const [requesting] = transition(
      loginDialogMachine,
      validating,
      doneEvent('validateCodeRequest', validateCodeRequest(request)),
    );
    const [idle] = transition(
      loginDialogMachine,
      requesting,
      errorEvent('requestCode', {
        message: '参数校验失败：body.captchaCode 请输入图形验证码',
        code: 40000,
        data: { fields: [{ field: 'body.captchaCode', message: '请输入图形验证码' }] },
      }),
    );
    expect(idle.matches({ open: { code: 'idle', captcha: 'loading' } })).toBe(true);
    expect(idle.context.fieldErrors).toEqual([
      { field: 'captchaCode', message: '请输入图形验证码' },
    ]);
    expect(idle.context.codeError?.code).toBe(40000);
  });

  it('does not close or switch mode while a login is on the wire', () => {
    const [validating] = transition(loginDialogMachine, opened(), { type: 'SUBMIT', credentials });
    const [submitting] = transition(
      loginDialogMachine,
      validating,
      doneEvent('validateCredentials', validateCredentials(credentials)),
    );
    const [stillSubmitting] = transition(loginDialogMachine, submitting, { type: 'CLOSE' });
    expect(stillSubmitting.matches({ open: { form: 'submitting' } })).toBe(true);
    const [sameMode] = transition(loginDialogMachine, submitting, {
      type: 'SET_MODE',
      mode: 'mobile',
    });
    expect(sameMode.context.mode).toBe('password');
  });

  it('loads a captcha in mobile mode and requests a code, then cools down', () => {
    const [mobile] = transition(loginDialogMachine, opened(), { type: 'SET_MODE', mode: 'mobile' });
    expect(mobile.matches({ open: { captcha: 'loading' } })).toBe(true);
    // No code request before there is a captcha to answer.
    const [refused] = transition(loginDialogMachine, mobile, {
      type: 'REQUEST_CODE',
      mobile: '13800000000',
      captchaCode: 'ab12',
    });
    expect(refused.matches({ open: { code: 'idle' } })).toBe(true);

    const captcha = { captchaId: 'captcha-0001', image: '<svg/>' };
    const [ready] = transition(loginDialogMachine, mobile, doneEvent('loadCaptcha', captcha));
    expect(ready.context.captcha).toEqual(captcha);
    const [validating] = transition(loginDialogMachine, ready, {
      type: 'REQUEST_CODE',
      mobile: '13800000000',
      captchaCode: 'ab12',
    });
    expect(validating.matches({ open: { code: 'validating' } })).toBe(true);
    const request = { mobile: '13800000000', captchaId: 'captcha-0001', captchaCode: 'ab12' };
    const [requesting] = transition(
      loginDialogMachine,
      validating,
      doneEvent('validateCodeRequest', validateCodeRequest(request)),
    );
    expect(requesting.matches({ open: { code: 'requesting' } })).toBe(true);
    const [cooldown] = transition(
      loginDialogMachine,
      requesting,
      doneEvent('requestCode', { sent: true }),
    );
    // The used captcha is replaced at once.
    expect(cooldown.matches({ open: { code: 'cooldown', captcha: 'loading' } })).toBe(true);
  });
});

describe('loginDialogMachine (with provided actors)', () => {
  it('logs in through the provided actor and emits loggedIn', async () => {
    const login = vi.fn(async () => user);
    const actor = createActor(
      loginDialogMachine.provide({ actors: { ...loginValidators, login: fromPromise(login) } }),
    ).start();
    const emitted: LoginDialogEmitted[] = [];
    actor.on('loggedIn', (event) => emitted.push(event));
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT', credentials });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(login).toHaveBeenCalledTimes(1);
    expect((login.mock.calls[0] as unknown as [{ input: unknown }])[0].input).toEqual({
      mode: 'password',
      username: 'student1',
      password: 'secret-pass',
    });
    expect(emitted).toEqual([
      { type: 'loggedIn', user: actor.getSnapshot().context.user, returnTo: null },
    ]);
    actor.stop();
  });

  it('shows a clear failure, not a hang, when the validators were not provided', async () => {
    const login = vi.fn(async () => user);
    const actor = createActor(
      loginDialogMachine.provide({ actors: { login: fromPromise(login) } }),
    ).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT', credentials });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().matches({ open: { form: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.error?.message).toBe(
      'actor "validateCredentials" was not provided',
    );
    expect(login).not.toHaveBeenCalled();
    actor.stop();
  });

  it('never calls login with invalid input', async () => {
    const login = vi.fn(async () => user);
    const actor = createActor(
      loginDialogMachine.provide({ actors: { ...loginValidators, login: fromPromise(login) } }),
    ).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'SUBMIT', credentials: { mode: 'password', username: 'a', password: '' } });
    await flushPromises();
    expect(actor.getSnapshot().matches({ open: { form: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual([
      { field: 'password', message: '请输入密码' },
    ]);
    expect(login).not.toHaveBeenCalled();
    actor.stop();
  });

  it('lets a new code be requested only after the resend delay', async () => {
    const clock = new SimulatedClock();
    const requestCode = vi.fn(async (): Promise<unknown> => ({ sent: true }));
    let captchas = 0;
    const actor = createActor(
      loginDialogMachine.provide({
        actors: {
          ...loginValidators,
          requestCode: fromPromise(requestCode),
          loadCaptcha: fromPromise(async () => ({
            captchaId: `captcha-000${++captchas}`,
            image: '<svg/>',
          })),
        },
      }),
      { clock },
    ).start();
    actor.send({ type: 'OPEN', mode: 'mobile' });
    await waitFor(actor, (s) => s.matches({ open: { captcha: 'ready' } }));
    actor.send({ type: 'REQUEST_CODE', mobile: '13800000000', captchaCode: 'ab12' });
    await waitFor(actor, (s) => s.matches({ open: { code: 'cooldown', captcha: 'ready' } }));
    expect(requestCode).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.captcha?.captchaId).toBe('captcha-0002');
    clock.increment(CODE_RESEND_DELAY_MS - 1);
    expect(actor.getSnapshot().matches({ open: { code: 'cooldown' } })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ open: { code: 'idle' } })).toBe(true);
    actor.stop();
  });
});
