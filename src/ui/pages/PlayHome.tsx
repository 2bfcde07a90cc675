/**
 * /play/home — the C++ playground, and the entry to practice. Two tabs (the tab is in the
 * address, ?tab=wrong, so coming back from a correction lands where the learner was):
 * - 题库: the published programming problems and objective questions (single, multiple,
 *   true/false), each opening /question/detail, with the learner's status on each;
 * - 我的错题: the questions whose latest graded answer was not accepted, with the verdict, when
 *   it was given, and a 订正 link (/question/detail?mode=review).
 * Both read the learner's latest answers with one memberQuestion/queryLatestList call over the
 * listed questions. Visitors see the placeholder and are asked to log in.
 */
import { HTMLTable, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { AnswerSummary } from '../../contract/member-question/calls.ts';
import type { QuestionType } from '../../contract/question/calls.ts';
import type { QueryState } from '../../streams/queryCache.ts';
import { useRuntime } from '../app/context.ts';
import { useSession } from '../app/hooks.ts';
import { latestAnswers, questionsOfType, type ProblemPage } from '../app/practiceQueries.ts';
import { useQuery } from '../app/useQuery.ts';
import { EmptyScreen } from '../components/EmptyScreen.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { Playground } from '../components/practice/Playground.tsx';
import {
  answeredAt,
  latestByQuestion,
  progressOf,
  wrongAnswers,
  type QuestionProgress,
} from '../components/practice/questionProgress.ts';
import { VerdictTag } from '../components/practice/ResultView.tsx';
import { formatDateTime } from '../format.ts';

type HomeTab = 'problems' | 'wrong';

interface ListedQuestion {
  id: number;
  title: string;
  type: QuestionType;
}

/** The learner's latest answer per question; null until it is read (or when it failed). */
type LatestMap = Map<number, AnswerSummary> | null;

const detailLink = (id: number) => `/question/detail?id=${id}`;
const reviewLink = (id: number) => `/question/detail?id=${id}&mode=review`;

const PROGRESS_INTENT = {
  passed: 'success',
  failed: 'danger',
  judging: 'primary',
  untried: 'none',
} as const satisfies Record<QuestionProgress, string>;

/** 已通过 / 未通过 / 判题中 / 未做; an empty cell until the latest answers are in. */
function ProgressCell({ latest, id }: { latest: LatestMap; id: number }) {
  const { t } = useTranslation();
  if (!latest) return <td />;
  const progress = progressOf(latest.get(id));
  return (
    <td>
      <Tag minimal intent={PROGRESS_INTENT[progress]} data-progress={progress}>
        {t(`practice.progress.${progress}`)}
      </Tag>
    </td>
  );
}

function TypeTag({ type }: { type: QuestionType }) {
  const { t } = useTranslation();
  return (
    <Tag minimal>
      {t(type === 'programming' ? 'practice.programming' : `practice.objective.types.${type}`)}
    </Tag>
  );
}

function ProblemList({ questions, latest }: { questions: ListedQuestion[]; latest: LatestMap }) {
  const { t } = useTranslation();
  if (questions.length === 0) return <p>{t('practice.noProblems')}</p>;
  return (
    <HTMLTable compact striped data-testid="problem-list">
      <tbody>
        {questions.map((problem) => (
          <tr key={problem.id} data-question={problem.id}>
            <td>
              <Link to={detailLink(problem.id)}>{problem.title}</Link>
            </td>
            <ProgressCell latest={latest} id={problem.id} />
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** Single choice, multiple choice and true/false, listed together, each row tagged with its type. */
function ObjectiveList({ questions, latest }: { questions: ListedQuestion[]; latest: LatestMap }) {
  const { t } = useTranslation();
  if (questions.length === 0) return <p>{t('practice.noObjectiveProblems')}</p>;
  return (
    <HTMLTable compact striped data-testid="objective-list">
      <tbody>
        {questions.map((question) => (
          <tr key={question.id} data-question={question.id}>
            <td>
              <TypeTag type={question.type} />
            </td>
            <td>
              <Link to={detailLink(question.id)}>{question.title}</Link>
            </td>
            <ProgressCell latest={latest} id={question.id} />
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** The questions to correct, most recent first, each with its verdict, time and 订正 link. */
function WrongList({
  questions,
  latest,
}: {
  questions: Map<number, ListedQuestion>;
  latest: QueryState<AnswerSummary[]>;
}) {
  const { t, i18n } = useTranslation();
  if (!latest.data) {
    // A failed read was toasted by the transport; the cache retries while the tab is open.
    return <Spinner size={24} aria-label={t('app.loading')} />;
  }
  const wrong = wrongAnswers(latest.data);
  if (wrong.length === 0) {
    return (
      <EmptyState title={t('practice.wrong.empty')} description={t('practice.wrong.emptyHint')} />
    );
  }
  return (
    <HTMLTable compact striped data-testid="wrong-list">
      <thead>
        <tr>
          <th>{t('practice.wrong.question')}</th>
          <th>{t('practice.wrong.type')}</th>
          <th>{t('practice.wrong.verdict')}</th>
          <th>{t('practice.wrong.answeredAt')}</th>
          <th>{t('practice.wrong.action')}</th>
        </tr>
      </thead>
      <tbody>
        {wrong.map((answer) => {
          const id = answer.questionId ?? 0;
          const question = questions.get(id);
          return (
            <tr key={id} data-question={id}>
              <td>
                <Link to={detailLink(id)}>{question?.title ?? answer.questionTitle}</Link>
              </td>
              <td>{question && <TypeTag type={question.type} />}</td>
              <td>
                {question && question.type !== 'programming' ? (
                  <Tag intent="danger" data-verdict={answer.verdict}>
                    {t('practice.objective.wrong')}
                  </Tag>
                ) : (
                  <VerdictTag verdict={answer.verdict} />
                )}
                {answer.kind === 'review' && (
                  <Tag minimal intent="primary" data-kind="review">
                    {t('practice.review.kind')}
                  </Tag>
                )}
              </td>
              <td>{formatDateTime(answeredAt(answer), i18n.language)}</td>
              <td>
                <Link to={reviewLink(id)}>{t('practice.review.action')}</Link>
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}

/** The tabs, once every list is in: their ids are what the latest answers are asked for. */
function PracticeTabs({
  programming,
  objective,
}: {
  programming: ListedQuestion[];
  objective: ListedQuestion[];
}) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [params, setParams] = useSearchParams();
  const tab: HomeTab = params.get('tab') === 'wrong' ? 'wrong' : 'problems';
  const all = [...programming, ...objective];
  const latestState = useQuery(
    latestAnswers(
      runtime,
      all.map((q) => q.id),
    ),
  );
  const latest = latestState.data ? latestByQuestion(latestState.data) : null;
  const wrongCount = latestState.data ? wrongAnswers(latestState.data).length : 0;
  const select = (next: HomeTab) =>
    setParams(next === 'problems' ? {} : { tab: next }, { replace: true });
  return (
    <Tabs
      id="play-home-tabs"
      selectedTabId={tab}
      onChange={(next) => select(next === 'wrong' ? 'wrong' : 'problems')}
      renderActiveTabPanelOnly
    >
      <Tab
        id="problems"
        title={t('practice.tabs.problems')}
        panel={
          <>
            <h2 className="xa-screen-title">{t('practice.problems')}</h2>
            <ProblemList questions={programming} latest={latest} />
            <h2 className="xa-screen-title">{t('practice.objectiveProblems')}</h2>
            <ObjectiveList questions={objective} latest={latest} />
          </>
        }
      />
      <Tab
        id="wrong"
        title={t('practice.tabs.wrong')}
        tagContent={wrongCount > 0 ? wrongCount : undefined}
        tagProps={{ intent: 'danger' }}
        panel={<WrongList questions={new Map(all.map((q) => [q.id, q]))} latest={latestState} />}
      />
    </Tabs>
  );
}

const listed = (state: QueryState<ProblemPage>, type: QuestionType): ListedQuestion[] =>
  (state.data?.content ?? []).map((q) => ({ id: q.id, title: q.title, type }));

function PracticeHome() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const programming = useQuery(questionsOfType(runtime, 'programming'));
  const objective = [
    { type: 'single', state: useQuery(questionsOfType(runtime, 'single')) },
    { type: 'multiple', state: useQuery(questionsOfType(runtime, 'multiple')) },
    { type: 'judge', state: useQuery(questionsOfType(runtime, 'judge')) },
  ] as const;
  // A list that failed (toasted by the transport) counts as empty rather than holding the rest.
  const settled = [programming, ...objective.map((o) => o.state)].every(
    (state) => state.data || state.error,
  );
  if (!settled) return <Spinner size={24} aria-label={t('app.loading')} />;
  return (
    <PracticeTabs
      programming={listed(programming, 'programming')}
      objective={objective.flatMap(({ type, state }) => listed(state, type))}
    />
  );
}

export default function PlayHomePage() {
  const { t } = useTranslation();
  const { ready, user } = useSession();
  if (!ready) return <Spinner size={24} aria-label={t('app.loading')} />;
  if (!user) return <EmptyScreen page="playHome" description={t('practice.loginToPractice')} />;
  return (
    <section className="xa-screen" aria-labelledby="practice-home">
      <h1 id="practice-home" className="xa-screen-title">
        {t('practice.homeTitle')}
      </h1>
      <PracticeHome />
      <Playground language="cpp" />
    </section>
  );
}
