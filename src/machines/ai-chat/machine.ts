/**
 * A conversation with the AI assistant (issue 10 item 3): one session, its messages, and the
 * reply being written. The turn:
 *
 * idle → sending (message/create; the session is created with the first message) →
 * streaming (the reply's deltas appended as they arrive; a dropped connection resumes inside
 * this state after the last seq, AI.RESUMING) → done | stopped (the stop button, message/stop)
 * | failed. A refusal ends the turn in outOfTokens (QUOTA_USED_UP: buy more tokens,
 * docs/product-rules.md#errors) or disabled (FORBIDDEN during an exam sitting or where a class
 * turned the assistant off, with the server's reason; opening the panel again checks anew). Between
 * turns NEW_CONVERSATION empties the panel; the next question opens a new session. When the retry
 * budget of the connection is spent the turn is `lost`: the reply goes on on the server, and RESUME
 * follows it again; a stream the server refuses (4xx) is `refused`, with its reason and no resume.
 *
 * Pure: every effect is a provided actor, and every call's outcome arrives as plain data (a
 * refusal is an output, not a thrown error object), so a recorded session replays exactly.
 */
import { assign, fromCallback, fromPromise, setup, type AnyEventObject } from 'xstate';
import type { AiDone } from '../../streams/ai-stream.ts';
import type { AiContext, AiMessage } from '../../contract/ai/calls.ts';
import { AI_SCENES, MAX_AI_CONTENT, type AiScene } from '../../contract/ai/scenes.ts';
import { notProvided } from '../not-provided.ts';

export { AI_SCENES, type AiScene };

/** What the assistant is told the conversation is about. */
export type AiContextRef = AiContext;

/**
 * A message as the server keeps it (questions, and replies as they grow), with `tokens` named
 * `cost`: the event log scrubs keys containing "token" on export (streams/scrub.ts), and a
 * machine's context stays clear of them so an exported log replays to readable states.
 */
export type AiChatMessage = Omit<AiMessage, 'tokens'> & { cost: number };

export function chatMessageOf({ tokens, ...message }: AiMessage): AiChatMessage {
  return { ...message, cost: tokens };
}

export interface SendRequest {
  /** null: the session is created with this first message. */
  sessionId: number | null;
  scene: AiScene;
  context: AiContextRef;
  content: string;
  /**
   * The question's random nonce, kept while the same text is sent again (message/create's
   * clientKey; not named "key": the event log scrubs such names, streams/scrub.ts).
   */
  nonce: string | null;
}

/**
 * message/create's outcome, refusals included (plain data: the event log keeps it whole). Each
 * carries the session the question went to — created with the first question even when the
 * question itself was refused or its answer lost — so a resend goes to that session and never
 * opens another.
 */
export type SendOutcome = { sessionId: number | null } & (
  | { kind: 'sent'; sessionId: number; question: AiChatMessage; reply: AiChatMessage }
  /** No AI tokens left (QUOTA_USED_UP, docs/product-rules.md#errors "times used up"). */
  | { kind: 'outOfTokens'; message: string }
  /** FORBIDDEN: an exam sitting, or a class control; `message` is the server's reason. */
  | { kind: 'forbidden'; message: string }
  | { kind: 'error'; message: string }
);

export interface FollowRequest {
  sessionId: number;
  messageId: number;
  /** The last seq the machine has. */
  after: number;
}

export interface AiChatContext {
  scene: AiScene;
  context: AiContextRef;
  sessionId: number | null;
  messages: AiChatMessage[];
  /** The reply being followed (or last followed). */
  replyId: number | null;
  /** The last delta's seq appended to the reply. */
  lastSeq: number;
  /** Reconnection attempt in progress (0: connected). */
  reconnecting: number;
  /** Why the last send, stop or load failed, or why the reply failed. */
  error: string | null;
  /** Why the assistant may not be used here (server's or page's reason). */
  disabledReason: string | null;
  /** The AI token balance the last reply reported. */
  balance: number | null;
  /** The text sent last: kept in the box when a send is refused, so nothing typed is lost. */
  draft: string;
  /** The draft's question nonce, until the question is taken. */
  draftNonce: string | null;
}

