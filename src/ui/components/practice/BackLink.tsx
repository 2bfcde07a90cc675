import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SubmitMode } from '../../../machines/practice/types.ts';

/**
 * The way back from a question to the list it was opened from: the play home's problems, or its
 * 我的错题 tab when correcting (the practice layout has no top navigation).
 */
export function BackLink({ mode }: { mode: SubmitMode }) {
  const { t } = useTranslation();
  const review = mode === 'review';
  return (
    <Link
      to={review ? '/play/home?tab=wrong' : '/play/home'}
      className="xa-practice-back"
      data-testid="practice-back"
    >
      {t(review ? 'practice.backToWrong' : 'practice.backToProblems')}
    </Link>
  );
}
