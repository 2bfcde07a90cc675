import { Card, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/context.ts';
import { learnersBindingRequests } from '../../app/familyQueries.ts';
import { useQuery } from '../../app/useQuery.ts';
import { formatDateTime } from '../../format.ts';
import { QueryStatus } from '../QueryStatus.tsx';
import { BindingActions } from './BindingActions.tsx';

/**
 * A teacher's part in parent bindings (issue 25 item 11), in the approval queue: requests to
 * bind learners of the teacher's own classes, each confirmed or refused for the learner (a
 * young child may not manage it alone). The server answers only the teacher's learners.
 */
export function BindingApprovals() {
  const { t, i18n } = useTranslation();
  const list = useQuery(learnersBindingRequests(useRuntime()));
  return (
    <Card className="xa-section" data-testid="binding-approvals">
      <h2>{t('family.approvals.title')}</h2>
      <p className="xa-muted">{t('family.approvals.intro')}</p>
      <QueryStatus state={list} failedTitle={t('family.approvals.failed')}>
        {(bindings) =>
          bindings.length === 0 ? (
            <p className="xa-muted">{t('family.approvals.empty')}</p>
          ) : (
            <HTMLTable className="xa-table" striped>
              <thead>
                <tr>
                  <th>{t('family.approvals.child')}</th>
                  <th>{t('family.approvals.parent')}</th>
                  <th>{t('family.approvals.relation')}</th>
                  <th>{t('family.approvals.at')}</th>
                  <th>{t('family.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {bindings.map((b) => (
                  <tr key={b.id} data-testid={`learner-binding-${b.id}`}>
                    <td>
                      {t('family.childOf', {
                        name: b.childName,
                        organization: b.childOrganizationName,
                      })}
                    </td>
                    <td>
                      {b.parentName}
                      {b.parentMobile && <span className="xa-muted"> {b.parentMobile}</span>}
                    </td>
                    <td>{b.relation}</td>
                    <td>{formatDateTime(b.createdAt, i18n.language)}</td>
                    <td>
                      <div className="xa-family-actions">
                        <BindingActions binding={b} side="teacher" />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )
        }
      </QueryStatus>
    </Card>
  );
}
