import { Card, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { bindingStateName } from '../../../machines/lifecycles/parent-binding.ts';
import { useRuntime } from '../../app/context.ts';
import { bindingsOfMe } from '../../app/familyQueries.ts';
import { useQuery } from '../../app/useQuery.ts';
import { formatDateTime } from '../../format.ts';
import { QueryStatus } from '../QueryStatus.tsx';
import { BindingActions, bindingIntent } from './BindingActions.tsx';

/**
 * The learner's side of parent bindings (issue 25 item 11), on their account page: who asks to
 * be their parent (confirm or refuse) and who is bound (unbind). The parent's mobile is masked
 * by the server; the relation is what the parent said.
 */
export function ParentRequests() {
  const { t, i18n } = useTranslation();
  const list = useQuery(bindingsOfMe(useRuntime()));
  return (
    <Card className="xa-section" data-testid="parent-requests">
      <h2>{t('family.requests.title')}</h2>
      <p className="xa-muted">{t('family.requests.intro')}</p>
      <QueryStatus state={list} failedTitle={t('family.requests.failed')}>
        {(bindings) =>
          bindings.length === 0 ? (
            <p className="xa-muted">{t('family.requests.empty')}</p>
          ) : (
            <HTMLTable className="xa-table" striped>
              <thead>
                <tr>
                  <th>{t('family.requests.parent')}</th>
                  <th>{t('family.requests.relation')}</th>
                  <th>{t('family.stateHead')}</th>
                  <th>{t('family.at')}</th>
                  <th>{t('family.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {bindings.map((b) => (
                  <tr key={b.id} data-testid={`parent-binding-${b.id}`} data-state={b.state}>
                    <td>
                      {b.parentName}
                      {b.parentMobile && <span className="xa-muted"> {b.parentMobile}</span>}
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
                        <BindingActions binding={b} side="child" />
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
