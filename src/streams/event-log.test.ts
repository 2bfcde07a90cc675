import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise, setup, waitFor } from 'xstate';
import { createEventLog, type EventEntry } from './event-log.ts';
import { parseEventLog } from './event-log-file.ts';
import { toJsonValue } from './json.ts';
import { scrub, scrubPath } from './scrub.ts';

function fakeClock(start = 1_000, step = 10) {
  let t = start - step;
  return () => (t += step);
}

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

const fetchMachine = setup({
  types: { events: {} as { type: 'GO'; password: string }, input: {} as { page: number } },
  actors: {
    load: fromPromise<{ rows: number[] }, { page: number }>(async ({ input }) => ({
      rows: [input.page],
    })),
    fail: fromPromise<never>(async () => {
      throw new ApiError('请先登录', 40100, 401);
    }),
  },
}).createMachine({
  initial: 'idle',
  states: {
    idle: { on: { GO: 'loading' } },
    loading: { invoke: { id: 'load', src: 'load', input: () => ({ page: 2 }), onDone: 'failing' } },
    failing: { invoke: { id: 'fail', src: 'fail', onError: 'done' } },
    done: { after: { 50: 'idle' } },
  },
});

const events = (entries: unknown[]) =>
  (entries as EventEntry[]).filter((e) => e.kind === 'event').map((e) => e.event);

describe('toJsonValue', () => {
  it('keeps Error messages and fields, and survives cycles', () => {
    const error = new ApiError('用户名或密码错误', 40001, 400);
    expect(toJsonValue({ error })).toEqual({
      error: { name: 'ApiError', message: '用户名或密码错误', code: 40001, status: 400 },
    });
    const cyclic: { self?: unknown; at: Date } = { at: new Date(0) };
    cyclic.self = cyclic;
    expect(toJsonValue(cyclic)).toEqual({ at: '1970-01-01T00:00:00.000Z', self: '[circular]' });
    expect(toJsonValue({ a: undefined, b: [undefined, Number.NaN] })).toEqual({ b: [null, null] });
  });
});

describe('scrub', () => {
  it('replaces personal values under secret keys at any depth', () => {
    expect(
      scrub({
        type: 'SUBMIT',
        credentials: { username: 'student1', password: 'pw', Mobile: '13800000000' },
        list: [
          { email: 'a@b.c', accessToken: 't', captchaCode: 'ab12', apiKey: 'k', signature: 's' },
        ],
      }),
    ).toEqual({
      type: 'SUBMIT',
      credentials: { username: 'student1', password: '[scrubbed]', Mobile: '[scrubbed]' },
      list: [
        {
          email: '[scrubbed]',
          accessToken: '[scrubbed]',
          captchaCode: '[scrubbed]',
          apiKey: '[scrubbed]',
          signature: '[scrubbed]',
        },
      ],
    });
  });

  it('keeps numeric envelope codes, empty values and flags; scrubs string codes', () => {
    expect(
      scrub({
        code: 40001,
        errorCode: -1,
        smsCode: 123456,
        code2: '123456',
        mobile: null,
        email: '',
        password: true,
      }),
    ).toEqual({
      code: 40001,
      errorCode: -1,
      smsCode: '[scrubbed]',
      code2: '[scrubbed]',
      mobile: null,
      email: '',
      password: true,
    });
    expect(scrub({ error: { code: 'E_BAD', message: 'x' } })).toEqual({
      error: { code: '[scrubbed]', message: 'x' },
    });
  });

  it('scrubs secret query parameters of a path', () => {
    expect(scrubPath('/xinao/api/x?mobile=13800000000&page=0')).toBe(
      '/xinao/api/x?mobile=%5Bscrubbed%5D&page=0',
    );
    expect(scrubPath('/xinao/api/x')).toBe('/xinao/api/x');
  });
});

