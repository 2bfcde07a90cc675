import { useTranslation } from 'react-i18next';
import type { AnswerDetail } from '../../../contract/calls/member-question.ts';

/** Characters of input or answer shown; the rest would only push the table off screen. */
export const FAILING_CASE_SHOWN_CHARS = 2000;

function clip(text: string): { text: string; cut: boolean } {
  return text.length > FAILING_CASE_SHOWN_CHARS
    ? { text: text.slice(0, FAILING_CASE_SHOWN_CHARS), cut: true }
    : { text, cut: false };
}

/**
 * Under the per-case table: the first failing case's input and expected answer, which the server
 * includes only for members whose rights include testCaseView; otherwise it says the case is
 * hidden and who can see it. The contract carries no copy of the learner's own output per case,
 * so only input and expected answer are shown.
 */
export function FailingCase({ detail }: { detail: AnswerDetail }) {
  const { t } = useTranslation();
  if (detail.failingCase) {
    const data = detail.failingCase;
    const input = clip(data.input);
    const answer = clip(data.answer);
    return (
      <section data-testid="practice-failing-case">
        <h4>{t('practice.failingCase.title', { index: data.index })}</h4>
        <div>{t('practice.failingCase.input')}</div>
        <pre className="xa-practice-pre">{input.text}</pre>
        <div>{t('practice.failingCase.expected')}</div>
        <pre className="xa-practice-pre">{answer.text}</pre>
        {(data.truncated || input.cut || answer.cut) && (
          <p className="xa-practice-hint">{t('practice.failingCase.truncated')}</p>
        )}
      </section>
    );
  }
  if (detail.failingCaseHidden) {
    return (
      <p className="xa-practice-hint" data-testid="practice-failing-case-hidden">
        {t('practice.failingCase.hidden')}
      </p>
    );
  }
  return null;
}
