import { Button, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { homework as homeworkApi } from '../../../../contract/homework/refs.ts';
import { homeworkLifecycle } from '../../../../machines/lifecycles/homework.ts';
import {
  gradingOverview,
  staffHomework,
  type GradingOverview as Overview,
  type StaffArea,
} from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { useLiveRefresh } from '../../../app/use-live-refresh.ts';
import { staffTag } from '../../../app/modules/staff.ts';
import { useQuery } from '../../../app/use-query.ts';
import { formatDateTime } from '../../../format.ts';
import { EmptyState } from '../../EmptyState.tsx';
import { QueryStatus } from '../../QueryStatus.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import { gradingTone } from './grading-tone.ts';
import { InlineTitle } from '../../practice/QuestionLabels.tsx';
import { plainTitle } from '../../practice/question-title.ts';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';
import { useOperates } from '../../../app/use-operates.ts';
import { Permitted } from '../Permitted.tsx';
import { StaffForm, staffForm, trimmedText, type StaffFormRequest } from '../StaffForm.tsx';

const CountChart = lazy(() => import('../CountChart.tsx'));

/**
 * One homework's grading overview (issue 8 item 6): learners × questions, each cell the best
 * score so far coloured by verdict and marked when late, refreshed every few seconds while open;
 * settle, and export the results as xlsx; a cell clicked takes a score given by hand (an answer
 * on paper), shown marked 人工.
 */
export function GradingOverview({ area, id }: { area: StaffArea; id: number }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const homework = useQuery(staffHomework(runtime, area, id));
  const overview = useQuery(gradingOverview(runtime, area, id));
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  useLiveRefresh(
    (key, tags) =>
      tags.has(staffTag) && (key.endsWith(`:grading:${id}`) || key.endsWith(`:homework:${id}`)),
  );
  return (
    <QueryStatus state={homework} failedTitle={t('staffHomework.failed')}>
      {(hw) => (
        <>
          <h2>
            {hw.title} <Tag minimal>{homeworkLifecycle.states[hw.state]}</Tag>{' '}
            <Tag minimal>{t(`staffHomework.phase.${hw.phase}`)}</Tag>
          </h2>
          <p className="xa-muted">
            {hw.gradeName}
            {hw.groups.length > 0 && ` · ${hw.groups.join('、')}`} ·{' '}
            {t('staffHomework.due', { at: formatDateTime(hw.dueAt, i18n.language) })}
            {hw.settledAt &&
              ` · ${t('staffHomework.settledAt', { at: formatDateTime(hw.settledAt, i18n.language) })}`}
          </p>
          <div className="xa-exam-actions">
            <Permitted call={`${area}.homeworkEnroll.settle`}>
              <Button
                disabled={busy || hw.phase !== 'closed'}
                text={t('staffHomework.settle')}
                onClick={() =>
                  submitStaffWrite(staffEdit, `${area}.homeworkEnroll.settle`, { homeworkId: id })
                }
              />
            </Permitted>
            <Permitted call={`${area}.homeworkEnroll.downloadEnrollList`}>
              <Button
                icon="download"
                text={t('staff.export')}
                onClick={() =>
                  runtime.commands.download(
                    homeworkApi[`${area}.homeworkEnroll.downloadEnrollList`],
                    {
                      body: { homeworkId: id },
                    },
                  )
                }
                data-testid="grading-export"
              />
            </Permitted>
          </div>
          <StaffEditOutcome />
          <QueryStatus state={overview} failedTitle={t('staffHomework.gradingFailed')}>
            {(o) => <Matrix area={area} overview={o} />}
          </QueryStatus>
        </>
      )}
    </QueryStatus>
  );
}

/** Learners' totals in five bands of the maximum, for the distribution chart. */
function totalBands(overview: Overview): { label: string; count: number }[] {
  const max = overview.members[0]?.maxScore ?? 0;
  const bands = [0, 20, 40, 60, 80].map((from) => ({
    label: `${from}–${from === 80 ? 100 : from + 19}%`,
    count: 0,
  }));
  for (const m of overview.members) {
    const percent = max > 0 ? (m.total / max) * 100 : 0;
    bands[Math.min(4, Math.floor(percent / 20))]!.count += 1;
  }
  return bands;
}

type Member = Overview['members'][number];
type Cell = Member['cells'][number];

/** The form of a score given by hand to one learner's answer to one question. */
function handScoreForm(
  area: StaffArea,
  t: TFunction,
  member: Member,
  cell: Cell,
  n: number,
  full: number,
): StaffFormRequest {
  return staffForm({
    title: t('staffHomework.handScore', { member: member.memberName, n }),
    call: `${area}.homeworkMemberQuestion.create`,
    fields: [
      { name: 'score', label: t('staffHomework.score', { full }), kind: 'number' },
      { name: 'remark', label: t('staffHomework.remark'), kind: 'textarea' },
    ],
    values: { score: cell.bestScore === null ? '' : String(cell.bestScore), remark: '' },
    toBody: (v) => {
      const text = trimmedText(v.score);
      const score = Number(text);
      if (!/^\d+$/.test(text) || score > full) {
        return { field: 'score', message: t('staffHomework.scoreInvalid', { full }) };
      }
      return {
        body: {
          homeworkEnrollId: member.enrollId,
          questionId: cell.questionId,
          score,
          remark: trimmedText(v.remark),
        },
      };
    },
  });
}

function Matrix({ area, overview }: { area: StaffArea; overview: Overview }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const scoresByHand = useOperates().may(`${area}.homeworkMemberQuestion.create`);
  if (overview.members.length === 0) {
    return (
      <EmptyState title={t('staffHomework.nobody')} description={t('staffHomework.nobodyHint')} />
    );
  }
  const fullOf = new Map(overview.questions.map((q) => [q.questionId, q.score]));
  return (
    <>
      <Suspense fallback={<Spinner size={20} />}>
        <CountChart label={t('staffHomework.distribution')} bars={totalBands(overview)} />
      </Suspense>
      {scoresByHand && <p className="xa-muted">{t('staffHomework.handScoreHint')}</p>}
      <div className="xa-table-scroll">
        <HTMLTable className="xa-table xa-grading" data-testid="grading">
          <thead>
            <tr>
              <th>{t('staffClass.student')}</th>
              {overview.questions.map((q, i) => (
                <th key={q.questionId} title={plainTitle(q.title)}>
                  {i + 1}. <InlineTitle text={q.title} />
                  <div className="xa-muted">{q.score}</div>
                </th>
              ))}
              <th>{t('staffHomework.total')}</th>
            </tr>
          </thead>
          <tbody>
            {overview.members.map((m) => (
              <tr key={m.memberId} data-testid={`grading-row-${m.memberId}`}>
                <td>
                  {m.memberName}
                  {m.groups.length > 0 && <div className="xa-muted">{m.groups.join('、')}</div>}
                </td>
                {m.cells.map((c, i) => {
                  const full = fullOf.get(c.questionId) ?? 0;
                  const tone = gradingTone(c, full);
                  return (
                    <td
                      key={c.questionId}
                      className={`xa-cell-${tone}${scoresByHand ? ' xa-clickable' : ''}`}
                      data-tone={tone}
                      data-testid={`grading-cell-${m.memberId}-${c.questionId}`}
                      title={c.verdict ? t(`practice.verdicts.${c.verdict}`) : ''}
                      {...(scoresByHand
                        ? {
                            role: 'button',
                            tabIndex: 0,
                            onClick: () => setForm(handScoreForm(area, t, m, c, i + 1, full)),
                            onKeyDown: (e: React.KeyboardEvent) => {
                              if (e.key === 'Enter') {
                                setForm(handScoreForm(area, t, m, c, i + 1, full));
                              }
                            },
                          }
                        : {})}
                    >
                      {tone === 'judging'
                        ? t('staffHomework.judging')
                        : c.bestScore === null
                          ? c.submissions > 0
                            ? '0'
                            : '—'
                          : c.bestScore}
                      {c.late && (
                        <Tag minimal intent="warning">
                          {t('staffHomework.late')}
                        </Tag>
                      )}
                      {c.manual && (
                        <Tag minimal intent="primary">
                          {t('staffHomework.manual')}
                        </Tag>
                      )}
                    </td>
                  );
                })}
                <td>
                  <strong>{m.total}</strong> / {m.maxScore}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <StaffForm request={form} onClose={() => setForm(null)} />
    </>
  );
}
