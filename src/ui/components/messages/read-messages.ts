/**
 * Reading messages from the bell or the list: the read goes to the server, the lists are read
 * again, and a message about something opens it. The bell's count follows from the server's
 * stream, never from here. A refused read has been shown by the transport's notice; the
 * message simply stays unread.
 */
import type { NavigateFunction } from 'react-router-dom';
import type { MessageItem } from '../../../contract/message/calls.ts';
import { message as messageApi } from '../../../contract/message/refs.ts';
import { MESSAGES_PREFIX } from '../../app/message-queries.ts';
import type { Runtime } from '../../app/runtime.ts';

const refresh = (runtime: Runtime) =>
  runtime.queries.cache.invalidate((key) => key.startsWith(MESSAGES_PREFIX));

export async function openMessage(
  runtime: Runtime,
  navigate: NavigateFunction,
  message: MessageItem,
): Promise<void> {
  if (!message.read) {
    const read = await runtime.transport
      .call(messageApi['message.read'], { query: { id: message.id } })
      .then(
        () => true,
        () => false,
      );
    if (read) refresh(runtime);
  }
  if (message.link) navigate(message.link);
}

export async function readAllMessages(runtime: Runtime): Promise<void> {
  const read = await runtime.transport.call(messageApi['message.readAll'], {}).then(
    () => true,
    () => false,
  );
  if (read) refresh(runtime);
}
