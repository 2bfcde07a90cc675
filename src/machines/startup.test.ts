import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import type { CurrentUser, TeacherAccount } from '../contract/accounts/calls.ts';
import type { SiteSettings } from '../contract/system/calls.ts';
import { startupMachine } from './startup.ts';
import { doneEvent, errorEvent } from './test-support.ts';

const settings: SiteSettings = {
  title: '信奥训练营',
  favicon: '/web/favicon.svg',
  logo: '/web/logo.svg',
};
const user: CurrentUser = {
  id: 7,
  userId: 3,
  username: 'student1',
  nickname: '小明',
  mobile: '13800000000',
  email: 'a@example.com',
  role: 'teacher',
  organizationId: 1,
  organizationName: '示例机构',
  platformAdmin: false,
  mustChangePassword: false,
};
const teacher = (id: number): TeacherAccount => ({
  id,
  nickname: `老师${id}`,
  role: 'teacher',
  organizationId: id,
  organizationName: `机构${id}`,
});

function afterSettings() {
  const [start] = initialTransition(startupMachine);
  return transition(startupMachine, start, doneEvent('loadSettings', settings));
}

describe('startupMachine (pure transitions)', () => {
  it('starts by loading the settings file, with an empty context', () => {
    const [snapshot] = initialTransition(startupMachine);
    expect(snapshot.value).toBe('loadingSettings');
    expect(snapshot.context).toEqual({
      settings: null,
      settingsError: null,
      user: null,
      teacherList: [],
    });
  });

  it('keeps the settings, applies them through the provided action, then loads the user', () => {
    const [snapshot, actions] = afterSettings();
    expect(snapshot.value).toEqual({ session: 'loadingUser' });
    expect(snapshot.context.settings).toEqual(settings);
    const apply = actions.find((a) => a.type === 'applySettings');
    expect(apply?.params).toEqual({ settings });
  });

  it('goes on to the user when the settings file fails, recording why', () => {
    const [start] = initialTransition(startupMachine);
    const [snapshot, actions] = transition(
      startupMachine,
      start,
      errorEvent('loadSettings', new Error('Request failed with status code 404')),
    );
    expect(snapshot.value).toEqual({ session: 'loadingUser' });
    expect(snapshot.context.settings).toBeNull();
    expect(snapshot.context.settingsError).toEqual({
      message: 'Request failed with status code 404',
      code: null,
    });
    expect(actions.some((a) => a.type === 'applySettings')).toBe(false);
  });

  it('loads the teacher list of a user with an id and keeps only the other accounts', () => {
    const [loadingUser] = afterSettings();
    const [loadingTeachers] = transition(
      startupMachine,
      loadingUser,
      doneEvent('loadCurrentUser', user),
    );
    expect(loadingTeachers.value).toEqual({ session: 'loadingTeachers' });
    // Contact details stay out of machine state (scrubbed on export; see user.ts).
    expect(loadingTeachers.context.user).toEqual({
      id: 7,
      userId: 3,
      username: 'student1',
      nickname: '小明',
      role: 'teacher',
      organizationId: 1,
      organizationName: '示例机构',
      platformAdmin: false,
      mustChangePassword: false,
    });
    const [ready] = transition(
      startupMachine,
      loadingTeachers,
      doneEvent('loadTeacherList', [teacher(7), teacher(8), teacher(9)]),
    );
    expect(ready.value).toEqual({ session: 'ready' });
    expect(ready.context.teacherList.map((t) => t.id)).toEqual([8, 9]);
  });

  it('treats a failed current-user load as an anonymous visitor (errors ignored)', () => {
    const [loadingUser] = afterSettings();
    const [ready] = transition(
      startupMachine,
      loadingUser,
      errorEvent('loadCurrentUser', { code: 40100, message: '请先登录' }),
    );
    expect(ready.value).toEqual({ session: 'ready' });
    expect(ready.context.user).toBeNull();
    expect(ready.context.teacherList).toEqual([]);
  });

  it('skips the teacher list when nobody is logged in', () => {
    const [loadingUser] = afterSettings();
    const [ready] = transition(startupMachine, loadingUser, doneEvent('loadCurrentUser', null));
    expect(ready.value).toEqual({ session: 'ready' });
    expect(ready.context.user).toBeNull();
  });

  it('ends ready with an empty teacher list when that load fails', () => {
    const [loadingUser] = afterSettings();
    const [loadingTeachers] = transition(
      startupMachine,
      loadingUser,
      doneEvent('loadCurrentUser', user),
    );
    const [ready] = transition(
      startupMachine,
      loadingTeachers,
      errorEvent('loadTeacherList', new Error('x')),
    );
    expect(ready.value).toEqual({ session: 'ready' });
    expect(ready.context.teacherList).toEqual([]);
    expect(ready.context.user?.id).toBe(7);
  });

  it('reloads the teacher list after USER.LOGGED_IN and forgets the user after USER.LOGGED_OUT', () => {
    const [loadingUser] = afterSettings();
    const [anonymous] = transition(startupMachine, loadingUser, doneEvent('loadCurrentUser', null));
    const [loggingIn] = transition(startupMachine, anonymous, { type: 'USER.LOGGED_IN', user });
    expect(loggingIn.value).toEqual({ session: 'loadingTeachers' });
    expect(loggingIn.context.user?.nickname).toBe('小明');
    expect(loggingIn.context.user).not.toHaveProperty('mobile');
    const [ready] = transition(
      startupMachine,
      loggingIn,
      doneEvent('loadTeacherList', [teacher(8)]),
    );
    const [loggedOut] = transition(startupMachine, ready, { type: 'USER.LOGGED_OUT' });
    expect(loggedOut.value).toEqual({ session: 'ready' });
    expect(loggedOut.context.user).toBeNull();
    expect(loggedOut.context.teacherList).toEqual([]);
    // The settings survive a change of user.
    expect(loggedOut.context.settings).toEqual(settings);
  });

  it('lets a login during the current-user load win over that load', () => {
    const [loadingUser] = afterSettings();
    const [loggingIn] = transition(startupMachine, loadingUser, { type: 'USER.LOGGED_IN', user });
    expect(loggingIn.value).toEqual({ session: 'loadingTeachers' });
    // The abandoned load's late answer no longer matches any transition.
    const [after] = transition(startupMachine, loggingIn, doneEvent('loadCurrentUser', null));
    expect(after.context.user?.id).toBe(7);
  });
});

