/**
 * Issue 2 item 10: record a real session of the root actors (start-up, login, the toast queue
 * past five, the rolling notice dismissed, …) through the event log, export it as JSON, and
 * replay it through the machines' pure transitions: the same states, with no network and no
 * timers.
 */
import { describe, expect, it } from 'vitest';
import {
  SimulatedClock,
  createActor,
  fromPromise,
  waitFor,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type InspectionEvent,
} from 'xstate';
import type { CurrentUser, TeacherAccount } from '../contract/accounts/calls.ts';
import type { GradedAnswer } from '../contract/member-question/answers.ts';
import type { MemberMembership } from '../contract/membership/member-memberships.ts';
import type { SiteSettings } from '../contract/system/calls.ts';
import { CODE_RESEND_DELAY_MS } from '../machines/constants.ts';
import { editorConfigMachine } from '../machines/editor-config.ts';
import { loginDialogMachine } from '../machines/login/machine.ts';
import type { Captcha } from '../machines/login/machine.ts';
import type { CodeRequest, LoginCredentials, Registration } from '../machines/login/validation.ts';
import { membershipMachine } from '../machines/membership.ts';
import { objectivePracticeMachine } from '../machines/objective-practice/machine.ts';
import type { HistoryPage } from '../machines/practice/machine.ts';
import { registerMachine } from '../machines/register/machine.ts';
import { rollingNoticeMachine } from '../machines/rolling-notice.ts';
import { startupMachine } from '../machines/startup.ts';
import { loginValidators, registerValidators } from '../machines/test-support.ts';
import { toastQueueMachine } from '../machines/toast-queue.ts';
import { ApiError as TransportError } from '../transport/errors.ts';
import { createEventLog } from './event-log.ts';
import { EventLogVersionError, parseEventLog } from './event-log-file.ts';
import { machineOf, replayLog, replaySteps, verifyReplay, type ReplayMachines } from './replay.ts';

const settings: SiteSettings = {
  title: '信奥训练营',
  favicon: '/web/favicon.svg',
  logo: '/web/logo.svg',
};
const user: CurrentUser = {
  id: 7,
  userId: 3,
  username: 'teacher1',
  nickname: '王老师',
  mobile: '13800000000',
  email: 'wang@example.com',
  role: 'teacher',
  organizationId: 1,
  organizationName: '示例机构',
  platformAdmin: false,
  mustChangePassword: false,
};
const teachers: TeacherAccount[] = [
  { id: 7, nickname: '王老师', role: 'teacher', organizationId: 1, organizationName: '示例机构' },
  { id: 9, nickname: '王老师', role: 'orgAdmin', organizationId: 2, organizationName: '另一机构' },
];
const cards: MemberMembership[] = [
  {
    id: 1,
    startDate: '2025-01-01T00:00:00Z',
    expireDate: '2026-01-01T00:00:00Z',
    membership: {
      id: 11,
      name: '年卡',
      type: '0',
      tags: ['student'],
      status: '1',
      publication: 'published',
      description: '',
      sort: 0,
      priceFen: 19_900,
      durationDays: 365,
      rights: [],
    },
    endedAt: null,
    orderId: null,
  },
];

class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const NOW = Date.parse('2025-06-10T04:00:00Z');
const PASSWORD = 'correct-horse-9';
const SMS_CODE = '246810';
const CAPTCHA_ANSWER = 'k7p2';

/** Stands in for the back end: answers the provided actors, with a fake login rule. */
function provideAll() {
  let loggedIn = false;
  let captchaCount = 0;
  return {
    startup: startupMachine.provide({
      actors: {
        loadSettings: fromPromise(async () => settings),
        loadCurrentUser: fromPromise<CurrentUser | null>(async () => {
          if (!loggedIn) throw new ApiError('请先登录', 40100, 401);
          return user;
        }),
        loadTeacherList: fromPromise(async () => teachers),
      },
    }),
    loginDialog: loginDialogMachine.provide({
      actors: {
        // Validation needs zod, so the machine leaves it to its host, as the browser does.
        ...loginValidators,
        login: fromPromise<CurrentUser, LoginCredentials>(async ({ input }) => {
          const accepted =
            input.mode === 'password' ? input.password === PASSWORD : input.code === SMS_CODE;
          if (!accepted) throw new ApiError('用户名或密码错误', 40001, 400);
          loggedIn = true;
          return user;
        }),
        requestCode: fromPromise<unknown, CodeRequest>(async () => ({
          sent: true,
          expiresAt: '2025-06-10T04:05:00Z',
        })),
        loadCaptcha: fromPromise<Captcha>(async () => ({
          captchaId: `captcha-${String(++captchaCount).padStart(4, '0')}`,
          image: `<svg data-n="${captchaCount}"/>`,
        })),
      },
    }),
    toastQueue: toastQueueMachine,
    rollingNotice: rollingNoticeMachine,
    editorConfig: editorConfigMachine,
    membership: membershipMachine.provide({
      actors: { loadMemberMemberships: fromPromise(async () => cards) },
    }),
  };
}