export interface AiChatInput {
  scene: AiScene;
  context?: AiContextRef;
  /** Continue this session (from /user/chatHistory). */
  sessionId?: number | null;
  /** Known before asking (e.g. the class control is off): the panel opens disabled. */
  disabledReason?: string | null;
}

export type AiChatEvent =
  /** `nonce`: a fresh random one for the question (made by the intent: machines make none). */
  | { type: 'SEND'; content: string; nonce?: string }
  | { type: 'STOP' }
  | { type: 'RESUME' }
  | { type: 'RETRY' }
  /** The page's context changed (a newer answer): the next message carries it. */
  | { type: 'CONTEXT'; context: AiContextRef }
  | { type: 'AI.DELTA'; seq: number; text: string }
  | { type: 'AI.RESUMING'; after: number; attempt: number }
  /** A reconnection was accepted. */
  | { type: 'AI.CONNECTED' }
  | { type: 'AI.DONE'; done: AiDone }
  /** The connection could not be restored: the reply goes on on the server. */
  | { type: 'AI.LOST'; message: string }
  /** The server refused the stream (not logged in, no such reply): following again cannot help. */
  | { type: 'AI.REFUSED'; message: string }
  /** The panel was opened (again): a refusal that disabled it may no longer hold. */
  | { type: 'OPENED' }
  /** Start over: the next question opens a new session (the old one stays in the history). */
  | { type: 'NEW_CONVERSATION' };

/** What message/create takes: some text, at most MAX_AI_CONTENT characters once trimmed. */
export const isSendable = (content: unknown): content is string =>
  typeof content === 'string' && content.trim() !== '' && content.trim().length <= MAX_AI_CONTENT;

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '';

/** Replaces the reply being followed with `change` applied. */
const updateReply = (
  context: AiChatContext,
  change: (reply: AiChatMessage) => AiChatMessage,
): AiChatMessage[] => context.messages.map((m) => (m.id === context.replyId ? change(m) : m));

const isReplyDone =
  (status: AiDone['status']) =>
  ({ context, event }: { context: AiChatContext; event: AiChatEvent }) =>
    event.type === 'AI.DONE' &&
    event.done.messageId === context.replyId &&
    event.done.status === status;

const sendOutcome =
  (kind: SendOutcome['kind']) =>
  ({ event }: { event: { output: SendOutcome } }) =>
    event.output.kind === kind;

const followInput = ({ context }: { context: AiChatContext }): FollowRequest => ({
  sessionId: context.sessionId ?? 0,
  messageId: context.replyId ?? 0,
  after: context.lastSeq,
});

/** The SEND of any state that may start a turn. */
const send = {
  guard: 'canSend',
  target: '#aiChat.sending',
  actions: 'takeDraft',
} as const;

/** Between turns: the panel empties and the next question opens a new session. */
const newConversation = { target: '#aiChat.idle', actions: 'startOver' } as const;

