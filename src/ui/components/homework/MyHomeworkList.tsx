/**
 * /user/homework: the member's homework — one row per enrollment with its class, due time and
 * late window, state, progress and score once settled, and the way into the room or the report.
 * With `child`, a parent's read of a bound child's homework (issue 25 item 11): the same rows,
 * the way into the child's report of each, never into the room (a parent answers nothing).
 */
import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { HomeworkEnrollItem } from '../../../contract/homework/enroll.ts';
import { homeworkStatus } from '../../../machines/homework-room/status.ts';
import { useRuntime } from '../../app/context.ts';
import { childHomework } from '../../app/family-queries.ts';
import { myHomeworkPage, myHomeworkStatistics } from '../../app/homework-queries.ts';
import { usePageParam } from '../../app/use-page-param.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatDateTime } from '../../format.ts';
import { PagedTable } from '../PagedTable.tsx';
import { QueryStatus } from '../QueryStatus.tsx';
import { HomeworkStatusTag } from './HomeworkTags.tsx';
import './homework.css';

export function MyHomeworkList({ child }: { child?: number } = {}) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = usePageParam();
  const list = useQuery(
    child === undefined ? myHomeworkPage(runtime, page) : childHomework(runtime, child, page),
  );
  return (
    <>
      {child === undefined && <MyStatistics />}
      <PagedTable
        state={list}
        failedTitle={t('homework.list.failed')}
        empty={
          child === undefined
            ? { title: t('homework.list.empty'), description: t('homework.list.emptyHint') }
            : { title: t('family.homework.empty'), description: t('family.homework.emptyHint') }
        }
        headers={[
          t('homework.list.homework'),
          t('homework.list.due'),
          t('homework.list.state'),
          t('homework.list.progress'),
          t('homework.list.score'),
          t('homework.list.actions'),
        ]}
        testId={child === undefined ? 'my-homework' : 'child-homework'}
        page={page}
        onPage={setPage}
        row={(e) => <HomeworkRow key={e.id} item={e} child={child} />}
      />
    </>
  );
}

function HomeworkRow({ item: e, child }: { item: HomeworkEnrollItem; child?: number }) {
  const { t, i18n } = useTranslation();
  const at = (iso: string) => formatDateTime(iso, i18n.language);
  const status = homeworkStatus(e);
  // As the server answered; the room keeps its own clock.
  const working = status === 'inProgress' || status === 'submitted' || status === 'late';
  return (
    <tr data-homework-id={e.homeworkId}>
      <td>
        {child === undefined ? (
          <Link to={`/homework/room?id=${e.homeworkId}`}>{e.homeworkTitle}</Link>
        ) : (
          e.homeworkTitle
        )}
        <span className="xa-homework-sub">{e.gradeName}</span>
      </td>
      <td>
        {at(e.dueAt)}
        <span className="xa-homework-sub">
          {e.phase === 'notStarted'
            ? t('homework.list.startsAt', { time: at(e.startAt) })
            : e.lateUntil
              ? t('homework.list.lateUntil', {
                  time: at(e.lateUntil),
                  percent: 100 - e.latePenaltyPercent,
                })
              : t('homework.list.noLate')}
        </span>
      </td>
      <td>
        <HomeworkStatusTag status={status} />
      </td>
      <td>
        {t('homework.list.progressValue', { answered: e.answeredCount, total: e.questionCount })}
        {e.lateCount > 0 && (
          <>
            {' '}
            <Tag minimal intent="warning" data-late="true">
              {t('homework.list.lateCount', { count: e.lateCount })}
            </Tag>
          </>
        )}
      </td>
      <td data-testid="my-homework-score">
        {e.score !== null ? (
          <Tag intent="success" minimal>
            {e.score} / {e.maxScore}
          </Tag>
        ) : (
          <span className="xa-homework-sub">
            {t('homework.list.scoreSoFar', { score: e.currentScore, max: e.maxScore })}
          </span>
        )}
      </td>
      <td>
        {child === undefined ? (
          <>
            <Link to={`/homework/room?id=${e.homeworkId}`}>
              {working ? t('homework.list.open') : t('homework.list.view')}
            </Link>{' '}
            · <Link to={`/homework/report?id=${e.homeworkId}`}>{t('homework.list.report')}</Link>
          </>
        ) : (
          <Link to={`/homework/report/enroll?id=${e.id}&childId=${child}`}>
            {t('homework.list.report')}
          </Link>
        )}
      </td>
    </tr>
  );
}

function MyStatistics() {
  const { t } = useTranslation();
  const stats = useQuery(myHomeworkStatistics(useRuntime()));
  return (
    <QueryStatus state={stats} failedTitle={t('homework.list.failed')}>
      {(s) => (
        <p className="xa-muted" data-testid="my-homework-statistics">
          {t('homework.list.statistics', s)}
          {s.averagePercent !== null &&
            ` · ${t('homework.list.average', { percent: s.averagePercent })}`}
        </p>
      )}
    </QueryStatus>
  );
}