/** The pure machines replay uses: no implementations provided at all. */
const replayMachines: ReplayMachines = {
  startup: { machine: startupMachine },
  loginDialog: { machine: loginDialogMachine },
  toastQueue: { machine: toastQueueMachine },
  rollingNotice: { machine: rollingNoticeMachine },
  editorConfig: { machine: editorConfigMachine },
  membership: { machine: membershipMachine },
};

async function recordSession() {
  let tick = NOW;
  const log = createEventLog({ now: () => (tick += 7) });
  const clock = new SimulatedClock();
  const machines = provideAll();
  // Every snapshot each root actor takes, one per event it processes, in order.
  const trace: Record<string, { value: unknown; context: unknown }[]> = {};
  const options = <I>(name: string, input?: I) => {
    const states: { value: unknown; context: unknown }[] = (trace[name] = []);
    return log.attachToActor(name, {
      clock,
      input,
      inspect: (e: InspectionEvent) => {
        if (e.type !== '@xstate.snapshot' || e.actorRef.sessionId !== e.rootId) return;
        const snapshot = e.snapshot as AnyMachineSnapshot;
        states.push(
          JSON.parse(JSON.stringify({ value: snapshot.value, context: snapshot.context })),
        );
      },
    });
  };
  const actors = {
    startup: createActor(machines.startup, options('startup')),
    loginDialog: createActor(machines.loginDialog, options('loginDialog')),
    toastQueue: createActor(machines.toastQueue, options('toastQueue')),
    rollingNotice: createActor(
      machines.rollingNotice,
      options('rollingNotice', { dismissedAt: null, now: NOW }),
    ),
    editorConfig: createActor(
      machines.editorConfig,
      options('editorConfig', { theme: 'light' as const, fontSize: 18 }),
    ),
    membership: createActor(machines.membership, options('membership')),
  };
  // The UI's wiring: a login reaches the start-up actor and the membership actor.
  actors.loginDialog.on('loggedIn', (event) => {
    actors.startup.send({ type: 'USER.LOGGED_IN', user: event.user });
    actors.membership.send({ type: 'LOAD', now: NOW });
  });
  for (const actor of Object.values(actors) as AnyActorRef[]) actor.start();

  // Start-up: settings, then the current user (fails: anonymous).
  await waitFor(actors.startup, (s) => s.matches({ session: 'ready' }));
  log.recordResponse({
    callId: 'queryCurrent',
    method: 'GET',
    path: '/xinao/api/queryCurrent',
    status: 401,
    ok: false,
    code: 40100,
    durationMs: 4,
  });

  // Login: an invalid form, a wrong password, then the mobile-code route.
  const { loginDialog, toastQueue } = actors;
  loginDialog.send({ type: 'OPEN', reason: 'login.reason.submit', returnTo: '/question/detail' });
  loginDialog.send({
    type: 'SUBMIT',
    credentials: { mode: 'password', username: 'teacher1', password: '' },
  });
  await waitFor(loginDialog, (s) => s.context.fieldErrors.length > 0);
  loginDialog.send({
    type: 'SUBMIT',
    credentials: { mode: 'password', username: 'teacher1', password: 'wrong-pass' },
  });
  await waitFor(loginDialog, (s) => s.context.error !== null);
  toastQueue.send({
    type: 'SHOW',
    toast: { id: 'err-1', message: '用户名或密码错误', title: '提示', intent: 'danger' },
  });

  loginDialog.send({ type: 'SET_MODE', mode: 'mobile' });
  await waitFor(loginDialog, (s) => s.matches({ open: { captcha: 'ready' } }));
  loginDialog.send({ type: 'REQUEST_CODE', mobile: '13800000000', captchaCode: CAPTCHA_ANSWER });
  await waitFor(loginDialog, (s) => s.matches({ open: { code: 'cooldown', captcha: 'ready' } }));
  clock.increment(CODE_RESEND_DELAY_MS); // the xstate.after timer fires and is logged
  loginDialog.send({
    type: 'SUBMIT',
    credentials: { mode: 'mobile', mobile: '13800000000', code: SMS_CODE },
  });
  await waitFor(loginDialog, (s) => s.matches('closed'));
  await waitFor(
    actors.startup,
    (s) => s.matches({ session: 'ready' }) && s.context.teacherList.length > 0,
  );
  await waitFor(actors.membership, (s) => s.matches('ready'));

  // Toasts past five, one expiring by timer, one closed, a quota toast.
  for (let i = 2; i <= 8; i += 1) {
    toastQueue.send({
      type: 'SHOW',
      toast: { id: `t-${i}`, message: `通知 ${i}`, timeoutMs: i === 2 ? 1_000 : 10_000 },
    });
  }
  toastQueue.send({ type: 'SHOW', toast: { id: 't-3', message: '重复' } });
  clock.increment(1_000);
  toastQueue.send({ type: 'HIDE', id: 't-4' });
  toastQueue.send({ type: 'UPDATE', id: 't-8', patch: { message: '已更新' } });
  toastQueue.send({ type: 'SHOW_QUOTA_USED_UP', message: '今日提交次数已用完', title: '提示' });

  // The notice dismissed, the editor adjusted.
  actors.rollingNotice.send({ type: 'DISMISS', now: NOW + 60_000 });
  actors.editorConfig.send({ type: 'SET_FONT_SIZE', fontSize: 20 });
  actors.editorConfig.send({ type: 'TOGGLE_FULL', panel: 'codePanel' });
  actors.editorConfig.send({ type: 'SET_FONT_SIZE', fontSize: 40 });

  // Stopping an actor takes one more snapshot, for an event that is not the log's business.
  const states = Object.fromEntries(Object.entries(trace).map(([name, list]) => [name, [...list]]));
  const live: Record<string, AnyMachineSnapshot> = {};
  for (const [name, actor] of Object.entries(actors)) {
    live[name] = actor.getSnapshot() as AnyMachineSnapshot;
    actor.stop();
  }
  return { log, live, trace: states };
}

