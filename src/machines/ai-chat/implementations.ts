/**
 * The AI chat's effects (spec 001 aiSession, aiSession/message): the session's messages, a
 * question (creating the session with the first one), the stop button, and the reply's event
 * stream (streams/aiStream.ts). Refusals come back as data — `SendOutcome` — so the machine
 * decides without holding error objects, and the event log keeps them whole.
 */
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { ai } from '../../contract/ai/refs.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { followReply$, replyEvents$, type FollowReplyOptions } from '../../streams/aiStream.ts';
import type { Transport } from '../../transport/client.ts';
import { ApiError, isQuotaUsedUp } from '../../transport/errors.ts';
import type { FeatureImplementations } from '../implementations.ts';
import {
  chatMessageOf,
  type aiChatMachine,
  type AiChatMessage,
  type FollowRequest,
  type SendOutcome,
  type SendRequest,
} from './machine.ts';

export interface AiChatDeps {
  transport: Transport;
  /** A reply was charged: the wallet's AI token balance is stale. */
  onCharged: () => void;
  /** Reconnection timing; tests pass short delays. */
  follow?: Omit<FollowReplyOptions, 'after'>;
}

/** Enough for any conversation a learner keeps open; the history page pages on its own. */
const MESSAGES_PAGE_SIZE = 200;

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** message/create's refusals as the machine's outcomes; anything else is rethrown. */
export function outcomeOfError(error: unknown): SendOutcome {
  if (error instanceof ApiError && error.kind === 'api') {
    if (isQuotaUsedUp(error)) return { kind: 'outOfTokens', message: error.message };
    if (error.code === ErrorCode.FORBIDDEN) return { kind: 'forbidden', message: error.message };
    return { kind: 'error', message: error.message };
  }
  return { kind: 'error', message: messageOf(error) };
}

/** The reply's events, resumed after the last seq on a drop; AI.LOST when it cannot be. */
export const replyFollower = ({ transport, onCharged, follow }: AiChatDeps) =>
  fromCallback<AnyEventObject, FollowRequest>(({ input, sendBack }) => {
    const connect = (after: number) =>
      replyEvents$((signal) =>
        transport.stream(ai['oj.aiSession.message.chatStream.{sessionId}'], {
          params: { sessionId: input.sessionId },
          query: { messageId: input.messageId, after },
          signal,
          // A broken connection is retried here and shown in the panel, not toasted.
          skipErrorHandler: true,
        }),
      );
    const subscription = followReply$(connect, { ...follow, after: input.after }).subscribe({
      next: (event) => {
        if (event.type === 'AI.DONE' && event.done.status !== 'failed') onCharged();
        sendBack(event);
      },
      error: (error: unknown) => sendBack({ type: 'AI.LOST', message: messageOf(error) }),
    });
    return () => subscription.unsubscribe();
  });

export function createAiChatImplementations(
  deps: AiChatDeps,
): FeatureImplementations<typeof aiChatMachine> {
  const { transport } = deps;
  return {
    actors: {
      loadMessages: fromPromise<AiChatMessage[], { sessionId: number }>(
        async ({ input, signal }) => {
          const page = await transport.call(ai['oj.aiSession.message.queryList'], {
            query: { page: 0, size: MESSAGES_PAGE_SIZE },
            body: { sessionId: input.sessionId },
            signal,
          });
          return page.content.map(chatMessageOf);
        },
      ),
      // Not cancelled with its state: once asked, the server answers (and charges) anyway.
      sendMessage: fromPromise<SendOutcome, SendRequest>(async ({ input }) => {
        try {
          const sessionId =
            input.sessionId ??
            (
              await transport.call(ai['oj.aiSession.create'], {
                body: {
                  scene: input.scene,
                  title: input.content.trim().slice(0, 60),
                  ...(Object.keys(input.context).length > 0 ? { context: input.context } : {}),
                },
              })
            ).id;
          const answerId = input.context.answerId;
          const created = await transport.call(ai['oj.aiSession.message.create'], {
            body: {
              sessionId,
              content: input.content.trim(),
              ...(answerId === undefined ? {} : { context: { answerId } }),
            },
          });
          return {
            kind: 'sent',
            sessionId,
            question: chatMessageOf(created.question),
            reply: chatMessageOf(created.reply),
          };
        } catch (error) {
          return outcomeOfError(error);
        }
      }),
      stopReply: fromPromise<void, { messageId: number }>(async ({ input }) => {
        await transport.call(ai['oj.aiSession.message.stop'], {
          body: { messageId: input.messageId },
        });
      }),
      followReply: replyFollower(deps),
    },
  };
}