/** A logged-in teacher with two other accounts, ready. */
function loggedIn() {
  const [loadingUser] = afterSettings();
  const [loadingTeachers] = transition(
    startupMachine,
    loadingUser,
    doneEvent('loadCurrentUser', user),
  );
  return transition(
    startupMachine,
    loadingTeachers,
    doneEvent('loadTeacherList', [teacher(7), teacher(8), teacher(9)]),
  )[0];
}

describe('startupMachine session commands (pure transitions)', () => {
  it('logs out through the logout actor and forgets the user once the server agreed', () => {
    const [loggingOut] = transition(startupMachine, loggedIn(), { type: 'LOGOUT' });
    expect(loggingOut.value).toEqual({ session: 'loggingOut' });
    expect(loggingOut.context.user?.id).toBe(7);
    const [loggedOut] = transition(
      startupMachine,
      loggingOut,
      doneEvent('logout', { loggedOut: true }),
    );
    expect(loggedOut.value).toEqual({ session: 'ready' });
    expect(loggedOut.context.user).toBeNull();
    expect(loggedOut.context.teacherList).toEqual([]);
    expect(loggedOut.context.settings).toEqual(settings);
  });

  it('keeps the user when the logout fails, and reads the teacher list again', () => {
    const [loggingOut] = transition(startupMachine, loggedIn(), { type: 'LOGOUT' });
    const [stillIn] = transition(
      startupMachine,
      loggingOut,
      errorEvent('logout', { message: 'Network Error', code: 0 }),
    );
    expect(stillIn.value).toEqual({ session: 'loadingTeachers' });
    expect(stillIn.context.user?.id).toBe(7);
  });

  it('takes LOGOUT while the teacher list is still loading, and ignores it for a visitor', () => {
    const [loadingUser] = afterSettings();
    const [loadingTeachers] = transition(
      startupMachine,
      loadingUser,
      doneEvent('loadCurrentUser', user),
    );
    const [loggingOut] = transition(startupMachine, loadingTeachers, { type: 'LOGOUT' });
    expect(loggingOut.value).toEqual({ session: 'loggingOut' });

    const [anonymous] = transition(startupMachine, loadingUser, doneEvent('loadCurrentUser', null));
    const [unchanged] = transition(startupMachine, anonymous, { type: 'LOGOUT' });
    expect(unchanged.value).toEqual({ session: 'ready' });
  });

  it('switches to one of the listed teacher accounts and becomes that user', () => {
    const [switching] = transition(startupMachine, loggedIn(), {
      type: 'SWITCH_ORGANIZATION',
      memberId: 8,
    });
    expect(switching.value).toEqual({ session: 'switchingOrganization' });
    const other: CurrentUser = {
      ...user,
      id: 8,
      nickname: '老师8',
      organizationId: 8,
      organizationName: '机构8',
    };
    const [loadingTeachers] = transition(
      startupMachine,
      switching,
      doneEvent('switchOrganization', other),
    );
    expect(loadingTeachers.value).toEqual({ session: 'loadingTeachers' });
    expect(loadingTeachers.context.user).toMatchObject({ id: 8, organizationName: '机构8' });
    expect(loadingTeachers.context.user).not.toHaveProperty('mobile');
    expect(loadingTeachers.context.teacherList).toEqual([]);
    const [ready] = transition(
      startupMachine,
      loadingTeachers,
      doneEvent('loadTeacherList', [teacher(7), teacher(8), teacher(9)]),
    );
    expect(ready.context.teacherList.map((t) => t.id)).toEqual([7, 9]);
  });

  it('refuses to switch to an account that is not in the teacher list', () => {
    for (const memberId of [7, 99]) {
      const [unchanged] = transition(startupMachine, loggedIn(), {
        type: 'SWITCH_ORGANIZATION',
        memberId,
      });
      expect(unchanged.value).toEqual({ session: 'ready' });
    }
  });

  it('stays the same user when the switch fails', () => {
    const [switching] = transition(startupMachine, loggedIn(), {
      type: 'SWITCH_ORGANIZATION',
      memberId: 9,
    });
    const [same] = transition(
      startupMachine,
      switching,
      errorEvent('switchOrganization', { message: '没有权限执行此操作', code: 40300 }),
    );
    expect(same.value).toEqual({ session: 'loadingTeachers' });
    expect(same.context.user?.id).toBe(7);
  });
});

