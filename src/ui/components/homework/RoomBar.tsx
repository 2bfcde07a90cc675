/**
 * The homework room's bar and notice: the homework and its class, where it stands on the clock
 * with a countdown to the next change (start, due time, end of the late window), the score so
 * far or the settled score, the report, and a line on what the room allows now — late work is
 * marked 补交 with its penalty; before the start, after the close and once settled it is read-only.
 */
import { Callout, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  durationParts,
  nextDeadline,
  secondsUntil,
  type HomeworkStatus,
  type RoomPhase,
} from '../../../machines/homework-room/status.ts';
import type { HomeworkReport } from '../../app/homework-queries.ts';
import { formatDateTime } from '../../format.ts';
import { HomeworkStatusTag } from './HomeworkTags.tsx';

const STATUS_OF_PHASE: Record<RoomPhase, HomeworkStatus> = {
  notStarted: 'notStarted',
  open: 'inProgress',
  late: 'late',
  closed: 'closed',
  settled: 'settled',
};

const two = (n: number) => String(n).padStart(2, '0');

function Countdown({ report, nowMs }: { report: HomeworkReport; nowMs: number }) {
  const { t } = useTranslation();
  const deadline = nextDeadline(report.homework, nowMs);
  if (!deadline) return null;
  const { days, hours, minutes, seconds } = durationParts(secondsUntil(deadline.at, nowMs));
  const time = `${two(hours)}:${two(minutes)}:${two(seconds)}`;
  return (
    <span data-testid="homework-countdown" data-kind={deadline.kind}>
      <span className="xa-muted">{t(`homework.room.countdown.${deadline.kind}`)}</span>{' '}
      <span className="xa-homework-clock">
        {days > 0 ? t('homework.room.clockDays', { days, time }) : time}
      </span>
    </span>
  );
}

export function RoomBar({
  report,
  phase,
  nowMs,
}: {
  report: HomeworkReport;
  phase: RoomPhase;
  nowMs: number;
}) {
  const { t } = useTranslation();
  const { homework: hw, enroll } = report;
  return (
    <header className="xa-homework-bar" data-testid="homework-room-bar">
      <Link to="/user/homework">{t('homework.room.backToList')}</Link>
      <h1>
        {hw.title} <span className="xa-muted">· {hw.gradeName}</span>
      </h1>
      <span data-testid="homework-phase" data-phase={phase}>
        <HomeworkStatusTag status={STATUS_OF_PHASE[phase]} />
      </span>
      <Countdown report={report} nowMs={nowMs} />
      <Tag minimal data-testid="homework-score">
        {enroll.score !== null
          ? t('homework.room.settledScore', { score: enroll.score, max: enroll.maxScore })
          : t('homework.room.scoreSoFar', { score: enroll.currentScore, max: enroll.maxScore })}
      </Tag>
      <Link to={`/homework/report?id=${hw.id}`} data-testid="homework-report-link">
        {t('homework.room.report')}
      </Link>
    </header>
  );
}

/** One line on what the room allows now. */
export function RoomNotice({
  report,
  phase,
  quit,
}: {
  report: HomeworkReport;
  phase: RoomPhase;
  quit: boolean;
}) {
  const { t, i18n } = useTranslation();
  const hw = report.homework;
  const at = (iso: string) => formatDateTime(iso, i18n.language);
  if (quit) return <Callout data-testid="homework-notice">{t('homework.room.quitNotice')}</Callout>;
  switch (phase) {
    case 'notStarted':
      return (
        <Callout data-testid="homework-notice" data-phase={phase}>
          {t('homework.room.notStartedNotice', { time: at(hw.startAt) })}
        </Callout>
      );
    case 'open':
      return (
        <p className="xa-muted" data-testid="homework-notice" data-phase={phase}>
          {t('homework.room.dueAt', { time: at(hw.dueAt) })} · {t('homework.room.openNotice')}
        </p>
      );
    case 'late':
      return (
        <Callout intent="warning" data-testid="homework-notice" data-phase={phase}>
          {t('homework.room.lateNotice', {
            due: at(hw.dueAt),
            percent: 100 - hw.latePenaltyPercent,
            until: at(hw.lateUntil ?? hw.dueAt),
          })}
        </Callout>
      );
    case 'closed':
      return (
        <Callout data-testid="homework-notice" data-phase={phase}>
          {t('homework.room.closedNotice')}
        </Callout>
      );
    case 'settled':
      return (
        <Callout intent="success" data-testid="homework-notice" data-phase={phase}>
          {t('homework.room.settledNotice')}{' '}
          <Link to={`/homework/report?id=${hw.id}`}>{t('homework.room.report')}</Link>
        </Callout>
      );
  }
}
