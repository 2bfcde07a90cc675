/** The small labels the homework screens share: a homework's state, a question's mark, 补交. */
import { Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { HomeworkStatus, QuestionMark } from '../../../machines/homework-room/status.ts';

const STATUS_INTENT: Record<HomeworkStatus, Intent> = {
  notStarted: 'none',
  inProgress: 'primary',
  submitted: 'success',
  late: 'warning',
  closed: 'none',
  settled: 'success',
  quit: 'none',
};

export function HomeworkStatusTag({ status }: { status: HomeworkStatus }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={STATUS_INTENT[status]} data-status={status}>
      {t(`homework.status.${status}`)}
    </Tag>
  );
}

const MARK_INTENT: Record<QuestionMark, Intent> = {
  untried: 'none',
  full: 'success',
  partial: 'warning',
  wrong: 'danger',
  judging: 'primary',
};

export function QuestionMarkTag({ mark }: { mark: QuestionMark }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={MARK_INTENT[mark]} data-mark={mark}>
      {t(`homework.mark.${mark}`)}
    </Tag>
  );
}

/** 补交: the work came after the due time and is scored with the penalty. */
export function LateTag() {
  const { t } = useTranslation();
  return (
    <Tag minimal intent="warning" data-late="true">
      {t('homework.late')}
    </Tag>
  );
}
