import { Button, HTMLTable } from '@blueprintjs/core';
import { RefreshIcon } from '@blueprintjs/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../app/context.ts';
import { useSessionUser } from '../app/hooks.ts';
import { DEV_INBOX_LIMIT } from '../app/queries.ts';
import { useQuery } from '../app/use-query.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { formatDateTime } from '../format.ts';
import { newestFirst, type DevInboxMessage } from './dev-inbox-model.ts';

/**
 * The dev inbox (issue 2 item 6): what the default code sender delivered instead of sending
 * it. The route is platform-admin only; the server checks the same on every call.
 */
export default function DevInboxPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <section className="xa-screen" aria-labelledby="screen-dev-inbox">
      <h1 id="screen-dev-inbox" className="xa-screen-title">
        {t('devInbox.title')}
      </h1>
      <p className="xa-muted">{t('devInbox.description', { count: DEV_INBOX_LIMIT })}</p>
      {user ? <Inbox memberId={user.id} /> : null}
    </section>
  );
}

function Inbox({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const { queries } = useRuntime();
  const query = useMemo(() => queries.devInbox(memberId), [queries, memberId]);
  const state = useQuery(query);
  return (
    <>
      <div className="xa-toolbar">
        <Button
          icon={<RefreshIcon />}
          text={t('devInbox.refresh')}
          loading={state.isValidating}
          onClick={() => queries.refresh(query)}
          data-testid="dev-inbox-refresh"
        />
      </div>
      <QueryStatus state={state} failedTitle={t('devInbox.failed')}>
        {(messages) =>
          messages.length === 0 ? (
            <EmptyState title={t('devInbox.empty')} description={t('devInbox.emptyDescription')} />
          ) : (
            <MessageTable messages={newestFirst(messages)} />
          )
        }
      </QueryStatus>
    </>
  );
}

function MessageTable({ messages }: { messages: DevInboxMessage[] }) {
  const { t, i18n } = useTranslation();
  return (
    <HTMLTable striped className="xa-dev-inbox-table" data-testid="dev-inbox">
      <thead>
        <tr>
          <th>{t('devInbox.time')}</th>
          <th>{t('devInbox.channel')}</th>
          <th>{t('devInbox.target')}</th>
          <th>{t('devInbox.body')}</th>
        </tr>
      </thead>
      <tbody>
        {messages.map((message) => (
          <tr key={message.id}>
            <td className="xa-nowrap">
              <time dateTime={message.createdAt}>
                {formatDateTime(message.createdAt, i18n.language)}
              </time>
            </td>
            <td className="xa-nowrap">{t(`devInbox.channels.${message.channel}`)}</td>
            <td className="xa-nowrap">{message.target}</td>
            <td>{message.body}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
