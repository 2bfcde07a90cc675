import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { HomeworkItem } from '../../../../contract/homework/homeworks.ts';
import { homeworkLifecycle } from '../../../../machines/lifecycles/homework.ts';
import type { StaffWriteBody } from '../../../../machines/staff-edit/machine.ts';
import {
  homeworkQuestions,
  staffGradeChoices,
  staffHomeworks,
  type StaffArea,
} from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { useStaffWrite } from '../../../app/use-staff-write.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { IDLE_QUERY, useQuery, stillLoading } from '../../../app/use-query.ts';
import { formatDateTime, fromShanghaiInput, toShanghaiInput } from '../../../format.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { DeleteButton, EditButton } from '../RowButtons.tsx';
import { splitList } from '../enrollment/BatchEnrollPanel.tsx';
import { QuestionSetBuilder, setInHand } from '../QuestionSetBuilder.tsx';
import { ReasonDialog, type ReasonRequest } from '../ReasonDialog.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import { LifecycleButtons, lifecycleCall } from '../LifecycleButtons.tsx';
import { StaffForm, staffForm, type FormValues, type StaffFormRequest } from '../StaffForm.tsx';
import { CreateButton } from '../CreateButton.tsx';
import { Permitted } from '../Permitted.tsx';
import { useOperates } from '../../../app/use-operates.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Which lifecycle actions each area offers (review is the platform's). */
const AREA_ACTIONS: Record<StaffArea, readonly ('pass' | 'reject' | 'publish' | 'unpublish')[]> = {
  bms: ['pass', 'reject', 'publish', 'unpublish'],
  edms: ['publish', 'unpublish'],
};

type HomeworkCreateBody = StaffWriteBody<`${StaffArea}.homework.create`>;

/** What the builder writes: new homework with its details, or an existing one's questions. */
type Building =
  { kind: 'new'; details: HomeworkCreateBody } | { kind: 'edit'; homework: HomeworkItem };

/**
 * Homework of the back office (issue 8 item 6): the list by class and state; assign a question
 * set to a class or some of its groups with start, due and late times; publish (which assigns
 * it), review (platform), edit the questions; each one's grading overview.
 */
