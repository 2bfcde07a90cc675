import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ExamItem } from '../../../contract/exam/exams.ts';
import { formatDateTime, formatFen } from '../../format.ts';

const PHASE_INTENT = {
  upcoming: 'none',
  enrolling: 'primary',
  running: 'success',
  ended: 'none',
} as const;

/** An exam's phase, fee, schedule and enrollment window, as the list and the detail show them. */
export function ExamFacts({ exam }: { exam: ExamItem }) {
  const { t, i18n } = useTranslation();
  const at = (iso: string) => formatDateTime(iso, i18n.language);
  const schedule =
    exam.schedule === 'fixed'
      ? t('exam.schedule.fixed', { from: at(exam.startAt), to: at(exam.endAt) })
      : exam.durationMinutes
        ? t('exam.schedule.flexible', {
            from: at(exam.startAt),
            to: at(exam.endAt),
            minutes: exam.durationMinutes,
          })
        : t('exam.schedule.flexiblePaper', { from: at(exam.startAt), to: at(exam.endAt) });
  return (
    <>
      <div className="xa-exam-meta">
        <Tag intent={PHASE_INTENT[exam.phase]} data-testid="exam-phase">
          {t(`exam.phase.${exam.phase}`)}
        </Tag>
        <Tag minimal>
          {exam.priceFen === 0
            ? t('exam.list.free')
            : t('format.price', { amount: formatFen(exam.priceFen) })}
        </Tag>
        <Tag minimal>{t('exam.list.papers', { count: exam.papers.length })}</Tag>
        <Tag minimal>{t('exam.list.enrolledCount', { count: exam.enrolledCount })}</Tag>
      </div>
      <div className="xa-muted">{schedule}</div>
      <div className="xa-muted">
        {t('exam.enrollWindow', { from: at(exam.enrollStartAt), to: at(exam.enrollEndAt) })}
      </div>
    </>
  );
}
