import type { DevInboxMessages } from '../app/queries.ts';

export type DevInboxMessage = DevInboxMessages[number];

/**
 * Latest first: by sending time, then by id for messages of the same instant. The server
 * already answers in this order; sorting here keeps the page's promise independent of it.
 */
export function newestFirst(messages: readonly DevInboxMessage[]): DevInboxMessage[] {
  return [...messages].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id,
  );
}