describe('startupMachine (with provided actors)', () => {
  it('runs the whole sequence, applying the settings once', async () => {
    const applySettings = vi.fn();
    const loadTeacherList = vi.fn(async ({ input }: { input: { userId: number } }) => [
      teacher(input.userId),
      teacher(input.userId + 1),
    ]);
    const actor = createActor(
      startupMachine.provide({
        actors: {
          loadSettings: fromPromise(async () => settings),
          loadCurrentUser: fromPromise<CurrentUser | null>(async () => user),
          loadTeacherList: fromPromise(loadTeacherList),
        },
        actions: { applySettings: (_, params) => applySettings(params.settings) },
      }),
    ).start();
    const ready = await waitFor(actor, (s) => s.matches({ session: 'ready' }));
    expect(applySettings).toHaveBeenCalledTimes(1);
    expect(applySettings).toHaveBeenCalledWith(settings);
    expect(loadTeacherList.mock.calls[0]?.[0].input).toEqual({ userId: 7 });
    expect(ready.context.teacherList.map((t) => t.id)).toEqual([8]);
    actor.stop();
  });

  it('logs out and switches organization through the provided actors', async () => {
    const switchOrganization = vi.fn(async ({ input }: { input: { memberId: number } }) => ({
      ...user,
      id: input.memberId,
      organizationName: `机构${input.memberId}`,
    }));
    const logout = vi.fn(async (): Promise<unknown> => ({ loggedOut: true }));
    const actor = createActor(
      startupMachine.provide({
        actors: {
          loadSettings: fromPromise(async () => settings),
          loadCurrentUser: fromPromise<CurrentUser | null>(async () => user),
          loadTeacherList: fromPromise(async () => [teacher(7), teacher(8)]),
          switchOrganization: fromPromise(switchOrganization),
          logout: fromPromise(logout),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches({ session: 'ready' }));
    actor.send({ type: 'SWITCH_ORGANIZATION', memberId: 8 });
    const switched = await waitFor(
      actor,
      (s) => s.matches({ session: 'ready' }) && s.context.user?.id === 8,
    );
    expect(switchOrganization.mock.calls[0]?.[0].input).toEqual({ memberId: 8 });
    expect(switched.context.user?.organizationName).toBe('机构8');
    actor.send({ type: 'LOGOUT' });
    const loggedOut = await waitFor(
      actor,
      (s) => s.matches({ session: 'ready' }) && s.context.user === null,
    );
    expect(logout).toHaveBeenCalledTimes(1);
    expect(loggedOut.context.teacherList).toEqual([]);
    actor.stop();
  });

  it('fails loudly when an actor was not provided', async () => {
    const actor = createActor(startupMachine).start();
    const ready = await waitFor(actor, (s) => s.matches({ session: 'ready' }));
    expect(ready.context.settingsError?.message).toBe('actor "loadSettings" was not provided');
    actor.stop();
  });
});
