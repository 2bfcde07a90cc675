/**
 * /play/home — the C++ playground, and the entry to practice: the published programming
 * problems and objective questions (single, multiple, true/false), each opening
 * /question/detail. Visitors see the placeholder and are asked to log in.
 */
import { HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../app/hooks.ts';
import { useRuntime } from '../app/context.ts';
import { programmingProblems, questionsOfType } from '../app/practiceQueries.ts';
import { useQuery } from '../app/useQuery.ts';
import { EmptyScreen } from '../components/EmptyScreen.tsx';
import { Playground } from '../components/practice/Playground.tsx';

function ProblemList() {
  const { t } = useTranslation();
  const state = useQuery(programmingProblems(useRuntime()));
  if (!state.data) return <Spinner size={24} aria-label={t('app.loading')} />;
  if (state.data.content.length === 0) return <p>{t('practice.noProblems')}</p>;
  return (
    <HTMLTable compact striped data-testid="problem-list">
      <tbody>
        {state.data.content.map((problem) => (
          <tr key={problem.id}>
            <td>
              <Link to={`/question/detail?id=${problem.id}`}>{problem.title}</Link>
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** Single choice, multiple choice and true/false, listed together, each row tagged with its type. */
function ObjectiveList() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const lists = [
    { type: 'single', state: useQuery(questionsOfType(runtime, 'single')) },
    { type: 'multiple', state: useQuery(questionsOfType(runtime, 'multiple')) },
    { type: 'judge', state: useQuery(questionsOfType(runtime, 'judge')) },
  ] as const;
  if (lists.some(({ state }) => !state.data && !state.error)) {
    return <Spinner size={24} aria-label={t('app.loading')} />;
  }
  const rows = lists.flatMap(({ type, state }) =>
    (state.data?.content ?? []).map((question) => ({ type, question })),
  );
  if (rows.length === 0) return <p>{t('practice.noObjectiveProblems')}</p>;
  return (
    <HTMLTable compact striped data-testid="objective-list">
      <tbody>
        {rows.map(({ type, question }) => (
          <tr key={question.id}>
            <td>
              <Tag minimal>{t(`practice.objective.types.${type}`)}</Tag>
            </td>
            <td>
              <Link to={`/question/detail?id=${question.id}`}>{question.title}</Link>
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export default function PlayHomePage() {
  const { t } = useTranslation();
  const { ready, user } = useSession();
  if (!ready) return <Spinner size={24} aria-label={t('app.loading')} />;
  if (!user) return <EmptyScreen page="playHome" description={t('practice.loginToPractice')} />;
  return (
    <section className="xa-screen" aria-labelledby="practice-problems">
      <h1 id="practice-problems" className="xa-screen-title">
        {t('practice.problems')}
      </h1>
      <ProblemList />
      <h2 className="xa-screen-title">{t('practice.objectiveProblems')}</h2>
      <ObjectiveList />
      <Playground language="cpp" />
    </section>
  );
}