export const aiChatMachine = setup({
  types: {
    context: {} as AiChatContext,
    events: {} as AiChatEvent,
    input: {} as AiChatInput,
  },
  actors: {
    loadMessages: fromPromise<AiChatMessage[], { sessionId: number }>(notProvided('loadMessages')),
    sendMessage: fromPromise<SendOutcome, SendRequest>(notProvided('sendMessage')),
    stopReply: fromPromise<void, { messageId: number }>(notProvided('stopReply')),
    /** Reports AI.DELTA, AI.RESUMING, then AI.DONE or AI.LOST (streams/ai-stream.ts). */
    followReply: fromCallback<AnyEventObject, FollowRequest>(() => {
      throw new Error('followReply is provided by the runtime');
    }),
  },
  actions: {
    startOver: assign({
      sessionId: null,
      messages: [],
      replyId: null,
      lastSeq: 0,
      reconnecting: 0,
      error: null,
      draft: '',
      draftNonce: null,
    }),
    takeDraft: assign(({ context, event }) => {
      if (event.type !== 'SEND') return {};
      // The same text sent again after its turn did not go through keeps its nonce: a question
      // the server did take (its answer was lost on the way) is then not asked, and charged, twice.
      const again = event.content === context.draft && context.draftNonce !== null;
      return {
        draft: event.content,
        draftNonce: again ? context.draftNonce : (event.nonce ?? null),
        error: null,
      };
    }),
    finishReply: assign(({ context, event }) => {
      if (event.type !== 'AI.DONE') return {};
      const { done } = event;
      return {
        balance: done.balance,
        reconnecting: 0,
        error: done.status === 'failed' ? (done.message ?? null) : null,
        messages: updateReply(context, (m) => ({
          ...m,
          status: done.status,
          cost: done.cost,
          error: done.message ?? null,
        })),
      };
    }),
  },
  guards: {
    canSend: ({ event }) => event.type === 'SEND' && isSendable(event.content),
  },
}).createMachine({
  id: 'aiChat',
  initial: 'checking',
  context: ({ input }) => ({
    scene: (AI_SCENES as readonly unknown[]).includes(input.scene) ? input.scene : 'general',
    context: input.context ?? {},
    sessionId: input.sessionId ?? null,
    messages: [],
    replyId: null,
    lastSeq: 0,
    reconnecting: 0,
    error: null,
    disabledReason: input.disabledReason ?? null,
    balance: null,
    draft: '',
    draftNonce: null,
  }),
  on: {
    CONTEXT: { actions: assign({ context: ({ event }) => event.context }) },
  },
  states: {
    checking: {
      always: [
        { guard: ({ context }) => context.disabledReason !== null, target: 'disabled' },
        { guard: ({ context }) => context.sessionId !== null, target: 'loading' },
        { target: 'idle' },
      ],
    },
    loading: {
      invoke: {
        id: 'loadMessages',
        src: 'loadMessages',
        input: ({ context }) => ({ sessionId: context.sessionId ?? 0 }),
        onDone: [
          {
            // The last reply is still being written (the page was left mid-answer): follow it
            // from the start, so its text is exactly the deltas'.
            guard: ({ event }) => {
              const last = event.output.at(-1);
              return last?.role === 'assistant' && last.status === 'streaming';
            },
            target: 'streaming',
            actions: assign(({ event }) => {
              const last = event.output.at(-1)!;
              return {
                messages: event.output.map((m) => (m.id === last.id ? { ...m, content: '' } : m)),
                replyId: last.id,
                lastSeq: 0,
              };
            }),
          },
          { target: 'idle', actions: assign({ messages: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => messageOf(event.error) }),
        },
      },
    },
    loadFailed: { on: { RETRY: 'loading', NEW_CONVERSATION: newConversation } },
    idle: { on: { SEND: send, NEW_CONVERSATION: newConversation } },
    sending: {
      invoke: {
        id: 'sendMessage',
        src: 'sendMessage',
        input: ({ context }) => ({
          sessionId: context.sessionId,
          scene: context.scene,
          context: context.context,
          content: context.draft,
          nonce: context.draftNonce,
        }),
        onDone: [
          {
            guard: sendOutcome('sent'),
            target: 'streaming',
            actions: assign(({ context, event }) => {
              const sent = event.output as Extract<SendOutcome, { kind: 'sent' }>;
              return {
                sessionId: sent.sessionId,
                messages: [...context.messages, sent.question, sent.reply],
                replyId: sent.reply.id,
                lastSeq: 0,
                reconnecting: 0,
                draft: '',
                draftNonce: null,
              };
            }),
          },
          // A refusal keeps the session the first question created: the resend goes there.
          {
            guard: sendOutcome('outOfTokens'),
            target: 'outOfTokens',
            actions: assign(({ context, event }) => ({
              sessionId: event.output.sessionId ?? context.sessionId,
              error: outcomeMessage(event.output),
              balance: 0,
            })),
          },
          {
            guard: sendOutcome('forbidden'),
            target: 'disabled',
            actions: assign(({ context, event }) => ({
              sessionId: event.output.sessionId ?? context.sessionId,
              disabledReason: outcomeMessage(event.output),
            })),
          },
          {
            target: 'idle',
            actions: assign(({ context, event }) => ({
              sessionId: event.output.sessionId ?? context.sessionId,
              error: outcomeMessage(event.output),
            })),
          },
        ],
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => messageOf(event.error) }),
        },
      },
    },
    streaming: {
      invoke: { id: 'followReply', src: 'followReply', input: followInput },
      initial: 'receiving',
      on: {
        'AI.DELTA': {
          // Exactly the next seq: the stream already drops repeats; this keeps a replayed or
          // stray event from ever doubling text.
          guard: ({ context, event }) => event.seq === context.lastSeq + 1,
          actions: assign(({ context, event }) => ({
            lastSeq: event.seq,
            reconnecting: 0,
            messages: updateReply(context, (m) => ({ ...m, content: m.content + event.text })),
          })),
        },
        'AI.RESUMING': { actions: assign({ reconnecting: ({ event }) => event.attempt }) },
        'AI.CONNECTED': { actions: assign({ reconnecting: 0 }) },
        'AI.DONE': [
          { guard: isReplyDone('done'), target: 'done', actions: 'finishReply' },
          { guard: isReplyDone('stopped'), target: 'stopped', actions: 'finishReply' },
          { guard: isReplyDone('failed'), target: 'failed', actions: 'finishReply' },
        ],
        'AI.LOST': {
          target: 'lost',
          actions: assign({ error: ({ event }) => event.message, reconnecting: 0 }),
        },
        'AI.REFUSED': {
          target: 'refused',
          actions: assign({ error: ({ event }) => event.message, reconnecting: 0 }),
        },
      },
      states: {
        receiving: { on: { STOP: 'stopping' } },
        stopping: {
          invoke: {
            id: 'stopReply',
            src: 'stopReply',
            input: ({ context }) => ({ messageId: context.replyId ?? 0 }),
            // The stream brings the rest and `done` with status 'stopped'.
            onDone: 'stopRequested',
            onError: {
              target: 'receiving',
              actions: assign({ error: ({ event }) => messageOf(event.error) }),
            },
          },
        },
        stopRequested: {},
      },
    },
    lost: { on: { RESUME: { target: 'streaming', actions: assign({ error: null }) } } },
    done: { on: { SEND: send, NEW_CONVERSATION: newConversation } },
    stopped: { on: { SEND: send, NEW_CONVERSATION: newConversation } },
    failed: { on: { SEND: send, NEW_CONVERSATION: newConversation } },
    /** The stream was refused with the server's reason: no resume, a new question may go. */
    refused: { on: { SEND: send, NEW_CONVERSATION: newConversation } },
    /** Buying tokens happens elsewhere (checkout); the next SEND tries again. */
    outOfTokens: { on: { SEND: send, NEW_CONVERSATION: newConversation } },
    /**
     * Refused by the server (an exam sitting, a class control) or told by the page. Opening the
     * panel again asks anew: the exam may have ended; a refusal that still holds comes back on
     * the next question.
     */
    disabled: {
      on: { OPENED: { target: 'checking', actions: assign({ disabledReason: null }) } },
    },
  },
});

function outcomeMessage(outcome: SendOutcome): string {
  return outcome.kind === 'sent' ? '' : outcome.message;
}
