import { describe, expect, it } from 'vitest';
import { unreadCount$ } from './unread-count.ts';

/** A response whose body is the given event-stream text, then ends. */
const answer = (text: string) =>
  new Response(new Blob([text]).stream(), { headers: { 'content-type': 'text/event-stream' } });

const collect = async (open: (signal: AbortSignal) => Promise<Response>, n: number) => {
  const seen: number[] = [];
  await new Promise<void>((resolve, reject) => {
    const sub = unreadCount$(open, { reopenMs: 1, retryMs: 1 }).subscribe({
      next: (count) => {
        seen.push(count);
        if (seen.length === n) {
          sub.unsubscribe();
          resolve();
        }
      },
      error: reject,
    });
  });
  return seen;
};

describe('unreadCount$', () => {
  it('reads the unread events, skipping repeats and other events', async () => {
    const open = () =>
      Promise.resolve(
        answer(
          'event: unread\ndata: {"unread":2}\n\n: keepalive\n\nevent: other\ndata: {}\n\n' +
            'event: unread\ndata: {"unread":2}\n\nevent: unread\ndata: {"unread":3}\n\n',
        ),
      );
    expect(await collect(open, 2)).toEqual([2, 3]);
  });

  it('opens the stream again when the server ends it', async () => {
    let opened = 0;
    const open = () => {
      opened += 1;
      return Promise.resolve(answer(`event: unread\ndata: {"unread":${opened}}\n\n`));
    };
    expect(await collect(open, 3)).toEqual([1, 2, 3]);
  });

  it('gives up on a refusal', async () => {
    const refusal = Object.assign(new Error('登录已失效'), { status: 401 });
    await expect(
      new Promise((resolve, reject) =>
        unreadCount$(() => Promise.reject(refusal)).subscribe({ next: resolve, error: reject }),
      ),
    ).rejects.toBe(refusal);
  });

  it('retries a failure that may pass', async () => {
    let opened = 0;
    const open = () => {
      opened += 1;
      return opened === 1
        ? Promise.reject(new TypeError('fetch failed'))
        : Promise.resolve(answer('event: unread\ndata: {"unread":4}\n\n'));
    };
    expect(await collect(open, 1)).toEqual([4]);
    expect(opened).toBe(2);
  });
});
