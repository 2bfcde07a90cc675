import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CurrentUser } from '../../contract/accounts/calls.ts';
import { ssoSignInMachine, type SsoAnswer } from './machine.ts';

const user: CurrentUser = {
  id: 21,
  userId: 12,
  username: 'student',
  nickname: '小明',
  mobile: null,
  email: 'student@school.example',
  role: 'student',
  organizationId: 1,
  organizationName: '示例机构',
  platformAdmin: false,
  mustChangePassword: false,
};
const answer: SsoAnswer = { code: 'c', state: 's'.repeat(43), iss: 'https://idp.example' };

describe('signing in back from the identity provider', () => {
  it('hands the answer to ssoAuth once and says who signed in', async () => {
    const signIn = vi.fn(async (_: { input: SsoAnswer }) => user);
    const actor = createActor(
      ssoSignInMachine.provide({ actors: { signIn: fromPromise(signIn) } }),
    ).start();
    const loggedIn = vi.fn();
    actor.on('loggedIn', loggedIn);
    actor.send({ type: 'SIGN_IN', answer });
    await waitFor(actor, (s) => s.matches('idle') && loggedIn.mock.calls.length === 1);
    expect(signIn.mock.calls[0]![0].input).toEqual(answer);
    expect(loggedIn.mock.calls[0]![0].user.username).toBe('student');
  });

  it('keeps the refusal (a wrong state, an expired token) to show', async () => {
    const actor = createActor(
      ssoSignInMachine.provide({
        actors: {
          signIn: fromPromise(async (): Promise<CurrentUser> => {
            throw Object.assign(new Error('登录请求无效或已过期（state 不符），请重新登录'), {
              status: 403,
            });
          }),
        },
      }),
    ).start();
    actor.send({ type: 'SIGN_IN', answer });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.message).toContain('state 不符');
  });
});
