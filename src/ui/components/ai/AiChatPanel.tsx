/**
 * The assistant's conversation (issue 10 item 3): messages as they grow, the question box, the
 * stop button while a reply is written, the AI token balance, and an honest line on who
 * answers. State is an AI chat actor (src/machines/ai-chat) kept outside React; this view only
 * reads its snapshot and sends intents.
 */
import { Button, Callout, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MAX_AI_CONTENT } from '../../../contract/ai/scenes.ts';
import { aiChatEvents } from '../../../machines/ai-chat/events.ts';
import { isSendable, type AiChatMessage } from '../../../machines/ai-chat/machine.ts';
import {
  selectBalance,
  selectCanSend,
  selectCanStartOver,
  selectDisabledReason,
  selectDraft,
  selectError,
  selectLoadFailed,
  selectLoading,
  selectLost,
  selectMessages,
  selectOutOfTokens,
  selectReconnecting,
  selectSending,
  selectStopping,
  selectStreaming,
} from '../../../machines/ai-chat/selectors.ts';
import type { AiChatActor } from '../../app/ai-actors.ts';
import { AiMarkdown } from './AiMarkdown.tsx';
import { AiTokenBalance, BUY_AI_TOKENS_PATH } from './AiTokenBalance.tsx';
import './ai.css';

export const AI_HELP_PATH = '/help/ai-assistant';

/** Who wrote a reply, as the server recorded it. */
function AssistantLine({ message }: { message: AiChatMessage }) {
  const { t } = useTranslation();
  if (message.provider === null) return null;
  return (
    <span className="xa-muted" data-testid="ai-provider" data-provider={message.provider}>
      {message.provider === 'builtin'
        ? t('ai.provider.builtin')
        : t('ai.provider.model', { model: message.model ?? '' })}
    </span>
  );
}

function MessageView({ message, live }: { message: AiChatMessage; live: boolean }) {
  const { t } = useTranslation();
  const mine = message.role === 'user';
  return (
    <li
      className={mine ? 'xa-ai-message xa-ai-mine' : 'xa-ai-message xa-ai-reply'}
      data-testid={mine ? 'ai-question' : 'ai-reply'}
      data-message-id={message.id}
      data-status={message.status}
    >
      <div className="xa-ai-message-head">
        <strong>{mine ? t('ai.you') : t('ai.assistant')}</strong>
        {!mine && <AssistantLine message={message} />}
        {message.status === 'stopped' && <Tag minimal>{t('ai.status.stopped')}</Tag>}
        {message.status === 'failed' && (
          <Tag minimal intent="danger">
            {t('ai.status.failed')}
          </Tag>
        )}
        {!mine && message.status !== 'streaming' && message.cost > 0 && (
          <span className="xa-muted">{t('ai.used', { count: message.cost })}</span>
        )}
      </div>
      {mine ? (
        <p className="xa-ai-plain">{message.content}</p>
      ) : (
        <div data-testid="ai-reply-text">
          <AiMarkdown markdown={message.content} />
          {live && message.content === '' && <Spinner size={16} aria-label={t('ai.thinking')} />}
        </div>
      )}
      {/* Why it failed, or a note on a finished one (the balance ran out mid-answer). */}
      {message.error && (
        <p
          className={message.status === 'failed' ? 'xa-ai-error' : 'xa-muted'}
          data-testid="ai-reply-note"
        >
          {message.error}
        </p>
      )}
    </li>
  );
}