describe('replay of an exported event log', () => {
  it('reaches the same states as the live actors, from the scrubbed JSON export', async () => {
    const { log, live } = await recordSession();

    // The live session went where the script says, so the comparison below means something.
    expect(live.startup?.context.user?.id).toBe(7);
    expect(live.startup?.context.teacherList.map((t: TeacherAccount) => t.id)).toEqual([9]);
    expect(live.loginDialog?.value).toBe('closed');
    expect(live.toastQueue?.context.visible).toHaveLength(5);
    expect(live.toastQueue?.context.queued.map((t: { id: string }) => t.id)).toEqual([
      'quota-used-up',
    ]);
    expect(live.rollingNotice?.value).toBe('hidden');
    expect(live.membership?.context.view.valid).toBe(true);

    const json = log.exportLog();
    for (const secret of [
      PASSWORD,
      'wrong-pass',
      SMS_CODE,
      CAPTCHA_ANSWER,
      '13800000000',
      'wang@example.com',
    ]) {
      expect(json).not.toContain(secret);
    }

    const exported = parseEventLog(json);
    const eventTypes = exported.entries.flatMap((e) => (e.kind === 'event' ? [e.event.type] : []));
    expect(eventTypes).toContain('xstate.done.actor.login');
    expect(eventTypes).toContain('xstate.error.actor.login');
    // err-1 ran out during the code cooldown, t-2 after its own 1 s.
    expect(eventTypes.filter((t) => t === 'TOAST.EXPIRE')).toHaveLength(2);
    expect(eventTypes.some((t) => t.startsWith('xstate.after.codeResendDelay.'))).toBe(true);

    const { snapshots, steps, skipped } = replayLog(exported, replayMachines);
    expect(skipped).toEqual([]);
    expect(steps.filter((s) => s.error !== undefined)).toEqual([]);
    expect(Object.keys(snapshots).sort()).toEqual(Object.keys(live).sort());
    for (const [name, snapshot] of Object.entries(live)) {
      expect({ name, value: snapshots[name]?.value }).toEqual({ name, value: snapshot.value });
      expect({ name, context: snapshots[name]?.context }).toEqual({
        name,
        context: snapshot.context,
      });
    }
  });

  it('passes through every intermediate state the live actors passed through', async () => {
    const { log, trace } = await recordSession();
    const steps = replaySteps(log.exportLog(), replayMachines);
    for (const [name, states] of Object.entries(trace)) {
      const replayed = steps
        .filter((s) => s.actor === name)
        .map((s) => JSON.parse(JSON.stringify({ value: s.value, context: s.context })));
      expect(states.length).toBeGreaterThan(0);
      expect({ name, states: replayed }).toEqual({ name, states });
    }
  });

  it("gives a step per logged event, ending on each actor's final state", async () => {
    const { log, live } = await recordSession();
    const json = log.exportLog();
    const steps = replaySteps(json, replayMachines);
    const eventCount = parseEventLog(json).entries.filter((e) => e.kind === 'event').length;
    expect(steps).toHaveLength(eventCount);
    expect(steps.map((s) => s.seq)).toEqual([...steps.map((s) => s.seq)].sort((a, b) => a - b));
    const lastToast = steps.filter((s) => s.actor === 'toastQueue').at(-1);
    expect(lastToast?.context).toEqual(live.toastQueue?.context);
    // The step view can show the login dialog walk through its states.
    const loginValues = steps
      .filter((s) => s.actor === 'loginDialog')
      .map((s) => JSON.stringify(s.value));
    expect(loginValues[0]).toBe('"closed"');
    expect(loginValues).toContain(
      JSON.stringify({ open: { form: 'submitting', code: 'idle', captcha: 'ready' } }),
    );
  });

  it('skips actors it has no machine for and actors whose start was dropped from a full log', () => {
    let t = 0;
    const log = createEventLog({ capacity: 2, now: () => (t += 1) });
    const notice = createActor(
      rollingNoticeMachine,
      log.attachToActor('rollingNotice', { input: { dismissedAt: null, now: NOW } }),
    ).start();
    const other = createActor(toastQueueMachine, log.attachToActor('unknownActor')).start();
    notice.send({ type: 'DISMISS', now: NOW });
    const result = replayLog(log.toExport(), { rollingNotice: { machine: rollingNoticeMachine } });
    expect(result.skipped.map((s) => [s.actor, s.reason])).toEqual([
      ['unknownActor', 'unknownActor'],
      ['rollingNotice', 'notStarted'],
    ]);
    expect(result.snapshots).toEqual({});
    notice.stop();
    other.stop();
  });

  it('applies events sent before an actor started after its init, as the mailbox did', () => {
    let t = 0;
    const log = createEventLog({ now: () => (t += 1) });
    const toasts = createActor(toastQueueMachine, log.attachToActor('toastQueue'));
    toasts.send({ type: 'SHOW', toast: { id: 'early', message: '早', persistent: true } });
    toasts.start();
    const entries = log.entries();
    expect(entries.map((e) => (e.kind === 'event' ? e.event.type : e.kind))).toEqual([
      'SHOW',
      'xstate.init',
    ]);
    const { snapshots, skipped } = replayLog(log.toExport(), {
      toastQueue: { machine: toastQueueMachine },
    });
    expect(skipped).toEqual([]);
    expect(snapshots.toastQueue?.context).toEqual(toasts.getSnapshot().context);
    expect(toasts.getSnapshot().context.visible).toHaveLength(1);
    toasts.stop();
  });

  it('lets an explicit input override the logged one', () => {
    let t = 0;
    const log = createEventLog({ now: () => (t += 1) });
    const notice = createActor(
      rollingNoticeMachine,
      log.attachToActor('rollingNotice', { input: { dismissedAt: null, now: NOW } }),
    ).start();
    notice.stop();
    const logged = replayLog(log.toExport(), { rollingNotice: { machine: rollingNoticeMachine } });
    expect(logged.snapshots.rollingNotice?.value).toBe('shown');
    const overridden = replayLog(log.toExport(), {
      rollingNotice: { machine: rollingNoticeMachine, input: { dismissedAt: NOW, now: NOW } },
    });
    expect(overridden.snapshots.rollingNotice?.value).toBe('hidden');
  });

  it('replays server field errors and session commands exactly, from the scrubbed export', async () => {
    let t = NOW;
    const log = createEventLog({ now: () => (t += 5) });
    // The transport's own error class, so the logged form is exactly what the app logs.
    const refused = (fields: { field: string; message: string }[]) =>
      new TransportError(
        `参数校验失败：${fields[0]!.field} ${fields[0]!.message}`,
        40000,
        'api',
        400,
        {
          fields,
        },
      );
    const other: CurrentUser = { ...user, id: 9, organizationId: 2, organizationName: '另一机构' };
    const loginDialog = createActor(
      loginDialogMachine.provide({
        actors: {
          ...loginValidators,
          login: fromPromise<CurrentUser, LoginCredentials>(async () => {
            throw refused([{ field: 'body.mobile', message: '该手机号未注册' }]);
          }),
          requestCode: fromPromise<unknown, CodeRequest>(async () => {
            throw refused([{ field: 'body.captchaCode', message: '图形验证码错误或已过期' }]);
          }),
          loadCaptcha: fromPromise<Captcha>(async () => ({ captchaId: 'captcha-0001', image: '' })),
        },
      }),
      log.attachToActor('loginDialog'),
    );
    const register = createActor(
      registerMachine.provide({
        actors: {
          ...registerValidators,
          register: fromPromise<CurrentUser, Registration>(async () => {
            throw refused([{ field: 'body.username', message: '用户名已被占用' }]);
          }),
          loadCaptcha: fromPromise<Captcha>(async () => ({ captchaId: 'captcha-0002', image: '' })),
        },
      }),
      log.attachToActor('register'),
    );
    const startup = createActor(
      startupMachine.provide({
        actors: {
          loadSettings: fromPromise(async () => settings),
          loadCurrentUser: fromPromise<CurrentUser | null>(async () => user),
          loadTeacherList: fromPromise(async () => teachers),
          switchOrganization: fromPromise(async () => other),
          logout: fromPromise<unknown>(async () => ({ loggedOut: true })),
        },
      }),
      log.attachToActor('startup'),
    );
    for (const actor of [loginDialog, register, startup] as AnyActorRef[]) actor.start();

    loginDialog.send({ type: 'OPEN', mode: 'mobile' });
    await waitFor(loginDialog, (s) => s.matches({ open: { captcha: 'ready' } }));
    loginDialog.send({ type: 'REQUEST_CODE', mobile: '13800000000', captchaCode: CAPTCHA_ANSWER });
    await waitFor(loginDialog, (s) => s.context.codeError !== null);
    expect(loginDialog.getSnapshot().context.fieldErrors).toEqual([
      { field: 'captchaCode', message: '图形验证码错误或已过期' },
    ]);
    loginDialog.send({
      type: 'SUBMIT',
      credentials: { mode: 'mobile', mobile: '13800000000', code: SMS_CODE },
    });
    await waitFor(loginDialog, (s) => s.context.error !== null);
    expect(loginDialog.getSnapshot().context.fieldErrors).toEqual([
      { field: 'mobile', message: '该手机号未注册' },
    ]);

    register.send({ type: 'START' });
    await waitFor(register, (s) => s.matches({ active: { captcha: 'ready' } }));
    register.send({
      type: 'SUBMIT',
      values: { username: 'taken', nickname: '小明', password: PASSWORD, captchaCode: 'k7p2' },
    });
    await waitFor(register, (s) => s.context.error !== null);
    expect(register.getSnapshot().context.fieldErrors).toEqual([
      { field: 'username', message: '用户名已被占用' },
    ]);

    await waitFor(startup, (s) => s.matches({ session: 'ready' }) && s.context.user !== null);
    startup.send({ type: 'SWITCH_ORGANIZATION', memberId: 9 });
    await waitFor(startup, (s) => s.matches({ session: 'ready' }) && s.context.user?.id === 9);
    startup.send({ type: 'LOGOUT' });
    await waitFor(startup, (s) => s.matches({ session: 'ready' }) && s.context.user === null);

    const json = log.exportLog();
    for (const secret of [PASSWORD, SMS_CODE, CAPTCHA_ANSWER, '13800000000']) {
      expect(json).not.toContain(secret);
    }
    const { snapshots, skipped, steps } = replayLog(json, {
      loginDialog: { machine: loginDialogMachine },
      register: { machine: registerMachine },
      startup: { machine: startupMachine },
    });
    expect(skipped).toEqual([]);
    expect(steps.filter((step) => step.error !== undefined)).toEqual([]);
    for (const [name, actor] of Object.entries({ loginDialog, register, startup })) {
      const live = actor.getSnapshot() as AnyMachineSnapshot;
      expect({ name, value: snapshots[name]?.value, context: snapshots[name]?.context }).toEqual({
        name,
        value: live.value,
        context: live.context,
      });
      actor.stop();
    }
  });
});

