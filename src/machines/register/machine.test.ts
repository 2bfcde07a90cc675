import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import type { CurrentUser } from '../../contract/accounts/calls.ts';
import { validateRegistration } from '../login/validation.ts';
import { registerMachine, type RegisterEmitted } from './machine.ts';
import {
  doneEvent,
  emittedBy,
  errorEvent,
  flushPromises,
  registerValidators,
} from '../test-support.ts';

const user: CurrentUser = {
  id: 21,
  userId: 12,
  username: 'new_student',
  nickname: '新同学',
  mobile: null,
  email: 'new@example.com',
  role: 'student',
  organizationId: 1,
  organizationName: '示例机构',
  platformAdmin: false,
  mustChangePassword: false,
};
const captcha = { captchaId: 'captcha-0001', image: '<svg/>' };
const values = {
  username: ' new_student ',
  nickname: '新同学',
  password: 'long-enough-1',
  captchaCode: 'ab12',
};
const registration = {
  username: 'new_student',
  nickname: '新同学',
  password: 'long-enough-1',
  captchaId: 'captcha-0001',
  captchaCode: 'ab12',
};

/** Active, with a captcha on screen. */
function ready() {
  const [inactive] = initialTransition(registerMachine);
  const [active] = transition(registerMachine, inactive, { type: 'START' });
  return transition(registerMachine, active, doneEvent('loadCaptcha', captcha))[0];
}

/** Submitted valid values and passed validation: the registration is on the wire. */
function submitting() {
  const [validating] = transition(registerMachine, ready(), { type: 'SUBMIT', values });
  return transition(
    registerMachine,
    validating,
    doneEvent(
      'validateRegistration',
      validateRegistration({ ...values, captchaId: 'captcha-0001' }),
    ),
  )[0];
}

describe('registration validation (from the contract)', () => {
  it('trims and accepts a registration', () => {
    expect(validateRegistration({ ...values, captchaId: 'captcha-0001' })).toEqual({
      ok: true,
      value: registration,
    });
  });

  it('names each failing field with the contract message', () => {
    expect(
      validateRegistration({
        username: 'ab',
        nickname: ' ',
        password: 'short',
        captchaCode: '',
        captchaId: 'captcha-0001',
      }),
    ).toEqual({
      ok: false,
      fieldErrors: [
        { field: 'username', message: '用户名至少 3 个字符' },
        { field: 'password', message: '密码至少 8 位' },
        { field: 'nickname', message: '昵称不能为空' },
        { field: 'captchaCode', message: '请输入图形验证码' },
      ],
    });
  });
});

