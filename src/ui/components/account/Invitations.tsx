import { Button, Callout, Card, HTMLTable, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { OwnInvitationItem } from '../../../contract/organization/invitations.ts';
import { invitationActions } from '../../../machines/lifecycles/member-invitation.ts';
import { useRuntime } from '../../app/context.ts';
import { ownInvitations } from '../../app/invitation-queries.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatDateTime } from '../../format.ts';
import { QueryStatus } from '../QueryStatus.tsx';

/**
 * The invitations to join an organization the learner received (issue 25 item 13): staff of an
 * organization added their mobile; nothing of theirs is shown there until they accept here. The
 * buttons are what the lifecycle allows in each invitation's state.
 */
export function Invitations() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const list = useQuery(ownInvitations(runtime));
  return (
    <Card className="xa-section" data-testid="invitations">
      <h2>{t('invitations.title')}</h2>
      <p className="xa-muted">{t('invitations.hint')}</p>
      <QueryStatus state={list} failedTitle={t('invitations.failed')}>
        {(page) =>
          page.content.length === 0 ? (
            <p className="xa-muted">{t('invitations.none')}</p>
          ) : (
            <HTMLTable className="xa-table" striped>
              <thead>
                <tr>
                  <th>{t('invitations.organization')}</th>
                  <th>{t('invitations.role')}</th>
                  <th>{t('invitations.invitedBy')}</th>
                  <th>{t('invitations.at')}</th>
                  <th>{t('invitations.state')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {page.content.map((invitation) => (
                  <InvitationRow key={invitation.id} invitation={invitation} />
                ))}
              </tbody>
            </HTMLTable>
          )
        }
      </QueryStatus>
    </Card>
  );
}

function InvitationRow({ invitation }: { invitation: OwnInvitationItem }) {
  const { t, i18n } = useTranslation();
  const { invitationAnswer } = useRuntime().actors;
  const busy = useSelector(invitationAnswer, (s) => s.matches('working'));
  const error = useSelector(invitationAnswer, (s) =>
    s.matches('failed') && s.context.last?.invitationId === invitation.id ? s.context.error : null,
  );
  const actions = invitationActions(invitation.state);
  return (
    <tr data-state={invitation.state} data-testid={`invitation-${invitation.id}`}>
      <td>{invitation.organizationName}</td>
      <td>{t(`role.${invitation.role}`)}</td>
      <td>{invitation.invitedByName}</td>
      <td>{formatDateTime(invitation.createdAt, i18n.language)}</td>
      <td>
        <Tag
          minimal
          intent={
            invitation.state === 'accepted'
              ? 'success'
              : invitation.state === 'declined'
                ? 'none'
                : 'warning'
          }
        >
          {t(`invitations.states.${invitation.state}`)}
        </Tag>
      </td>
      <td>
        {actions.includes('acceptInvitation') && (
          <Button
            size="small"
            intent="primary"
            disabled={busy}
            text={t('invitations.accept')}
            onClick={() => invitationAnswer.send({ type: 'ACCEPT', invitationId: invitation.id })}
          />
        )}{' '}
        {actions.includes('declineInvitation') && (
          <Button
            size="small"
            disabled={busy}
            text={t('invitations.decline')}
            onClick={() => invitationAnswer.send({ type: 'DECLINE', invitationId: invitation.id })}
          />
        )}
        {error && (
          <Callout intent="danger" role="alert">
            {error.message}
          </Callout>
        )}
      </td>
    </tr>
  );
}