export function StaffHomework({ area, base }: { area: StaffArea; base: '/admin' | '/manage' }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [gradeId, setGradeId] = useState('');
  const [page, setPage] = usePageParam();
  const list = useQuery(
    staffHomeworks(runtime, area, gradeId ? { gradeId: Number(gradeId) } : {}, page),
  );
  const { may } = useOperates();
  // A role that may not list the classes (阅卷老师) is not asked for them: no refusal to show.
  const classes = useQuery(
    may(`${area}.grade.querySimpleList`) ? staffGradeChoices(runtime, area) : IDLE_QUERY,
  );
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [building, setBuilding] = useState<Building | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const write = useStaffWrite();
  const at = (iso: string) => formatDateTime(iso, i18n.language);
  const classOptions = (classes.data?.content ?? []).map((g) => ({
    value: String(g.id),
    label: g.name,
  }));

  const homeworkForm = (homework: HomeworkItem | null) => {
    const now = Date.now();
    return staffForm({
      title: homework ? t('staffHomework.edit') : t('staffHomework.new'),
      call: homework ? `${area}.homework.update` : `${area}.homework.create`,
      fields: [
        ...(homework
          ? []
          : [
              {
                name: 'gradeId',
                label: t('staffHomework.class'),
                kind: 'select' as const,
                options: [{ value: '', label: t('staffClass.pickClass') }, ...classOptions],
              },
            ]),
        { name: 'title', label: t('staffHomework.title'), kind: 'text' },
        { name: 'description', label: t('staffHomework.description'), kind: 'textarea' },
        { name: 'groups', label: t('staffHomework.groups'), kind: 'text' },
        { name: 'startAt', label: t('staffHomework.startAt'), kind: 'datetime' },
        { name: 'dueAt', label: t('staffHomework.dueAt'), kind: 'datetime' },
        { name: 'lateUntil', label: t('staffHomework.lateUntil'), kind: 'datetime' },
        { name: 'latePenaltyPercent', label: t('staffHomework.latePenalty'), kind: 'number' },
      ],
      values: {
        gradeId: gradeId,
        title: homework?.title ?? '',
        description: homework?.description ?? '',
        groups: (homework?.groups ?? []).join('，'),
        startAt: toShanghaiInput(homework?.startAt ?? new Date(now).toISOString()),
        dueAt: toShanghaiInput(homework?.dueAt ?? new Date(now + 7 * DAY).toISOString()),
        lateUntil: homework?.lateUntil ? toShanghaiInput(homework.lateUntil) : '',
        latePenaltyPercent: String(homework?.latePenaltyPercent ?? 0),
      },
      toBody: (v: FormValues) => {
        if (!homework && !v.gradeId) {
          return { field: 'gradeId', message: t('staffClass.pickClass') };
        }
        const times: { startAt: string; dueAt: string; lateUntil: string | null } = {
          startAt: '',
          dueAt: '',
          lateUntil: null,
        };
        for (const name of ['startAt', 'dueAt', 'lateUntil'] as const) {
          const text = String(v[name]).trim();
          if (name === 'lateUntil' && text === '') {
            times[name] = null;
            continue;
          }
          const iso = fromShanghaiInput(text);
          if (!iso) return { field: name, message: t('staffExam.timeInvalid') };
          times[name] = iso;
        }
        const penaltyText = String(v.latePenaltyPercent).trim();
        const penalty = Number(penaltyText);
        if (!/^\d+$/.test(penaltyText) || penalty > 100) {
          return {
            field: 'latePenaltyPercent',
            message: t('staffClass.wholeInvalid', { min: 0, max: 100 }),
          };
        }
        return {
          body: {
            // New homework: its questions are picked next, in the builder (onValid).
            ...(homework ? { id: homework.id } : { gradeId: Number(v.gradeId), questions: [] }),
            title: String(v.title),
            description: String(v.description),
            groups: splitList(String(v.groups)),
            ...times,
            latePenaltyPercent: penalty,
          },
        };
      },
      ...(homework
        ? {}
        : { onValid: (details: HomeworkCreateBody) => setBuilding({ kind: 'new', details }) }),
    });
  };

  const act = (homework: HomeworkItem, action: (typeof AREA_ACTIONS)[StaffArea][number]) => {
    if (action === 'reject') {
      setReason({
        title: t('staffHomework.rejectTitle', { name: homework.title }),
        required: true,
        onConfirm: ({ reason: r }) => write('bms.homework.reject', { id: homework.id, reason: r }),
      });
      return;
    }
    // Review (pass) is offered on the platform's screen only (AREA_ACTIONS).
    write(lifecycleCall(area, 'homework', action), { id: homework.id });
  };

  return (
    <section className="xa-section" aria-labelledby="staff-homework">
      <h2 id="staff-homework">
        {t('staffHomework.homework')}{' '}
        <CreateButton
          call={`${area}.homework.create`}
          onClick={() => setForm(homeworkForm(null))}
          loading={may(`${area}.grade.querySimpleList`) && stillLoading(classes)}
          testId="homework-create"
        />{' '}
        <Permitted call={`${area}.grade.querySimpleList`}>
          <HTMLSelect
            aria-label={t('staffHomework.class')}
            value={gradeId}
            onChange={(e) => {
              setGradeId(e.currentTarget.value);
              setPage(0);
            }}
            options={[{ value: '', label: t('staffHomework.allClasses') }, ...classOptions]}
          />
        </Permitted>
      </h2>
      <StaffEditOutcome />
      <PagedTable
        state={list}
        failedTitle={t('staffHomework.listFailed')}
        empty={{ title: t('staffHomework.empty'), description: t('staffHomework.emptyHint') }}
        headers={[
          t('staffHomework.title'),
          t('orders.state'),
          t('staffHomework.when'),
          t('staffHomework.progress'),
          t('orders.actions'),
        ]}
        testId="staff-homework"
        page={page}
        onPage={setPage}
        row={(hw) => (
          <tr key={hw.id}>
            <td>
              <Link to={`${base}/homework/grading?id=${hw.id}`}>{hw.title}</Link>
              <div className="xa-muted">
                {hw.gradeName}
                {hw.groups.length > 0 && ` · ${hw.groups.join('、')}`}
              </div>
            </td>
            <td>
              <Tag minimal intent={hw.state === 'published' ? 'success' : 'none'}>
                {homeworkLifecycle.states[hw.state]}
              </Tag>{' '}
              <Tag minimal>{t(`staffHomework.phase.${hw.phase}`)}</Tag>
              {hw.reviewReason && <div className="xa-muted">{hw.reviewReason}</div>}
            </td>
            <td className="xa-muted">
              {at(hw.startAt)} — {at(hw.dueAt)}
              {hw.lateUntil && (
                <div>
                  {t('staffHomework.lateWindow', {
                    until: at(hw.lateUntil),
                    penalty: hw.latePenaltyPercent,
                  })}
                </div>
              )}
            </td>
            <td>
              {t('staffHomework.submitted', {
                submitted: hw.submittedCount,
                enrolled: hw.enrolledCount,
                questions: hw.questionCount,
                total: hw.totalScore,
              })}
            </td>
            <td>
              <EditButton
                call={`${area}.homework.update`}
                onClick={() => setForm(homeworkForm(hw))}
              />
              <Permitted call={`${area}.homework.updateQuestions`}>
                <Button
                  size="small"
                  variant="outlined"
                  text={t('staffHomework.questions')}
                  onClick={() => setBuilding({ kind: 'edit', homework: hw })}
                />
              </Permitted>
              <LifecycleButtons
                lifecycle={homeworkLifecycle}
                state={hw.state}
                offered={AREA_ACTIONS[area]}
                label={(action) => t(`staffExam.action.${action}`)}
                onAct={(action) => act(hw, action)}
                callOf={(action) => lifecycleCall(area, 'homework', action)}
                busy={busy}
                testIdPrefix="homework"
              />
              <DeleteButton
                call={`${area}.homework.delete`}
                busy={busy}
                onClick={() => write(`${area}.homework.delete`, { id: hw.id })}
              />
            </td>
          </tr>
        )}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
      <ReasonDialog request={reason} onClose={() => setReason(null)} />
      {building?.kind === 'new' && (
        <QuestionSetBuilder
          area={area}
          id={0}
          title={t('staffHomework.questionsOf', { name: building.details.title })}
          set={setInHand('new-homework', { name: building.details.title, questions: [] })}
          saveCall={`${area}.homework.create`}
          bodyOf={(questions) => ({ ...building.details, questions })}
          onClose={() => setBuilding(null)}
        />
      )}
      {building?.kind === 'edit' && (
        <HomeworkQuestions
          area={area}
          homework={building.homework}
          onClose={() => setBuilding(null)}
        />
      )}
    </section>
  );
}

function HomeworkQuestions({
  area,
  homework,
  onClose,
}: {
  area: StaffArea;
  homework: HomeworkItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const state = useQuery(homeworkQuestions(useRuntime(), area, homework.id));
  const set = {
    ...state,
    data: state.data && { name: homework.title, questions: state.data.questions },
  };
  return (
    <QuestionSetBuilder
      area={area}
      id={homework.id}
      title={t('staffHomework.questionsOf', { name: homework.title })}
      set={set}
      saveCall={`${area}.homework.updateQuestions`}
      onClose={onClose}
    />
  );
}