describe('createEventLog', () => {
  it('records every event the root actor receives, including init, done, error and timers', async () => {
    const clock = new SimulatedClock();
    const log = createEventLog({ now: fakeClock() });
    const actor = createActor(
      fetchMachine,
      log.attachToActor('fetcher', { input: { page: 2 }, clock }),
    ).start();
    actor.send({ type: 'GO', password: 'pw' });
    await waitFor(actor, (s) => s.matches('done'));
    clock.increment(50);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(events(log.entries())).toEqual([
      { type: 'xstate.init', input: { page: 2 } },
      { type: 'GO', password: 'pw' },
      { type: 'xstate.done.actor.load', output: { rows: [2] }, actorId: 'load' },
      {
        type: 'xstate.error.actor.fail',
        error: { name: 'ApiError', message: '请先登录', code: 40100, status: 401 },
        actorId: 'fail',
      },
      { type: expect.stringMatching(/^xstate\.after\.50\./) as unknown as string },
    ]);
    const entries = log.entries();
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(entries.map((e) => e.at)).toEqual([1000, 1010, 1020, 1030, 1040]);
    expect(entries.every((e) => e.kind === 'event' && e.actor === 'fetcher')).toBe(true);
    actor.stop();
  });

  it('keeps calling an inspect the options already had', () => {
    const log = createEventLog({ now: fakeClock() });
    const seen: string[] = [];
    const actor = createActor(
      fetchMachine,
      log.attachToActor('fetcher', { input: { page: 1 }, inspect: (e) => seen.push(e.type) }),
    ).start();
    expect(seen).toContain('@xstate.event');
    expect(log.size).toBe(1);
    actor.stop();
  });

  it('types its options for createActor: input passes through and is checked', () => {
    const log = createEventLog({ now: fakeClock() });
    const actor = createActor(fetchMachine, log.attachToActor('fetcher', { input: { page: 3 } }));
    actor.start();
    expect(events(log.entries())).toEqual([{ type: 'xstate.init', input: { page: 3 } }]);
    actor.stop();
    // Compile-time checks (`tsc --noEmit` fails if one of these stops being an error); the
    // function is never called, since createActor would compute a context without input.
    const refused = () => [
      // @ts-expect-error the machine needs input, and none was given
      createActor(fetchMachine, log.attachToActor('fetcher')),
      // @ts-expect-error the input has the wrong shape
      createActor(fetchMachine, log.attachToActor('fetcher', { input: { page: 'x' } })),
    ];
    expect(typeof refused).toBe('function');
  });

  it('drops the oldest entries beyond capacity and counts them', () => {
    const log = createEventLog({ capacity: 3, now: fakeClock() });
    const listener = vi.fn();
    log.subscribe(listener);
    for (let i = 1; i <= 5; i += 1) log.recordEvent('a', { type: `E${i}` });
    expect(log.entries().map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(log.dropped).toBe(2);
    expect(log.size).toBe(3);
    expect(listener).toHaveBeenCalledTimes(5);
    log.clear();
    expect(log.entries()).toEqual([]);
    expect(log.dropped).toBe(0);
    log.recordEvent('a', { type: 'E6' });
    expect(log.entries()[0]?.seq).toBe(6);
  });

  it('records transport responses and exports them scrubbed, as parseable JSON', () => {
    const log = createEventLog({ now: fakeClock() });
    log.recordResponse({
      callId: 'loginByPwd',
      method: 'POST',
      path: '/xinao/api/loginByPwd',
      status: 200,
      ok: true,
      code: 0,
      durationMs: 12,
      data: { id: 7, nickname: '小明', mobile: '13800000000', email: null },
    });
    log.recordResponse({
      callId: 'verify',
      method: 'GET',
      path: '/xinao/api/verify?token=abc',
      status: null,
      ok: false,
      code: 50000,
      durationMs: 30_000,
      message: 'timeout of 30000ms exceeded',
    });
    log.recordEvent('login', {
      type: 'SUBMIT',
      credentials: { username: 'u', password: 'secret-pass' },
    } as never);
    const json = log.exportLog();
    expect(json).not.toContain('13800000000');
    expect(json).not.toContain('secret-pass');
    expect(json).not.toContain('token=abc');
    const parsed = parseEventLog(json);
    expect(parsed).toMatchObject({
      format: 'xinao-event-log',
      version: 2,
      capacity: 5000,
      dropped: 0,
    });
    expect(parsed.entries[0]).toEqual({
      seq: 1,
      at: 1000,
      kind: 'response',
      callId: 'loginByPwd',
      method: 'POST',
      path: '/xinao/api/loginByPwd',
      status: 200,
      ok: true,
      code: 0,
      durationMs: 12,
      data: { id: 7, nickname: '小明', mobile: '[scrubbed]', email: null },
    });
    expect(parsed.entries[1]).toMatchObject({
      status: null,
      code: 50000,
      message: 'timeout of 30000ms exceeded',
    });
    // The live log itself is not scrubbed; only the export is.
    expect(JSON.stringify(log.entries())).toContain('secret-pass');
  });

  it('refuses a malformed export', () => {
    expect(() => parseEventLog('{"format":"other"}')).toThrow();
    expect(() => parseEventLog('not json')).toThrow();
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => createEventLog({ capacity: 0, now: Date.now })).toThrow(RangeError);
  });
});
