import type { ReactNode, RefCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerDetail, CaseData } from '../../../contract/member-question/common.ts';

/** Characters of input, answer or output shown; the rest would only push the panel off screen. */
export const FAILING_CASE_SHOWN_CHARS = 2000;

function clip(text: string): { text: string; cut: boolean } {
  return text.length > FAILING_CASE_SHOWN_CHARS
    ? { text: text.slice(0, FAILING_CASE_SHOWN_CHARS), cut: true }
    : { text, cut: false };
}

/**
 * A server from before the learner's output was kept sends no `output` (and the contract says
 * '' for cases other than the first failing one): both read as "nothing to show".
 */
type ReceivedCaseData = Omit<CaseData, 'output'> & Partial<Pick<CaseData, 'output'>>;

function Column(props: { title: string; text: string; testId: string; empty?: string }) {
  return (
    <div className="xa-practice-case-column">
      <div>{props.title}</div>
      <pre className="xa-practice-pre xa-practice-mono" data-testid={props.testId}>
        {props.text === '' && props.empty !== undefined ? props.empty : props.text}
      </pre>
    </div>
  );
}

/**
 * Under the per-case table: the first failing case's input, expected answer and the learner's
 * own output side by side, which the server includes only for members whose rights include
 * testCaseView; otherwise it says the case is hidden and who can see it. `anchorRef` is given
 * whichever of the two is shown, so a screen can bring it into view; `verdict` (the case's
 * verdict tag) then travels with it, beside the heading.
 */
export function FailingCase({
  detail,
  anchorRef,
  verdict,
}: {
  detail: AnswerDetail;
  anchorRef?: RefCallback<HTMLElement>;
  verdict?: (index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const data: ReceivedCaseData | null = detail.failingCase;
  if (data) {
    const input = clip(data.input);
    const answer = clip(data.answer);
    const output = clip(data.output ?? '');
    const stderr = data.stderr ? clip(data.stderr) : null;
    return (
      <section ref={anchorRef} data-testid="practice-failing-case">
        <h4>
          {t('practice.failingCase.title', { index: data.index })} {verdict?.(data.index)}
        </h4>
        <div className="xa-practice-case-columns">
          <Column title={t('practice.failingCase.input')} text={input.text} testId="case-input" />
          <Column
            title={t('practice.failingCase.expected')}
            text={answer.text}
            testId="case-expected"
          />
          <Column
            title={t('practice.failingCase.output')}
            text={output.text}
            testId="case-output"
            empty={t('practice.failingCase.noOutput')}
          />
        </div>
        {stderr && <Column title={t('practice.stderr')} text={stderr.text} testId="case-stderr" />}
        {(data.truncated || input.cut || answer.cut || output.cut || stderr?.cut) && (
          <p className="xa-practice-hint">{t('practice.failingCase.truncated')}</p>
        )}
      </section>
    );
  }
  if (detail.failingCaseHidden) {
    return (
      <p ref={anchorRef} className="xa-practice-hint" data-testid="practice-failing-case-hidden">
        {t('practice.failingCase.hidden')}
      </p>
    );
  }
  return null;
}
