import { useEffect, useState } from 'react';
import { message as messageApi } from '../../contract/message/refs.ts';
import { unreadCount$ } from '../../streams/unread-count.ts';
import { useRuntime } from './context.ts';
import { MY_FEEDBACK_PREFIX } from './feedback-queries.ts';
import { MESSAGES_PREFIX } from './message-queries.ts';

/** Reads a new message may be news of: the lists of messages, and one's feedback (its reply). */
const TOLD_BY_MESSAGES = [MESSAGES_PREFIX, MY_FEEDBACK_PREFIX];

/**
 * The member's unread message count, live (message.stream): null until the first count. Each
 * new count marks the reads it may be news of stale, so an open list shows what just arrived.
 */
export function useUnreadCount(memberId: number | undefined): number | null {
  const runtime = useRuntime();
  const [unread, setUnread] = useState<number | null>(null);
  useEffect(() => {
    setUnread(null);
    if (memberId === undefined) return;
    const subscription = unreadCount$((signal) =>
      runtime.transport.stream(messageApi['message.stream'], { signal }),
    ).subscribe({
      next: (count) => {
        setUnread(count);
        runtime.queries.cache.invalidate((key) =>
          TOLD_BY_MESSAGES.some((prefix) => key.startsWith(prefix)),
        );
      },
      // Logged out meanwhile: the bell goes with the session.
      error: () => setUnread(null),
    });
    return () => subscription.unsubscribe();
  }, [runtime, memberId]);
  return unread;
}
