/**
 * /user/chatHistory (docs/product-rules.md#screens-and-routes "chat records", issue 10): the
 * member's conversations with the AI assistant, paged, most recent first; a conversation's
 * messages, paged; and a way to continue it in the assistant's panel (the same chat machine as on
 * the question screen).
 */
import { Button, Card, DrawerSize, NonIdealState, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { AiSession } from '../../contract/ai/calls.ts';
import { aiChatActorFor } from '../app/ai-actors.ts';
import { aiMessagePage, aiSessionPage } from '../app/ai-queries.ts';
import { useRuntime } from '../app/context.ts';
import { useIdParam, usePageParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { formatDateTime } from '../format.ts';
import { AiChatPanel } from '../components/ai/AiChatPanel.tsx';
import { LabelledDrawer } from '../components/LabelledDrawer.tsx';
import { AiMarkdown } from '../components/ai/AiMarkdown.tsx';
import { Pager } from '../components/Pager.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import '../components/ai/ai.css';

export default function UserChatHistoryPage() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = usePageParam();
  const sessions = useQuery(aiSessionPage(runtime, page));
  const chosen = useIdParam('session');
  const [, setParams] = useSearchParams();
  const choose = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('session', String(id));
      next.delete('messages');
      return next;
    });
  return (
    <section className="xa-screen" aria-labelledby="screen-userChatHistory">
      <h1 id="screen-userChatHistory" className="xa-screen-title">
        {t('pages.userChatHistory.title')}
      </h1>
      <QueryStatus state={sessions} failedTitle={t('ai.history.failed')}>
        {(list) =>
          list.totalElements === 0 ? (
            <NonIdealState
              icon="chat"
              title={t('ai.history.empty')}
              description={t('ai.history.emptyHint')}
            />
          ) : (
            <div className="xa-ai-history">
              <div>
                <h2>{t('ai.history.sessions')}</h2>
                <ul className="xa-ai-messages" data-testid="ai-sessions">
                  {list.content.map((session) => (
                    <li key={session.id}>
                      <Card
                        interactive
                        selected={session.id === chosen}
                        onClick={() => choose(session.id)}
                        data-testid="ai-session"
                        data-session-id={session.id}
                      >
                        <strong>{session.title || t('ai.title')}</strong>
                        <div className="xa-muted">
                          <Tag minimal>{t(`ai.history.scenes.${session.scene}`)}</Tag>{' '}
                          {t('ai.history.messageCount', { count: session.messageCount })} ·{' '}
                          {formatDateTime(session.updatedAt, i18n.language)}
                        </div>
                      </Card>
                    </li>
                  ))}
                </ul>
                <Pager
                  page={list.number}
                  totalPages={list.totalPages}
                  totalElements={list.totalElements}
                  onChange={setPage}
                  testId="ai-sessions-pager"
                />
              </div>
              <div>
                {chosen === 0 ? (
                  <p className="xa-muted">{t('ai.history.choose')}</p>
                ) : (
                  <SessionMessages
                    sessionId={chosen}
                    session={list.content.find((s) => s.id === chosen)}
                  />
                )}
              </div>
            </div>
          )
        }
      </QueryStatus>
    </section>
  );
}

function SessionMessages({ sessionId, session }: { sessionId: number; session?: AiSession }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = usePageParam('messages');
  const messages = useQuery(aiMessagePage(runtime, sessionId, page));
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="xa-ai-top">
        <h2>{session?.title || t('ai.title')}</h2>
        <Button
          icon="chat"
          intent="primary"
          onClick={() => setOpen(true)}
          data-testid="ai-continue"
        >
          {t('ai.history.continue')}
        </Button>
      </div>
      <QueryStatus state={messages} failedTitle={t('ai.history.failed')}>
        {(list) =>
          list.totalElements === 0 ? (
            <p className="xa-muted">{t('ai.history.noMessages')}</p>
          ) : (
            <>
              <ol className="xa-ai-messages" data-testid="ai-history-messages">
                {list.content.map((m) => (
                  <li
                    key={m.id}
                    className={
                      m.role === 'user' ? 'xa-ai-message xa-ai-mine' : 'xa-ai-message xa-ai-reply'
                    }
                    data-status={m.status}
                  >
                    <div className="xa-ai-message-head">
                      <strong>{m.role === 'user' ? t('ai.you') : t('ai.assistant')}</strong>
                      <span className="xa-muted">{formatDateTime(m.createdAt, i18n.language)}</span>
                      {m.status === 'stopped' && <Tag minimal>{t('ai.status.stopped')}</Tag>}
                      {m.status === 'failed' && (
                        <Tag minimal intent="danger">
                          {t('ai.status.failed')}
                        </Tag>
                      )}
                    </div>
                    {m.role === 'user' ? (
                      <p className="xa-ai-plain">{m.content}</p>
                    ) : (
                      <AiMarkdown markdown={m.content} />
                    )}
                  </li>
                ))}
              </ol>
              <Pager
                page={list.number}
                totalPages={list.totalPages}
                totalElements={list.totalElements}
                onChange={setPage}
                testId="ai-messages-pager"
              />
            </>
          )
        }
      </QueryStatus>
      <LabelledDrawer
        isOpen={open}
        onClose={() => setOpen(false)}
        size={DrawerSize.STANDARD}
        title={t('ai.title')}
      >
        <div className="xa-drawer-body">
          {open && (
            <AiChatPanel
              actor={aiChatActorFor(runtime, {
                scene: session?.scene ?? 'general',
                context: session?.context ?? {},
                sessionId,
              })}
            />
          )}
        </div>
      </LabelledDrawer>
    </>
  );
}
