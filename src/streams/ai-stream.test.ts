// @vitest-environment jsdom
// jsdom: fetch-event-source's cleanup touches `document` and `window` (see ai-stream.ts).
import { lastValueFrom, Observable, toArray } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import {
  AiStreamEndedEarly,
  AiStreamProtocolError,
  followReply$,
  isRetryableStreamError,
  parseAiStreamMessage,
  replyEvents$,
  type AiDone,
  type AiStreamEvent,
} from './ai-stream.ts';

const done: AiDone = { messageId: 9, status: 'done', cost: 12, balance: 88 };
const doneData = { messageId: 9, status: 'done', tokens: 12, balance: 88 };
const d = (seq: number, text: string): AiStreamEvent => ({ kind: 'delta', delta: { seq, text } });
const end: AiStreamEvent = { kind: 'done', done };

const newScheduler = () =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

const sse = (...blocks: string[]) => blocks.join('');
const deltaBlock = (seq: number, text: string) =>
  `event: delta\nid: ${seq}\ndata: ${JSON.stringify({ seq, text })}\n\n`;
const doneBlock = `event: done\ndata: ${JSON.stringify(doneData)}\n\n`;

function response(chunks: string[], type = 'text/event-stream; charset=utf-8'): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': type } });
}

describe('parseAiStreamMessage', () => {
  it('reads deltas and done, ignores other events, refuses bad data', () => {
    expect(parseAiStreamMessage({ event: 'delta', data: '{"seq":1,"text":"你"}' })).toEqual(
      d(1, '你'),
    );
    expect(parseAiStreamMessage({ event: 'done', data: JSON.stringify(doneData) })).toEqual(end);
    expect(parseAiStreamMessage({ event: 'ping', data: '' })).toBeNull();
    expect(() => parseAiStreamMessage({ event: 'delta', data: 'oops' })).toThrow(
      AiStreamProtocolError,
    );
    expect(() => parseAiStreamMessage({ event: 'done', data: '{"status":"maybe"}' })).toThrow(
      AiStreamProtocolError,
    );
  });

  it('retries drops and server faults, not refusals or bad data', () => {
    expect(isRetryableStreamError(new AiStreamEndedEarly())).toBe(true);
    expect(isRetryableStreamError({ status: 503 })).toBe(true);
    expect(isRetryableStreamError(new Error('Network Error'))).toBe(true);
    expect(isRetryableStreamError({ status: 404 })).toBe(false);
    expect(isRetryableStreamError({ status: 401 })).toBe(false);
    expect(isRetryableStreamError({ status: 408 })).toBe(true);
    expect(isRetryableStreamError({ status: 429 })).toBe(true);
    expect(isRetryableStreamError(new AiStreamProtocolError('x'))).toBe(false);
  });
});

describe('replyEvents$ (fetch-event-source)', () => {
  it('emits the events of a body split anywhere, then completes after done', async () => {
    const text = sse(deltaBlock(1, '答案'), deltaBlock(2, '错在第 2 行'), doneBlock);
    const events = await lastValueFrom(
      replyEvents$(async () =>
        response([text.slice(0, 17), text.slice(17, 60), text.slice(60)]),
      ).pipe(toArray()),
    );
    expect(events).toEqual([{ kind: 'open' }, d(1, '答案'), d(2, '错在第 2 行'), end]);
  });

  it('errors, without retrying on its own, when the body ends before done', async () => {
    let opens = 0;
    await expect(
      lastValueFrom(
        replyEvents$(async () => {
          opens += 1;
          return response([deltaBlock(1, 'a')]);
        }),
      ),
    ).rejects.toBeInstanceOf(AiStreamEndedEarly);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(opens).toBe(1);
  });

  it('errors when the request is refused or answers something else', async () => {
    await expect(
      lastValueFrom(
        replyEvents$(async () => {
          throw Object.assign(new Error('Request failed with status code 404'), { status: 404 });
        }),
      ),
    ).rejects.toThrow('404');
    await expect(
      lastValueFrom(replyEvents$(async () => response(['{}'], 'application/json'))),
    ).rejects.toBeInstanceOf(AiStreamProtocolError);
  });

  it('cancels the body when unsubscribed', async () => {
    let cancelled = false;
    let signal: AbortSignal | undefined;
    const subscription = replyEvents$(async (s) => {
      signal = s;
      return new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(deltaBlock(1, 'a')));
          },
          cancel() {
            cancelled = true;
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      );
    }).subscribe();
    await new Promise((resolve) => setTimeout(resolve, 20));
    subscription.unsubscribe();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(signal?.aborted).toBe(true);
    expect(cancelled).toBe(true);
  });
});

