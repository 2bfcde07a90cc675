import { lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createEventStreamParser, eventStream$ } from './event-stream.ts';

describe('createEventStreamParser', () => {
  it('parses messages split across chunks, skipping comments', () => {
    const parse = createEventStreamParser();
    expect(parse(': keepalive\n\nevent: status\nda')).toEqual([]);
    expect(parse('ta: {"a":1}\n\nevent: status\r\ndata: {"a":2}\r\n\r\n')).toEqual([
      { event: 'status', data: '{"a":1}' },
      { event: 'status', data: '{"a":2}' },
    ]);
  });

  it('joins data lines and names unnamed events "message"', () => {
    const parse = createEventStreamParser();
    expect(parse('data: one\ndata:two\n\n')).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});

describe('eventStream$', () => {
  const body = (...chunks: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });

  it('emits the messages of a response body and completes when it ends', async () => {
    const messages = await lastValueFrom(
      eventStream$(
        async () => new Response(body('event: status\ndata: 1\n', '\nevent: status\ndata: 2\n\n')),
      ).pipe(toArray()),
    );
    expect(messages.map((m) => m.data)).toEqual(['1', '2']);
  });

  it('errors when the response cannot be opened', async () => {
    await expect(
      lastValueFrom(
        eventStream$(async () => {
          throw new Error('Request failed with status code 404');
        }),
      ),
    ).rejects.toThrow('404');
  });

  it('aborts the request when unsubscribed', async () => {
    let signal: AbortSignal | undefined;
    const subscription = eventStream$(async (s) => {
      signal = s;
      return new Response(new ReadableStream());
    }).subscribe();
    await new Promise((resolve) => setTimeout(resolve, 0));
    subscription.unsubscribe();
    expect(signal?.aborted).toBe(true);
  });
});