describe('verifyReplay', () => {
  const record = () => {
    let clock = 1_000;
    const log = createEventLog({ now: () => clock++ });
    const toasts = createActor(toastQueueMachine, log.attachToActor('toastQueue'));
    toasts.start();
    for (let i = 1; i <= 7; i++) {
      toasts.send({ type: 'SHOW', toast: { id: `t${i}`, message: `消息 ${i}`, persistent: true } });
    }
    toasts.send({ type: 'HIDE', id: 't2' });
    const exported = parseEventLog(log.exportLog({ toastQueue: toasts }));
    toasts.stop();
    return exported;
  };
  const machines = { toastQueue: { machine: toastQueueMachine } };

  it('confirms a replay that reaches the states recorded at export', () => {
    const exported = record();
    expect(exported.finalStates?.toastQueue?.context).toMatchObject({
      visible: expect.any(Array),
    });
    expect(verifyReplay(exported, replayLog(exported, machines))).toEqual([
      { actor: 'toastQueue', matches: true },
    ]);
  });

  it('names the actor whose replayed state differs or never started', () => {
    const exported = record();
    const tampered = structuredClone(exported);
    (tampered.finalStates!.toastQueue!.context as { queued: unknown[] }).queued = [];
    expect(verifyReplay(tampered, replayLog(tampered, machines))).toEqual([
      { actor: 'toastQueue', matches: false, difference: 'context' },
    ]);
    const withoutEvents = { ...exported, entries: [] };
    expect(verifyReplay(withoutEvents, replayLog(withoutEvents, machines))).toEqual([
      { actor: 'toastQueue', matches: false, difference: 'missing' },
    ]);
  });
});

