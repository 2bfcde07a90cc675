import { Button, Menu, MenuDivider, MenuItem, PopoverNext, Tag } from '@blueprintjs/core';
import { DotIcon, ListIcon, NotificationsIcon, TickIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useRuntime } from '../../app/context.ts';
import { BELL_SIZE, myMessages } from '../../app/message-queries.ts';
import { IDLE_QUERY, useQuery } from '../../app/use-query.ts';
import { useUnreadCount } from '../../app/use-unread.ts';
import { formatDateTime } from '../../format.ts';
import { openMessage, readAllMessages } from './read-messages.ts';
import './messages.css';

/**
 * The header's bell (issue 27 item 4): the unread count, live from the server; its menu shows
 * the latest messages (a click opens what the message is about and marks it read), 全部已读,
 * and the way to the full list.
 */
export function MessageBell({ memberId }: { memberId: number }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const navigate = useNavigate();
  const unread = useUnreadCount(memberId);
  const latest = useQuery(unread === null ? IDLE_QUERY : myMessages(runtime, false, 0, BELL_SIZE));
  const label = unread ? t('messages.bellUnread', { count: unread }) : t('messages.bell');
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu className="xa-message-menu" data-testid="message-menu">
          {(latest.data?.content ?? []).map((m) => (
            <MenuItem
              key={m.id}
              icon={m.read ? undefined : <DotIcon />}
              text={m.title}
              label={formatDateTime(m.createdAt, i18n.language)}
              onClick={() => void openMessage(runtime, navigate, m)}
            />
          ))}
          {latest.data && latest.data.content.length === 0 && (
            <MenuItem disabled text={t('messages.none')} />
          )}
          <MenuDivider />
          <MenuItem
            icon={<TickIcon />}
            text={t('messages.readAll')}
            disabled={!unread}
            onClick={() => void readAllMessages(runtime)}
            data-testid="message-read-all"
          />
          <MenuItem
            icon={<ListIcon />}
            text={t('messages.all')}
            onClick={() => navigate('/user/messages')}
          />
        </Menu>
      }
    >
      <Button
        variant="minimal"
        icon={<NotificationsIcon />}
        aria-label={label}
        title={label}
        data-testid="message-bell"
      >
        {unread ? (
          <Tag round intent="danger" className="xa-bell-count" data-testid="message-unread">
            {unread > 99 ? '99+' : unread}
          </Tag>
        ) : null}
      </Button>
    </PopoverNext>
  );
}
