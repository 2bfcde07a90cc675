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

describe('leaving for the identity provider', () => {
  it('asks for a fresh sign-in page and leaves for it', async () => {
    const leave = vi.fn();
    const authorizeUrl = vi.fn(async () => ({ url: 'https://idp.example/auth?state=x' }));
    const actor = createActor(
      ssoSignInMachine.provide({
        actors: { authorizeUrl: fromPromise(authorizeUrl) },
        actions: { leave: (_, { url }) => leave(url) },
      }),
    ).start();
    actor.send({ type: 'START' });
    await waitFor(actor, (s) => s.matches('left'));
    expect(leave).toHaveBeenCalledWith('https://idp.example/auth?state=x');
    // A tab that stayed (the navigation refused) may start again, with a new request.
    actor.send({ type: 'START' });
    await waitFor(actor, (s) => authorizeUrl.mock.calls.length === 2 && s.matches('left'));
  });

  it('stays when the platform refuses, ready to try again', async () => {
    const leave = vi.fn();
    const authorizeUrl = vi.fn(async (): Promise<{ url: string }> => {
      throw Object.assign(new Error('未配置单点登录'), { status: 409 });
    });
    const actor = createActor(
      ssoSignInMachine.provide({
        actors: { authorizeUrl: fromPromise(authorizeUrl) },
        actions: { leave: () => leave() },
      }),
    ).start();
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().value).toBe('leaving');
    await waitFor(actor, (s) => s.matches('idle'));
    expect(authorizeUrl).toHaveBeenCalledTimes(1);
    expect(leave).not.toHaveBeenCalled();
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().value).toBe('leaving');
  });
});

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