describe('feature actors in a recorded session', () => {
  const question = {
    id: 3,
    type: 'single' as const,
    title: '1 + 1 = ?',
    content: '',
    options: [
      { label: 'A', text: '1' },
      { label: 'B', text: '2' },
    ],
  };
  const graded: GradedAnswer = {
    id: 90,
    questionId: 3,
    questionTitle: null,
    kind: 'submit',
    language: null,
    status: 'done',
    verdict: 'AC',
    score: 100,
    maxScore: 100,
    timeMs: null,
    memoryKiB: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    judgedAt: '2026-01-01T00:00:00.000Z',
    solution: { answer: '01', analysis: '' },
  };

  it('replays `objective:3` through the machine its kind names, to the recorded state', async () => {
    let clock = 1_000;
    const log = createEventLog({ now: () => clock++ });
    const actor = createActor(
      objectivePracticeMachine.provide({
        actors: {
          submitAnswer: fromPromise(async () => graded),
          reviewSubmit: fromPromise(async () => graded),
          loadHistory: fromPromise(async (): Promise<HistoryPage> => ({
            items: [graded],
            page: 0,
            totalPages: 1,
            totalElements: 1,
          })),
        },
      }),
      log.attachToActor('objective:3', { input: { question } }),
    ).start();
    actor.send({ type: 'CHOOSE', index: 1 });
    actor.send({ type: 'SUBMIT' });
    await waitFor(
      actor,
      (s) => s.matches({ answer: 'answered' }) && s.context.history.items.length > 0,
    );
    const exported = parseEventLog(log.exportLog({ 'objective:3': actor }));
    actor.stop();

    const machines: ReplayMachines = { objective: { machine: objectivePracticeMachine } };
    const result = replayLog(exported, machines);
    expect(result.skipped).toEqual([]);
    expect(verifyReplay(exported, result)).toEqual([{ actor: 'objective:3', matches: true }]);
    expect(machineOf(machines, 'objective:3')).toBe(machines.objective);
    expect(machineOf(machines, 'objective')).toBe(machines.objective);
    expect(machineOf(machines, 'practice:3')).toBeUndefined();
  });

  it('refuses a log of another format version, saying which', () => {
    const old = JSON.stringify({
      format: 'xinao-event-log',
      version: 1,
      exportedAt: 0,
      capacity: 10,
      dropped: 0,
      entries: [],
    });
    expect(() => parseEventLog(old)).toThrow(EventLogVersionError);
    expect(() => parseEventLog(old)).toThrow('此日志的格式版本为 1，当前只能回放版本 2 的日志');
  });
});
