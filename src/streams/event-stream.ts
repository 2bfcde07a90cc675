/**
 * Reading a text/event-stream answer (the transport passes it through unchanged,
 * docs/product-rules.md#requests) as an Observable of messages. Deliberately small instead of
 * fetch-event-source: that library retries forever, needs `window`, and would bypass the
 * transport's headers and cookie jar (docs/decisions/client-and-screens.md, "Monaco, Blueprint
 * toasts and event streams"); here the caller opens the response through the transport and owns
 * retry and backoff in RxJS (retry.ts).
 */
import { Observable } from 'rxjs';

export interface EventStreamMessage {
  /** The `event:` field; 'message' when the block names none (as EventSource does). */
  event: string;
  /** The `data:` lines joined with newlines. */
  data: string;
}

/**
 * Splits decoded text into messages. Keeps the unfinished tail for the next chunk. Comment
 * lines (": keepalive") and blocks without data are skipped.
 */
export function createEventStreamParser(): (chunk: string) => EventStreamMessage[] {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    const messages: EventStreamMessage[] = [];
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) messages.push({ event, data: data.join('\n') });
    }
    return messages;
  };
}

/**
 * The messages of an event-stream response, opened on subscription by `open`. Completes when
 * the server ends the stream, errors when opening or reading fails; unsubscribing cancels the
 * body.
 */
export function eventStream$(
  open: (signal: AbortSignal) => Promise<Response>,
): Observable<EventStreamMessage> {
  return new Observable<EventStreamMessage>((subscriber) => {
    const abort = new AbortController();
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    const read = async () => {
      const response = await open(abort.signal);
      if (!response.body) throw new Error('event stream without a body');
      reader = response.body.getReader();
      const decoder = new TextDecoder();
      const parse = createEventStreamParser();
      for (;;) {
        const { done, value } = await reader.read();
        if (subscriber.closed) return;
        if (done) break;
        for (const message of parse(decoder.decode(value, { stream: true }))) {
          subscriber.next(message);
        }
      }
      subscriber.complete();
    };
    read().catch((error: unknown) => {
      if (!subscriber.closed) subscriber.error(error);
    });
    return () => {
      abort.abort();
      reader?.cancel().catch(() => undefined);
    };
  });
}
