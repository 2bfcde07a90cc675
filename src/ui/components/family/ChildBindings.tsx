import { Card, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { BindingItem } from '../../../contract/parent/schemas.ts';
import { bindingStateName } from '../../../machines/lifecycles/parent-binding.ts';
import { useRuntime } from '../../app/context.ts';
import { myBindings } from '../../app/family-queries.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatDateTime } from '../../format.ts';
import { EmptyState } from '../EmptyState.tsx';
import { QueryStatus } from '../QueryStatus.tsx';
import { BindingActions, bindingIntent } from './BindingActions.tsx';

/**
 * The parent's children (issue 25 item 11): every binding asked, bound or recently ended, with
 * the actions its lifecycle allows the parent, and the way into a bound child's learning. Until
 * a child confirms, the server masks the child's name.
 */
export function ChildBindings() {
  const { t, i18n } = useTranslation();
  const list = useQuery(myBindings(useRuntime()));
  return (
    <Card className="xa-section">
      <h2>{t('family.listTitle')}</h2>
      <QueryStatus state={list} failedTitle={t('family.failed')}>
        {(bindings) =>
          bindings.length === 0 ? (
            <EmptyState title={t('family.empty')} description={t('family.emptyDescription')} />
          ) : (
            <HTMLTable className="xa-table" striped data-testid="my-children">
              <thead>
                <tr>
                  <th>{t('family.child')}</th>
                  <th>{t('family.relationHead')}</th>
                  <th>{t('family.stateHead')}</th>
                  <th>{t('family.at')}</th>
                  <th>{t('family.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {bindings.map((b: BindingItem) => (
                  <tr key={b.id} data-testid={`binding-${b.id}`} data-state={b.state}>
                    <td>
                      {t('family.childOf', {
                        name: b.childName,
                        organization: b.childOrganizationName,
                      })}
                    </td>
                    <td>{b.relation}</td>
                    <td>
                      <Tag minimal intent={bindingIntent(b.state)} data-testid="binding-state">
                        {bindingStateName(b.state)}
                      </Tag>
                    </td>
                    <td>{formatDateTime(b.updatedAt, i18n.language)}</td>
                    <td>
                      <div className="xa-family-actions">
                        {b.state === 'confirmed' && (
                          <Link to={`/user/child?id=${b.childMemberId}`}>{t('family.view')}</Link>
                        )}
                        <BindingActions binding={b} side="parent" />
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
