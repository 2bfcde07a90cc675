import { Button } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { grade as gradeApi } from '../../../../contract/grade/refs.ts';
import type { GradeItem } from '../../../../contract/grade/grades.ts';
import { roster, settlements } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { stillLoading, useQuery } from '../../../app/use-query.ts';
import { fenOfYuan, formatFen, toShanghaiInput } from '../../../format.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { inYuan, wholeOrNaN } from '../contract-rules.ts';
import { StaffForm, staffForm, type FormValues, type StaffFormRequest } from '../StaffForm.tsx';
import { CreateButton } from '../CreateButton.tsx';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Class fees settled (课消) per learner and period (member/grade/settlement): record, correct,
 * delete, export. A refund later gives back at most what was paid less what was settled.
 */
export function Settlements({ grade }: { grade: GradeItem }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [page, setPage] = usePageParam('settlementPage');
  const list = useQuery(settlements(runtime, grade.id, page));
  const learners = useQuery(
    roster(runtime, 'edms', { gradeId: grade.id, state: 'enrolled' }, 0, 100),
  );
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  // Today in Asia/Shanghai, where the periods are counted (a UTC date lags after 16:00 UTC).
  const today = toShanghaiInput(new Date().toISOString()).slice(0, 10);

  const newSettlement = () =>
    staffForm({
      title: t('staffClass.newSettlement'),
      call: 'edms.member.grade.settlement.create',
      fields: [
        {
          name: 'memberId',
          label: t('staffClass.student'),
          kind: 'select',
          options: [
            { value: '', label: t('staffClass.pickStudent') },
            ...(learners.data?.content ?? []).map((e) => ({
              value: String(e.memberId),
              label: e.memberName,
            })),
          ],
        },
        { name: 'periodStart', label: t('staffClass.periodStart'), kind: 'text' },
        { name: 'periodEnd', label: t('staffClass.periodEnd'), kind: 'text' },
        { name: 'lessons', label: t('staffClass.lessons'), kind: 'number' },
        { name: 'amountFen', label: t('staffClass.amount'), kind: 'yuan' },
        { name: 'remark', label: t('staffClass.remark'), kind: 'text' },
      ],
      values: {
        memberId: '',
        periodStart: today,
        periodEnd: today,
        lessons: '1',
        amountFen: '0',
        remark: '',
      },
      // The lessons' and the amount's ranges are the contract's (settlementCreate).
      rules: {
        shape: () =>
          import('../../../../contract/grade/settlements.ts').then((m) => m.settlementCreate.shape),
        fields: {
          lessons: { message: (r) => t('staffClass.wholeInvalid', r) },
          amountFen: { message: (r) => t('staffExam.priceInvalid', inYuan(r)) },
        },
      },
      toBody: (v: FormValues) => {
        if (!v.memberId) return { field: 'memberId', message: t('staffClass.pickStudent') };
        for (const name of ['periodStart', 'periodEnd']) {
          if (!ISO_DATE.test(String(v[name]).trim())) {
            return { field: name, message: t('staffClass.dateInvalid') };
          }
        }
        // What is not an amount, or not a whole number, the contract's rules refuse (`rules`).
        const lessons = wholeOrNaN(String(v.lessons));
        const amountFen = fenOfYuan(String(v.amountFen)) ?? Number.NaN;
        return {
          body: {
            gradeId: grade.id,
            memberId: Number(v.memberId),
            periodStart: String(v.periodStart).trim(),
            periodEnd: String(v.periodEnd).trim(),
            lessons,
            amountFen,
            remark: String(v.remark),
          },
        };
      },
    });

  return (
    <section className="xa-section" aria-labelledby="class-settlements">
      <h3 id="class-settlements">
        {t('staffClass.settlements')}{' '}
        <CreateButton
          call="edms.member.grade.settlement.create"
          onClick={() => setForm(newSettlement())}
          loading={stillLoading(learners)}
          testId="settlement-create"
        />{' '}
        <Button
          size="small"
          icon="download"
          text={t('staff.export')}
          onClick={() =>
            runtime.commands.download(gradeApi['edms.member.grade.settlement.download'], {
              body: { gradeId: grade.id },
            })
          }
        />
      </h3>
      <PagedTable
        state={list}
        failedTitle={t('staffClass.settlementsFailed')}
        empty={{ title: t('staffClass.noSettlements'), description: '' }}
        headers={[
          t('staffClass.student'),
          t('staffClass.period'),
          t('staffClass.lessons'),
          t('staffClass.amount'),
          t('staffClass.remark'),
          t('orders.actions'),
        ]}
        testId="settlements"
        page={page}
        onPage={setPage}
        row={(s) => (
          <tr key={s.id}>
            <td>{s.memberName}</td>
            <td>
              {s.periodStart} — {s.periodEnd}
            </td>
            <td>{s.lessons}</td>
            <td>{t('format.price', { amount: formatFen(s.amountFen) })}</td>
            <td className="xa-muted">
              {s.remark}
              <div>{s.createdByName}</div>
            </td>
            <td>
              <Button
                size="small"
                variant="outlined"
                intent="danger"
                disabled={busy}
                text={t('staff.delete')}
                onClick={() =>
                  submitStaffWrite(staffEdit, 'edms.member.grade.settlement.delete', { id: s.id })
                }
              />
            </td>
          </tr>
        )}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}
