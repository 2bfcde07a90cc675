/**
 * The AI chat's effects (aiSession, aiSession/message: docs/decisions/ai-assistant.md): the
 * session's messages, a question (creating the session with the first one), the stop button, and
 * the reply's event stream (streams/ai-stream.ts). Refusals come back as data — `SendOutcome` — so
 * the machine decides without holding error objects, and the event log keeps them whole.
 */
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { ai } from '../../contract/ai/refs.ts';
import { ErrorCode } from '../../contract/errors.ts';
import {
  followReply$,
  isRetryableStreamError,
  replyEvents$,
  type FollowReplyOptions,
} from '../../streams/ai-stream.ts';
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

/**
 * The latest messages of a session a learner opens again (the history page pages through the
 * rest): a long session shows its end, where a reply may still be being written.
 */
const MESSAGES_PAGE_SIZE = 200;

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * message/create's refusals as the machine's outcomes, with the session the question went to
 * (null when it was never created).
 */
export function outcomeOfError(error: unknown, sessionId: number | null = null): SendOutcome {
  if (error instanceof ApiError && error.kind === 'api') {
    if (isQuotaUsedUp(error)) return { kind: 'outOfTokens', message: error.message, sessionId };
    if (error.code === ErrorCode.FORBIDDEN) {
      return { kind: 'forbidden', message: error.message, sessionId };
    }
    return { kind: 'error', message: error.message, sessionId };
  }
  return { kind: 'error', message: messageOf(error), sessionId };
}

/** A 4xx the server meant (not 408 or 429): the stream will not be let through by asking again. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && !isRetryableStreamError(error) && error.status !== undefined;

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
      error: (error: unknown) =>
        sendBack(
          isRefusal(error)
            ? { type: 'AI.REFUSED', message: error.message }
            : { type: 'AI.LOST', message: messageOf(error) },
        ),
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
            query: { page: 0, size: MESSAGES_PAGE_SIZE, sort: 'id,desc' },
            body: { sessionId: input.sessionId },
            signal,
          });
          return page.content.map(chatMessageOf).reverse();
        },
      ),
      // Not cancelled with its state: once asked, the server answers (and charges) anyway.
      sendMessage: fromPromise<SendOutcome, SendRequest>(async ({ input }) => {
        let sessionId = input.sessionId;
        try {
          sessionId ??= (
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
              ...(input.nonce === null ? {} : { clientKey: input.nonce }),
            },
          });
          return {
            kind: 'sent',
            sessionId,
            question: chatMessageOf(created.question),
            reply: chatMessageOf(created.reply),
          };
        } catch (error) {
          return outcomeOfError(error, sessionId);
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
