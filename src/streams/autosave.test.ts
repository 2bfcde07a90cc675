import { describe, expect, it } from 'vitest';
import { Subject, throwError, of, defer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { autosave$, type Edit } from './autosave.ts';

const newScheduler = () =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

const retryable = (e: unknown) => (e as { kind?: string }).kind === 'network';
const closed = (e: unknown) => (e as { kind?: string }).kind === 'closed';
const options = (scheduler: TestScheduler) => ({
  scheduler,
  isRetryable: retryable,
  isClosed: closed,
  initialDelayMs: 100,
  maxDelayMs: 400,
});
const edit = (slot: string, revision: number, delayMs = 0): Edit<string> => ({
  slot,
  revision,
  delayMs,
  payload: `${slot}@${revision}`,
});

describe('the autosave outbox', () => {
  it('saves a choice at once and a burst of typing once, after the pause', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      const edits = hot('a 9ms b 99ms c 99ms d', {
        a: edit('q1', 1),
        b: edit('q2', 1, 300),
        c: edit('q2', 2, 300),
        d: edit('q2', 3, 300),
      });
      const sent: string[] = [];
      const out = autosave$(
        edits,
        cold('-'),
        (p: string) => {
          sent.push(p);
          return of(`ok:${p}`);
        },
        options(scheduler),
      );
      expectObservable(out).toBe('a 509ms d', {
        a: { type: 'SAVE.ACK', slot: 'q1', revision: 1, ack: 'ok:q1@1' },
        d: { type: 'SAVE.ACK', slot: 'q2', revision: 3, ack: 'ok:q2@3' },
      });
      scheduler.flush();
      expect(sent).toEqual(['q1@1', 'q2@3']);
    });
  });

  it('sends a waiting edit at once when flushed', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const edits = hot('a', { a: edit('q1', 4, 1_000) });
      const flush = hot('50ms f');
      const out = autosave$(edits, flush, (p: string) => of(p), options(scheduler));
      expectObservable(out).toBe('50ms a', {
        a: { type: 'SAVE.ACK', slot: 'q1', revision: 4, ack: 'q1@4' },
      });
    });
  });

  it('keeps a save through network failures and sends the saves behind it afterwards, in order', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const edits = hot('a b', { a: edit('q1', 1), b: edit('q2', 1) });
      let failures = 2;
      const sent: string[] = [];
      const out = autosave$(
        edits,
        new Subject(),
        (p: string) =>
          defer(() => {
            if (p === 'q1@1' && failures > 0) {
              failures -= 1;
              return throwError(() => ({ kind: 'network', message: 'Network Error' }));
            }
            sent.push(p);
            return of(p);
          }),
        options(scheduler),
      );
      // Fails at 0 and 100 (retries after 100 and 200 ms); q1 lands at 300, then q2.
      expectObservable(out).toBe('f 99ms f 199ms (ab)', {
        f: { type: 'SAVE.FAILING', slot: 'q1', message: '保存失败' },
        a: { type: 'SAVE.ACK', slot: 'q1', revision: 1, ack: 'q1@1' },
        b: { type: 'SAVE.ACK', slot: 'q2', revision: 1, ack: 'q2@1' },
      });
      scheduler.flush();
      expect(sent).toEqual(['q1@1', 'q2@1']);
    });
  });

  it('drops a save the server refuses and goes on; stops for good once closed', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const edits = hot('a b c d', {
        a: edit('q1', 1),
        b: edit('q2', 1),
        c: edit('q3', 1),
        d: edit('q4', 1),
      });
      const out = autosave$(
        edits,
        new Subject(),
        (p: string) =>
          p === 'q1@1'
            ? throwError(() => new Error('题目不在试卷中'))
            : p === 'q3@1'
              ? throwError(() => ({ kind: 'closed' }))
              : of(p),
        options(scheduler),
      );
      expectObservable(out).toBe('a b (c|)', {
        a: { type: 'SAVE.REFUSED', slot: 'q1', revision: 1, message: '题目不在试卷中' },
        b: { type: 'SAVE.ACK', slot: 'q2', revision: 1, ack: 'q2@1' },
        c: { type: 'SAVE.CLOSED', message: '保存失败' },
      });
    });
  });
});