export function AiChatPanel({ actor }: { actor: AiChatActor }) {
  const { t } = useTranslation();
  const chat = useMemo(() => aiChatEvents(actor), [actor]);
  const messages = useSelector(actor, selectMessages);
  const error = useSelector(actor, selectError);
  const draft = useSelector(actor, selectDraft);
  const balance = useSelector(actor, selectBalance);
  const disabledReason = useSelector(actor, selectDisabledReason);
  const outOfTokens = useSelector(actor, selectOutOfTokens);
  const loading = useSelector(actor, selectLoading);
  const loadFailed = useSelector(actor, selectLoadFailed);
  const sending = useSelector(actor, selectSending);
  const streaming = useSelector(actor, selectStreaming);
  const stopping = useSelector(actor, selectStopping);
  const reconnecting = useSelector(actor, selectReconnecting);
  const lost = useSelector(actor, selectLost);
  const canSend = useSelector(actor, selectCanSend);
  const canStartOver = useSelector(actor, selectCanStartOver);
  const [text, setText] = useState(draft);
  const end = useRef<HTMLDivElement>(null);

  // A question the server took leaves the box; a refused one stays in it (the machine's draft).
  const count = messages.length;
  useEffect(() => {
    if (count > 0) setText('');
  }, [count]);
  const lastLength = messages.at(-1)?.content.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count, lastLength]);

  const submit = () => {
    if (canSend && isSendable(text)) chat.send(text);
  };
  const tooLong = text.trim().length > MAX_AI_CONTENT;
  const lastReplyId = streaming ? messages.at(-1)?.id : undefined;

  return (
    <div className="xa-ai-panel" data-testid="ai-panel">
      <div className="xa-ai-top">
        <AiTokenBalance fromReply={balance} />
        {canStartOver && (
          <Button
            size="small"
            variant="minimal"
            icon="add"
            text={t('ai.newConversation')}
            onClick={chat.newConversation}
            data-testid="ai-new-conversation"
          />
        )}
        <Link to={AI_HELP_PATH} target="_blank" data-testid="ai-help-link">
          {t('ai.help')}
        </Link>
      </div>
      {loading && <Spinner size={24} aria-label={t('app.loading')} />}
      {loadFailed && (
        <Callout intent="danger" title={t('ai.loadFailed')}>
          {error} <Button size="small" text={t('app.retry')} onClick={chat.retry} />
        </Callout>
      )}
      {!loading && count === 0 && !disabledReason && (
        <p className="xa-muted" data-testid="ai-intro">
          {t('ai.intro')}
        </p>
      )}
      <ol className="xa-ai-messages" aria-live="polite" data-testid="ai-messages">
        {messages.map((m) => (
          <MessageView key={m.id} message={m} live={m.id === lastReplyId} />
        ))}
      </ol>
      <div ref={end} />
      {reconnecting > 0 && (
        <Callout intent="warning" data-testid="ai-reconnecting">
          {t('ai.reconnecting', { attempt: reconnecting })}
        </Callout>
      )}
      {lost && (
        <Callout intent="warning" data-testid="ai-lost">
          {t('ai.lost', { message: error ?? '' })}{' '}
          <Button size="small" intent="primary" text={t('ai.resume')} onClick={chat.resume} />
        </Callout>
      )}
      {outOfTokens && (
        <Callout intent="danger" data-testid="ai-out-of-tokens" title={t('ai.outOfTokens')}>
          {error}{' '}
          <Link to={BUY_AI_TOKENS_PATH} target="_blank">
            {t('ai.buyMore')}
          </Link>
        </Callout>
      )}
      {disabledReason !== null && (
        <Callout intent="warning" data-testid="ai-disabled" title={t('ai.disabled')}>
          {disabledReason}
        </Callout>
      )}
      {error && !lost && !outOfTokens && !loadFailed && (
        <Callout intent="danger" data-testid="ai-error">
          {error}
        </Callout>
      )}
      {disabledReason === null && !loading && !loadFailed && (
        <form
          className="xa-ai-compose"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TextArea
            fill
            rows={3}
            value={text}
            aria-label={t('ai.question')}
            placeholder={t('ai.placeholder')}
            intent={tooLong ? 'danger' : 'none'}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              // Ctrl/⌘+Enter sends; a plain Enter is a new line (code is asked about here).
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                submit();
              }
            }}
          />
          <div className="xa-ai-compose-bar">
            <span className={tooLong ? 'xa-ai-error' : 'xa-muted'}>
              {t('ai.length', { count: text.trim().length, max: MAX_AI_CONTENT })}
            </span>
            {streaming ? (
              <Button
                icon="stop"
                intent="warning"
                loading={stopping}
                disabled={stopping}
                onClick={chat.stop}
                data-testid="ai-stop"
              >
                {t('ai.stop')}
              </Button>
            ) : (
              <Button
                type="submit"
                icon="send-message"
                intent="primary"
                loading={sending}
                disabled={!canSend || !isSendable(text)}
                data-testid="ai-send"
              >
                {t('ai.send')}
              </Button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
