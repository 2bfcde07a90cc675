import { Button, HTMLTable } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { members } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { useSessionUser } from '../../../app/hooks.ts';
import { useQuery } from '../../../app/use-query.ts';
import { formatDateTime } from '../../../format.ts';
import { EmptyState } from '../../EmptyState.tsx';
import { QueryStatus } from '../../QueryStatus.tsx';
import type { ReasonRequest } from '../ReasonDialog.tsx';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';

/**
 * 成员审核 in the organization's approval queue (issue 25 item 4): the learners a teacher added
 * while the organization asks for approval (its 成员审核 setting), each passed or rejected with
 * a reason by the organization admin; teachers see who waits.
 */
export function MemberQueue({ ask }: { ask: (request: ReasonRequest) => void }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const waiting = useQuery(members(runtime, { approval: 'reviewing' }, 0));
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const isAdmin = useSessionUser()?.role === 'orgAdmin';
  return (
    <section className="xa-section" aria-labelledby="member-queue">
      <h2 id="member-queue">{t('staffClass.queue.members')}</h2>
      {!isAdmin && <p className="xa-muted">{t('staffReview.membersAdminOnly')}</p>}
      <QueryStatus state={waiting} failedTitle={t('staffPeople.membersFailed')}>
        {(page) =>
          page.content.length === 0 ? (
            <EmptyState title={t('staffReview.membersEmpty')} description="" />
          ) : (
            <HTMLTable className="xa-table" striped data-testid="member-queue">
              <tbody>
                {page.content.map((m) => (
                  <tr key={m.id}>
                    <td>
                      {m.nickname}
                      <div className="xa-muted">{m.realName}</div>
                    </td>
                    <td>{m.mobile ?? m.username}</td>
                    <td className="xa-muted">{formatDateTime(m.createdAt, i18n.language)}</td>
                    <td>
                      {isAdmin && (
                        <>
                          <Button
                            size="small"
                            variant="outlined"
                            intent="success"
                            disabled={busy}
                            text={t('staffExam.action.pass')}
                            onClick={() => submitStaffWrite(staffEdit, 'member.pass', { id: m.id })}
                          />
                          <Button
                            size="small"
                            variant="outlined"
                            intent="danger"
                            disabled={busy}
                            text={t('staffExam.action.reject')}
                            onClick={() =>
                              ask({
                                title: t('staffPeople.rejectTitle', { name: m.nickname }),
                                required: true,
                                onConfirm: ({ reason }) =>
                                  submitStaffWrite(staffEdit, 'member.reject', {
                                    id: m.id,
                                    reason,
                                  }),
                              })
                            }
                          />
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )
        }
      </QueryStatus>
    </section>
  );
}
