import { Button, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PagedTable } from '../components/PagedTable.tsx';
import { openMessage, readAllMessages } from '../components/messages/read-messages.ts';
import { useRuntime } from '../app/context.ts';
import { myMessages } from '../app/message-queries.ts';
import { usePageParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { formatDateTime } from '../format.ts';

/** /user/messages (issue 27 item 4): every message of the member, newest first. */
export default function UserMessagesPage() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const navigate = useNavigate();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = usePageParam();
  const list = useQuery(myMessages(runtime, unreadOnly, page));
  return (
    <section className="xa-section" aria-labelledby="messages">
      <h2 id="messages">
        {t('messages.title')}{' '}
        <Button
          size="small"
          variant="outlined"
          icon="tick"
          text={t('messages.readAll')}
          onClick={() => void readAllMessages(runtime)}
        />
      </h2>
      <Switch
        label={t('messages.unreadOnly')}
        checked={unreadOnly}
        onChange={(e) => {
          setUnreadOnly(e.currentTarget.checked);
          setPage(0);
        }}
      />
      <PagedTable
        state={list}
        failedTitle={t('messages.failed')}
        empty={{ title: t('messages.empty'), description: '' }}
        headers={[t('messages.message'), t('messages.at')]}
        testId="messages"
        page={page}
        onPage={setPage}
        row={(m) => (
          <tr
            key={m.id}
            data-testid={`message-${m.id}`}
            className={m.read ? 'xa-message-read' : 'xa-message-unread'}
          >
            <td>
              <Button
                variant="minimal"
                size="small"
                icon={m.read ? 'blank' : 'dot'}
                text={m.title}
                onClick={() => void openMessage(runtime, navigate, m)}
              />
              {m.body && <div className="xa-muted">{m.body}</div>}
            </td>
            <td className="xa-muted xa-nowrap">{formatDateTime(m.createdAt, i18n.language)}</td>
          </tr>
        )}
      />
    </section>
  );
}
