import type { SittingQuestion } from '../../../contract/exam/papers.ts';
import { StatementMarkdown } from '../practice/StatementMarkdown.tsx';
import { InlineTitle } from '../practice/QuestionLabels.tsx';

/**
 * A question as the room and the report show it: a programming question under its title with
 * its statement; an objective question's text is its title (Markdown, as in practice).
 */
export function QuestionStatement({
  question,
}: {
  question: Pick<SittingQuestion, 'type' | 'title' | 'content'>;
}) {
  if (question.type !== 'programming') {
    return (
      <>
        <StatementMarkdown markdown={question.title} />
        {question.content && <StatementMarkdown markdown={question.content} />}
      </>
    );
  }
  return (
    <>
      <h3>
        <InlineTitle text={question.title} />
      </h3>
      <StatementMarkdown markdown={question.content} title={question.title} />
    </>
  );
}