describe('registerMachine (pure transitions)', () => {
  it('starts inactive; START opens the form and loads a captcha', () => {
    const [inactive] = initialTransition(registerMachine);
    expect(inactive.value).toBe('inactive');
    const [active] = transition(registerMachine, inactive, { type: 'START' });
    expect(active.matches({ active: { form: 'editing', captcha: 'loading' } })).toBe(true);
    expect(ready().context.captcha).toEqual(captcha);
  });

  it('keeps field errors from validation and stays editable, without the typed values', () => {
    const [validating] = transition(registerMachine, ready(), { type: 'SUBMIT', values });
    expect(validating.matches({ active: { form: 'validating' } })).toBe(true);
    const verdict = validateRegistration({ ...values, password: '', captchaId: 'captcha-0001' });
    const [editing] = transition(
      registerMachine,
      validating,
      doneEvent('validateRegistration', verdict),
    );
    expect(editing.matches({ active: { form: 'editing' } })).toBe(true);
    expect(editing.context.fieldErrors).toEqual([{ field: 'password', message: '密码至少 8 位' }]);
    expect(JSON.stringify(editing.context)).not.toContain('long-enough-1');
  });

  it('submits a validated registration, ends inactive on success and emits registered', () => {
    const onTheWire = submitting();
    expect(onTheWire.matches({ active: { form: 'submitting' } })).toBe(true);
    // The typed values never enter the context.
    expect(JSON.stringify(onTheWire.context)).not.toContain('long-enough-1');
    const [inactive, actions] = transition(registerMachine, onTheWire, doneEvent('register', user));
    expect(inactive.value).toBe('inactive');
    const emitted = emittedBy(actions) as RegisterEmitted[];
    expect(emitted).toHaveLength(1);
    expect(emitted[0]?.type).toBe('registered');
    expect(emitted[0]?.user.id).toBe(21);
    // Contact details stay out of machine events and state (scrubbed on export; see user.ts).
    expect(emitted[0]?.user).not.toHaveProperty('email');
  });

  it("shows the server's field failures under the fields and draws a new captcha", () => {
    const [editing] = transition(
      registerMachine,
      submitting(),
      errorEvent('register', {
        name: 'ApiError',
        message: '用户名已被占用',
        code: 40900,
        data: { fields: [{ field: 'body.username', message: '用户名已被占用' }] },
      }),
    );
    expect(editing.matches({ active: { form: 'editing', captcha: 'loading' } })).toBe(true);
    expect(editing.context.fieldErrors).toEqual([{ field: 'username', message: '用户名已被占用' }]);
    expect(editing.context.error).toEqual({ message: '用户名已被占用', code: 40900 });
  });

  it('does not cancel a registration on the wire, but cancels an edit', () => {
    const [stillSubmitting] = transition(registerMachine, submitting(), { type: 'CANCEL' });
    expect(stillSubmitting.matches({ active: { form: 'submitting' } })).toBe(true);
    const [inactive] = transition(registerMachine, ready(), { type: 'CANCEL' });
    expect(inactive.value).toBe('inactive');
  });

  it('records a failed captcha and loads another on REFRESH_CAPTCHA', () => {
    const [inactive] = initialTransition(registerMachine);
    const [active] = transition(registerMachine, inactive, { type: 'START' });
    const [failed] = transition(
      registerMachine,
      active,
      errorEvent('loadCaptcha', { message: 'Network Error', code: 0 }),
    );
    expect(failed.matches({ active: { captcha: 'failed' } })).toBe(true);
    expect(failed.context.captchaError).toEqual({ message: 'Network Error', code: 0 });
    const [loading] = transition(registerMachine, failed, { type: 'REFRESH_CAPTCHA' });
    expect(loading.matches({ active: { captcha: 'loading' } })).toBe(true);
  });

  it('starts afresh: START after a failed attempt clears the old errors', () => {
    const [editing] = transition(
      registerMachine,
      submitting(),
      errorEvent('register', { message: '用户名已被占用', code: 40900 }),
    );
    const [inactive] = transition(registerMachine, editing, { type: 'CANCEL' });
    const [again] = transition(registerMachine, inactive, { type: 'START' });
    expect(again.context).toEqual({
      fieldErrors: [],
      error: null,
      captcha: null,
      captchaError: null,
    });
  });
});

describe('registerMachine (with provided actors)', () => {
  it('validates with the captcha id, registers and emits registered', async () => {
    const register = vi.fn(async () => user);
    const actor = createActor(
      registerMachine.provide({
        actors: {
          ...registerValidators,
          register: fromPromise(register),
          loadCaptcha: fromPromise(async () => captcha),
        },
      }),
    ).start();
    const emitted: RegisterEmitted[] = [];
    actor.on('registered', (event) => emitted.push(event));
    actor.send({ type: 'START' });
    await waitFor(actor, (s) => s.matches({ active: { captcha: 'ready' } }));
    actor.send({ type: 'SUBMIT', values });
    await waitFor(actor, (s) => s.matches('inactive'));
    expect((register.mock.calls[0] as unknown as [{ input: unknown }])[0].input).toEqual(
      registration,
    );
    expect(emitted.map((e) => e.user.id)).toEqual([21]);
    actor.stop();
  });

  it('never calls register with invalid input', async () => {
    const register = vi.fn(async () => user);
    const actor = createActor(
      registerMachine.provide({
        actors: {
          ...registerValidators,
          register: fromPromise(register),
          loadCaptcha: fromPromise(async () => captcha),
        },
      }),
    ).start();
    actor.send({ type: 'START' });
    await waitFor(actor, (s) => s.matches({ active: { captcha: 'ready' } }));
    actor.send({ type: 'SUBMIT', values: { ...values, username: 'a' } });
    await flushPromises();
    expect(actor.getSnapshot().context.fieldErrors.map((e) => e.field)).toEqual(['username']);
    expect(register).not.toHaveBeenCalled();
    actor.stop();
  });
});
