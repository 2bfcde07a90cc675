import { Card, HTMLTable, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BindingItem } from '../../../contract/parent/schemas.ts';
import {
  bindingStateName,
  type BindingActor,
} from '../../../machines/lifecycles/parent-binding.ts';
import { useRuntime } from '../../app/context.ts';
import { bindingsOfMe, learnersBindingRequests } from '../../app/family-queries.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatDateTime } from '../../format.ts';
import { QueryStatus } from '../QueryStatus.tsx';
import { BindingActions, bindingIntent } from './BindingActions.tsx';

/** The sides that answer a parent's request (the parent's own list is ChildBindings). */
type AnsweringSide = Extract<BindingActor, 'child' | 'teacher'>;

interface Column {
  head: string;
  cell: (binding: BindingItem) => ReactNode;
}

/**
 * The bindings one side answers (issue 25 item 11; docs/decisions/parents.md), each with the
 * actions its lifecycle allows that side:
 * - `child`, on a learner's account page: who asks to be their parent (confirm or refuse) and
 *   who is bound (unbind), with each binding's state.
 * - `teacher`, in the approval queue: requests to bind learners of the teacher's own classes,
 *   each confirmed or refused for the learner (a young child may not manage it alone); the
 *   server answers only the teacher's learners.
 * The parent's mobile is masked by the server; the relation is what the parent said.
 */
export function BindingTable({ side }: { side: AnsweringSide }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const list = useQuery(
    side === 'child' ? bindingsOfMe(runtime) : learnersBindingRequests(runtime),
  );
  const keys = side === 'child' ? 'requests' : 'approvals';
  const parent: Column = {
    head: t(`family.${keys}.parent`),
    cell: (b) => (
      <>
        {b.parentName}
        {b.parentMobile && <span className="xa-muted"> {b.parentMobile}</span>}
      </>
    ),
  };
  const relation: Column = { head: t(`family.${keys}.relation`), cell: (b) => b.relation };
  const columns: Column[] =
    side === 'child'
      ? [
          parent,
          relation,
          {
            head: t('family.stateHead'),
            cell: (b) => (
              <Tag minimal intent={bindingIntent(b.state)} data-testid="binding-state">
                {bindingStateName(b.state)}
              </Tag>
            ),
          },
          { head: t('family.at'), cell: (b) => formatDateTime(b.updatedAt, i18n.language) },
        ]
      : [
          {
            head: t('family.approvals.child'),
            cell: (b) =>
              t('family.childOf', { name: b.childName, organization: b.childOrganizationName }),
          },
          parent,
          relation,
          {
            head: t('family.approvals.at'),
            cell: (b) => formatDateTime(b.createdAt, i18n.language),
          },
        ];
  return (
    <Card
      className="xa-section"
      data-testid={side === 'child' ? 'parent-requests' : 'binding-approvals'}
    >
      <h2>{t(`family.${keys}.title`)}</h2>
      <p className="xa-muted">{t(`family.${keys}.intro`)}</p>
      <QueryStatus state={list} failedTitle={t(`family.${keys}.failed`)}>
        {(bindings) =>
          bindings.length === 0 ? (
            <p className="xa-muted">{t(`family.${keys}.empty`)}</p>
          ) : (
            <HTMLTable className="xa-table" striped>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.head}>{c.head}</th>
                  ))}
                  <th>{t('family.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {bindings.map((b) => (
                  <tr
                    key={b.id}
                    data-testid={`${side === 'child' ? 'parent' : 'learner'}-binding-${b.id}`}
                    data-state={side === 'child' ? b.state : undefined}
                  >
                    {columns.map((c) => (
                      <td key={c.head}>{c.cell(b)}</td>
                    ))}
                    <td>
                      <div className="xa-family-actions">
                        <BindingActions binding={b} side={side} />
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
