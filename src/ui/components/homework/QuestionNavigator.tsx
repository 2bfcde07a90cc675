/**
 * The homework's questions beside the room (oj/homework/queryQuestionList), in order, each with
 * its type, score and how it went so far (the report's per-question progress): points earned,
 * a mark by points, and 补交 when the best answer came late.
 */
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { questionMark } from '../../../machines/homework-room/status.ts';
import type { HomeworkQuestionList, HomeworkReport } from '../../app/homework-queries.ts';
import { InlineTitle } from '../practice/QuestionLabels.tsx';
import { LateTag, QuestionMarkTag } from './HomeworkTags.tsx';

export function QuestionNavigator({
  questions,
  progress,
  current,
  onSelect,
}: {
  questions: HomeworkQuestionList['questions'];
  progress: HomeworkReport['questions'];
  current: number;
  onSelect: (questionId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="xa-homework-nav" aria-label={t('homework.room.navigator')}>
      <ol data-testid="homework-navigator">
        {questions.map((q, i) => {
          const p = progress.find((x) => x.questionId === q.questionId);
          const mark = p ? questionMark(p) : 'untried';
          return (
            <li key={q.questionId}>
              <Button
                variant="minimal"
                active={q.questionId === current}
                aria-current={q.questionId === current ? 'step' : undefined}
                data-question-id={q.questionId}
                data-mark={mark}
                onClick={() => onSelect(q.questionId)}
              >
                <strong>{t('homework.room.questionNo', { n: i + 1 })}</strong>{' '}
                <span className="xa-muted">
                  {t(`homework.types.${q.type}`)} ·{' '}
                  {p
                    ? t('homework.room.earned', { earned: p.earned, score: q.score })
                    : t('homework.room.points', { score: q.score })}
                </span>
                <span className="xa-homework-sub">
                  <InlineTitle text={q.title} />
                </span>
                <QuestionMarkTag mark={mark} /> {p?.late && <LateTag />}
              </Button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
