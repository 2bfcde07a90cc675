/** What the chat panel reads from the AI chat's snapshot, named once. */
import type { SnapshotFrom } from 'xstate';
import type { aiChatMachine } from './machine.ts';

type AiChatSnapshot = SnapshotFrom<typeof aiChatMachine>;

export const selectMessages = (s: AiChatSnapshot) => s.context.messages;
export const selectError = (s: AiChatSnapshot) => s.context.error;
export const selectDraft = (s: AiChatSnapshot) => s.context.draft;
export const selectBalance = (s: AiChatSnapshot) => s.context.balance;
export const selectDisabledReason = (s: AiChatSnapshot) =>
  s.matches('disabled') ? s.context.disabledReason : null;
export const selectOutOfTokens = (s: AiChatSnapshot) => s.matches('outOfTokens');
export const selectLoading = (s: AiChatSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: AiChatSnapshot) => s.matches('loadFailed');
export const selectSending = (s: AiChatSnapshot) => s.matches('sending');
export const selectStreaming = (s: AiChatSnapshot) => s.matches('streaming');
/** The stop was asked for and the stream has not yet said `stopped`. */
export const selectStopping = (s: AiChatSnapshot) =>
  s.matches({ streaming: 'stopping' }) || s.matches({ streaming: 'stopRequested' });
/** Reconnection attempt in progress (0: connected). */
export const selectReconnecting = (s: AiChatSnapshot) =>
  s.matches('streaming') ? s.context.reconnecting : 0;
export const selectLost = (s: AiChatSnapshot) => s.matches('lost');
/** A conversation is on the panel and no turn is under way: it may be set aside. */
export const selectCanStartOver = (s: AiChatSnapshot) =>
  s.context.messages.length > 0 && (s.can({ type: 'NEW_CONVERSATION' }) as boolean);
/** A question may be sent now. */
export const selectCanSend = (s: AiChatSnapshot) =>
  s.matches('idle') ||
  s.matches('done') ||
  s.matches('stopped') ||
  s.matches('failed') ||
  s.matches('refused') ||
  s.matches('outOfTokens');
