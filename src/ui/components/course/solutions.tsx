import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRuntime } from '../../app/context.ts';
import { publishedDocuments, type DocumentListItem } from '../../app/course-queries.ts';
import { useQuery } from '../../app/use-query.ts';

/** The camp keeps at most this many write-ups in view at once (one page of the list). */
const SOLUTIONS_PAGE = 200;

/** The published solution write-ups, by the question they explain (the newest of each). */
export function useSolutionsByQuestion(): Map<number, DocumentListItem> {
  const solutions = useQuery(
    publishedDocuments(useRuntime(), { kind: 'solution' }, SOLUTIONS_PAGE),
  );
  const byQuestion = new Map<number, DocumentListItem>();
  for (const s of solutions.data?.content ?? []) {
    if (s.questionId !== null && !byQuestion.has(s.questionId)) byQuestion.set(s.questionId, s);
  }
  return byQuestion;
}

/** A link to a question's write-up, marked when it needs the card right. */
export function SolutionLink({ solution }: { solution: DocumentListItem | undefined }) {
  const { t } = useTranslation();
  if (!solution) return null;
  return (
    <Link to={`/camp/answer/detail/${solution.id}`}>
      {t('camp.solution')}
      {solution.paid && (
        <Tag minimal intent="warning" style={{ marginLeft: 4 }}>
          {t('camp.paid')}
        </Tag>
      )}
    </Link>
  );
}
