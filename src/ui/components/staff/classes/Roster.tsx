import { Button, Checkbox, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { grade as gradeApi } from '../../../../contract/grade/refs.ts';
import type { GradeItem } from '../../../../contract/grade/grades.ts';
import { orderStateName } from '../../../../machines/lifecycles/orders.ts';
import { roster, teachers, type StaffArea } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { useQuery } from '../../../app/use-query.ts';
import { formatFen } from '../../../format.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { splitList } from '../enrollment/BatchEnrollPanel.tsx';
import { ReasonDialog, type ReasonRequest } from '../ReasonDialog.tsx';
import { ClassEnrollActions } from './enroll-actions.tsx';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';

/**
 * A class's roster (issue 8 item 6): filter by group, state or name; put the chosen learners in
 * groups; bind each to a teacher; decide quit applications; open a learner's progress page;
 * export the roster as xlsx.
 */
export function Roster({ area, grade }: { area: StaffArea; grade: GradeItem }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [group, setGroup] = useState('');
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = usePageParam('rosterPage');
  const filter = {
    gradeId: grade.id,
    ...(group ? { group } : {}),
    ...(search ? { keyword: search } : {}),
  };
  const rows = useQuery(roster(runtime, area, filter, page));
  const staff = useQuery(teachers(runtime, 0, 100));
  const [chosen, setChosen] = useState<number[]>([]);
  const [groupsText, setGroupsText] = useState('');
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const groupError = useSelector(staffEdit, (s) =>
    s.matches('failed') && s.context.last?.call === `${area}.grade.enroll.setGroups`
      ? s.context.error?.message
      : null,
  );
  const toggle = (id: number, on: boolean) =>
    setChosen(on ? [...chosen, id] : chosen.filter((c) => c !== id));
  const bind = (id: number, teacherId: string) =>
    teacherId
      ? submitStaffWrite(staffEdit, `${area}.grade.enroll.bindTeacher`, {
          id,
          teacherMemberId: Number(teacherId),
        })
      : submitStaffWrite(staffEdit, `${area}.grade.enroll.unbindTeacher`, { id });
  const teacherOptions = [
    { value: '', label: t('staffClass.noTeacher') },
    ...(area === 'edms'
      ? (staff.data?.content ?? []).map((p) => ({ value: String(p.id), label: p.nickname }))
      : grade.teachers.map((p) => ({ value: String(p.id), label: p.nickname }))),
  ];

  return (
    <section className="xa-section" aria-labelledby="class-roster">
      <h3 id="class-roster">
        {t('staffClass.roster')}{' '}
        <Button
          size="small"
          icon="download"
          text={t('staff.export')}
          onClick={() =>
            runtime.commands.download(gradeApi[`${area}.grade.enroll.downloadEnrollList`], {
              body: { gradeId: grade.id },
            })
          }
          data-testid="roster-export"
        />
      </h3>
      <div className="xa-exam-actions">
        <HTMLSelect
          aria-label={t('staffClass.group')}
          value={group}
          onChange={(e) => setGroup(e.currentTarget.value)}
          options={[
            { value: '', label: t('staffClass.allGroups') },
            ...grade.groups.map((g) => ({ value: g, label: g })),
          ]}
        />
        <InputGroup
          leftIcon="search"
          aria-label={t('staffClass.keyword')}
          placeholder={t('staffClass.keyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              setSearch(keyword.trim());
              setPage(0);
            }
          }}
        />
      </div>
      <div className="xa-exam-actions">
        <InputGroup
          aria-label={t('staffClass.setGroupsTo')}
          placeholder={t('staffClass.groupsHint')}
          value={groupsText}
          onChange={(e) => setGroupsText(e.target.value)}
          data-testid="roster-groups"
        />
        <Button
          disabled={busy || chosen.length === 0}
          text={t('staffClass.setGroups', { count: chosen.length })}
          onClick={() =>
            submitStaffWrite(staffEdit, `${area}.grade.enroll.setGroups`, {
              ids: chosen,
              groups: splitList(groupsText),
            })
          }
          data-testid="roster-set-groups"
        />
        {groupError && (
          <span className="xa-field-error" role="alert">
            {groupError}
          </span>
        )}
      </div>
      <PagedTable
        state={rows}
        failedTitle={t('staffClass.rosterFailed')}
        empty={{ title: t('staffClass.rosterEmpty'), description: t('staffClass.rosterEmptyHint') }}
        headers={[
          '',
          t('staffClass.student'),
          t('orders.state'),
          t('staffClass.groups'),
          t('staffClass.teacher'),
          t('staffClass.paidSettled'),
          t('orders.actions'),
        ]}
        testId="roster"
        page={page}
        onPage={setPage}
        row={(e) => (
          <tr key={e.id}>
            <td>
              <Checkbox
                aria-label={e.memberName}
                checked={chosen.includes(e.id)}
                onChange={(ev) => toggle(e.id, ev.currentTarget.checked)}
              />
            </td>
            <td>
              {e.memberName}
              <div className="xa-muted">{e.mobile ?? ''}</div>
            </td>
            <td>
              <Tag minimal>{orderStateName(e)}</Tag>
            </td>
            <td>
              {e.groups.map((g) => (
                <Tag key={g} minimal className="xa-tag-gap">
                  {g}
                </Tag>
              ))}
            </td>
            <td>
              <HTMLSelect
                aria-label={t('staffClass.teacherOf', { name: e.memberName })}
                value={e.teacherMemberId ? String(e.teacherMemberId) : ''}
                disabled={busy}
                onChange={(ev) => bind(e.id, ev.currentTarget.value)}
                options={teacherOptions}
              />
            </td>
            <td>
              {t('format.price', { amount: formatFen(e.paidFen) })}
              <div className="xa-muted">
                {t('staffClass.settledFee', { amount: formatFen(e.settledFen) })}
              </div>
            </td>
            <td>
              <Link to={`/chapter/student?memberId=${e.memberId}`}>{t('staffClass.progress')}</Link>{' '}
              <ClassEnrollActions area={area} enrollment={e} ask={setReason} />
            </td>
          </tr>
        )}
      />
      <ReasonDialog request={reason} onClose={() => setReason(null)} />
    </section>
  );
}