describe('followReply$', () => {
  it('delivers the deltas in order and ends with done', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const afters: number[] = [];
      const result = followReply$(
        (after) => {
          afters.push(after);
          return cold('-a-b-c|', { a: d(1, '你'), b: d(2, '好'), c: end });
        },
        { scheduler },
      );
      expectObservable(result).toBe('-a-b-(c|)', {
        a: { type: 'AI.DELTA', seq: 1, text: '你' },
        b: { type: 'AI.DELTA', seq: 2, text: '好' },
        c: { type: 'AI.DONE', done },
      });
      scheduler.flush();
      expect(afters).toEqual([0]);
    });
  });

  it('resumes a dropped connection after the last seq, without duplicated text', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const afters: number[] = [];
      const connections = [
        // Drops after seq 2.
        cold('-a-b-#', { a: d(1, 'A'), b: d(2, 'B') }, new Error('Network Error')),
        // A server that replays an overlap (seq 2 again) must not duplicate it.
        cold('-b-c-e|', { b: d(2, 'B'), c: d(3, 'C'), e: end }),
      ];
      const result = followReply$(
        (after) => {
          afters.push(after);
          return connections[afters.length - 1]!;
        },
        { scheduler, initialDelayMs: 10 },
      );
      // Drop at 5 (RESUMING at once), reconnect after 10 ms at 15: seq 3 at 18, done at 20.
      expectObservable(result).toBe('-a-b-r 12ms c-(e|)', {
        a: { type: 'AI.DELTA', seq: 1, text: 'A' },
        b: { type: 'AI.DELTA', seq: 2, text: 'B' },
        r: { type: 'AI.RESUMING', after: 2, attempt: 1 },
        c: { type: 'AI.DELTA', seq: 3, text: 'C' },
        e: { type: 'AI.DONE', done },
      });
      scheduler.flush();
      expect(afters).toEqual([0, 2]);
    });
  });

  it('treats a body that ends without done as a drop', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      let opens = 0;
      const result = followReply$(
        () => (opens++ === 0 ? cold('-a|', { a: d(1, 'A') }) : cold('-e|', { e: end })),
        { scheduler, initialDelayMs: 5 },
      );
      expectObservable(result).toBe('-ar 5ms (e|)', {
        a: { type: 'AI.DELTA', seq: 1, text: 'A' },
        r: { type: 'AI.RESUMING', after: 1, attempt: 1 },
        e: { type: 'AI.DONE', done },
      });
    });
  });

  it('reconnects on a gap instead of misplacing text', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const afters: number[] = [];
      const result = followReply$(
        (after) => {
          afters.push(after);
          return afters.length === 1
            ? cold('-a-c|', { a: d(1, 'A'), c: d(3, 'C') })
            : cold('-b-c-e|', { b: d(2, 'B'), c: d(3, 'C'), e: end });
        },
        { scheduler, initialDelayMs: 1 },
      );
      expectObservable(result).toBe('-a-r-b-c-(e|)', {
        a: { type: 'AI.DELTA', seq: 1, text: 'A' },
        r: { type: 'AI.RESUMING', after: 1, attempt: 1 },
        b: { type: 'AI.DELTA', seq: 2, text: 'B' },
        c: { type: 'AI.DELTA', seq: 3, text: 'C' },
        e: { type: 'AI.DONE', done },
      });
      scheduler.flush();
      expect(afters).toEqual([0, 1]);
    });
  });

  it('lets the error through when the retry budget is spent', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const failure = new Error('Network Error');
      const result = followReply$(() => cold('-#', undefined, failure), {
        scheduler,
        maxRetries: 2,
        initialDelayMs: 10,
      });
      // Fails at 1, retries at 11 (fails 12) and 32 (fails 33): then the error, without a
      // RESUMING it would not keep.
      expectObservable(result).toBe(
        '-r 10ms s 20ms #',
        {
          r: { type: 'AI.RESUMING', after: 0, attempt: 1 },
          s: { type: 'AI.RESUMING', after: 0, attempt: 2 },
        },
        failure,
      );
    });
  });

  it('renews the retry budget with every delta a reconnection brings', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold }) => {
      const afters: number[] = [];
      // Eight drops over a long answer, each after one new delta: more than the budget of two.
      const result = followReply$(
        (after) => {
          afters.push(after);
          return after < 8
            ? cold('-o-a-#', { o: { kind: 'open' }, a: d(after + 1, `${after + 1}`) })
            : cold('-o-e|', { o: { kind: 'open' }, e: end });
        },
        { scheduler, maxRetries: 2, initialDelayMs: 1 },
      );
      const events: string[] = [];
      result.subscribe({
        next: (e) => events.push(e.type === 'AI.RESUMING' ? `R${e.attempt}` : e.type),
        error: () => events.push('ERROR'),
      });
      scheduler.flush();
      expect(afters).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
      expect(events.filter((e) => e === 'AI.DELTA')).toHaveLength(8);
      expect(events).not.toContain('R2');
      expect(events.at(-1)).toBe('AI.DONE');
      // The first connection is not news; every reconnection is.
      expect(events.filter((e) => e === 'AI.CONNECTED')).toHaveLength(8);
      expect(events.slice(0, 4)).toEqual(['AI.DELTA', 'R1', 'AI.CONNECTED', 'AI.DELTA']);
    });
  });

  it('spends the budget on reconnections that are accepted but bring nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const failure = new Error('Network Error');
      const result = followReply$(() => cold('-o#', { o: { kind: 'open' } }, failure), {
        scheduler,
        maxRetries: 2,
        initialDelayMs: 10,
      });
      expectObservable(result).toBe(
        '--r 10ms cs 20ms c#',
        {
          r: { type: 'AI.RESUMING', after: 0, attempt: 1 },
          c: { type: 'AI.CONNECTED' },
          s: { type: 'AI.RESUMING', after: 0, attempt: 2 },
        },
        failure,
      );
    });
  });

  it('does not retry a refusal', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const refusal = { status: 404, message: '会话不存在' };
      const result = followReply$(() => cold('--#', undefined, refusal), { scheduler });
      expectObservable(result).toBe('--#', undefined, refusal);
    });
  });

  it('starts after the seq the caller already has', async () => {
    const afters: number[] = [];
    const events = await lastValueFrom(
      followReply$(
        (after) => {
          afters.push(after);
          return new Observable<AiStreamEvent>((s) => {
            s.next(d(4, 'D'));
            s.next(end);
            s.complete();
          });
        },
        { after: 3 },
      ).pipe(toArray()),
    );
    expect(afters).toEqual([3]);
    expect(events.map((e) => e.type)).toEqual(['AI.DELTA', 'AI.DONE']);
  });
});
