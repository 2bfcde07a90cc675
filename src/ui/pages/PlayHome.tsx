/**
 * /play/home — the C++ playground, and the entry to practice: the published programming
 * problems, each opening /question/detail. Visitors see the placeholder and are asked to log in.
 */
import { HTMLTable, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../app/hooks.ts';
import { useRuntime } from '../app/context.ts';
import { programmingProblems } from '../app/practiceQueries.ts';
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
      <Playground language="cpp" />
    </section>
  );
}
