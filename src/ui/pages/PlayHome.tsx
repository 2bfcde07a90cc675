/**
 * /play/home — the C++ playground, and the entry to practice. Two tabs (the tab is in the
 * address, ?tab=wrong, so coming back from a correction lands where the learner was):
 * - 题库: the published programming problems and objective questions (single, multiple,
 *   true/false), each opening /question/detail, with the learner's status on each;
 * - 我的错题: the questions whose latest graded answer was not accepted, with the verdict, when
 *   it was given, and a 订正 link (/question/detail?mode=review).
 * Each list is paged (20 a page, the page in the address: ?page, ?objectivePage, ?wrongPage);
 * the status column reads the learner's latest answers of the questions on the page
 * (memberQuestion/queryLatestList), the wrong list its own paged call
 * (memberQuestion/queryWrongList). Visitors are asked to log in.
 */
import { HTMLTable, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { AnswerSummary } from '../../contract/member-question/calls.ts';
import { useEffect } from 'react';
import type { QuestionDifficulty, QuestionType } from '../../contract/question/common.ts';
import { clampPage } from '../../streams/paging.ts';
import { useRuntime } from '../app/context.ts';
import { useSession } from '../app/hooks.ts';
import {
  latestAnswers,
  questionPage,
  wrongPage,
  type ProblemKind,
} from '../app/practice-queries.ts';
import { usePageParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { EmptyScreen } from '../components/EmptyScreen.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { Pager } from '../components/Pager.tsx';
import { Playground } from '../components/practice/Playground.tsx';
import { DifficultyTag, InlineTitle } from '../components/practice/QuestionLabels.tsx';
import {
  answeredAt,
  latestByQuestion,
  progressOf,
  type QuestionProgress,
} from '../components/practice/question-progress.ts';
import { VerdictTag } from '../components/practice/ResultView.tsx';
import { formatDateTime } from '../format.ts';

type HomeTab = 'problems' | 'wrong';

interface ListedQuestion {
  id: number;
  title: string;
  type: QuestionType;
  difficulty: QuestionDifficulty;
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

/** A listed question's title (a link to practise it) and its difficulty, as two cells. */
function TitleCells({ question }: { question: ListedQuestion }) {
  return (
    <>
      <td>
        <Link to={detailLink(question.id)}>
          <InlineTitle text={question.title} />
        </Link>
      </td>
      <td>
        <DifficultyTag difficulty={question.difficulty} />
      </td>
    </>
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
            <TitleCells question={problem} />
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
            <TitleCells question={question} />
            <ProgressCell latest={latest} id={question.id} />
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** Keeps the address on a page that exists once the list says how many there are. */
function useClampedPage(
  name: string,
  totalPages: number | undefined,
): [number, (p: number) => void] {
  const [page, setPage] = usePageParam(name);
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && page > totalPages - 1) {
      setPage(clampPage(page, totalPages));
    }
  }, [page, totalPages, setPage]);
  return [page, setPage];
}

/** The questions to correct, most recent first, each with its verdict, time and 订正 link. */
function WrongList() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = usePageParam('wrongPage');
  const state = useQuery(wrongPage(runtime, page));
  useClampedPage('wrongPage', state.data?.totalPages);
  if (!state.data) {
    // A failed read was toasted by the transport; the cache retries while the tab is open.
    return <Spinner size={24} aria-label={t('app.loading')} />;
  }
  const { content, totalPages, totalElements } = state.data;
  if (totalElements === 0) {
    return (
      <EmptyState title={t('practice.wrong.empty')} description={t('practice.wrong.emptyHint')} />
    );
  }
  return (
    <>
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
          {content.map((answer) => {
            const id = answer.questionId ?? 0;
            return (
              <tr key={id} data-question={id}>
                <td>
                  <Link to={detailLink(id)}>
                    <InlineTitle text={answer.questionTitle ?? ''} />
                  </Link>
                </td>
                <td>
                  <TypeTag type={answer.questionType} />
                </td>
                <td>
                  {answer.questionType !== 'programming' ? (
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
      <Pager
        page={page}
        totalPages={totalPages}
        totalElements={totalElements}
        onChange={setPage}
        testId="wrong-pager"
      />
    </>
  );
}

/** One page of one of the problem lists, with the learner's status on each question. */
function ProblemSection({ kind }: { kind: ProblemKind }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const param = kind === 'programming' ? 'page' : 'objectivePage';
  const [page, setPage] = usePageParam(param);
  const state = useQuery(questionPage(runtime, kind, page));
  useClampedPage(param, state.data?.totalPages);
  const questions: ListedQuestion[] = (state.data?.content ?? []).map((q) => ({
    id: q.id,
    title: q.title,
    type: q.type,
    difficulty: q.difficulty,
  }));
  const latestState = useQuery(
    latestAnswers(
      runtime,
      questions.map((q) => q.id),
    ),
  );
  // A list that failed (toasted by the transport) shows as empty rather than spinning.
  if (!state.data && !state.error) return <Spinner size={24} aria-label={t('app.loading')} />;
  const latest = latestState.data ? latestByQuestion(latestState.data) : null;
  return (
    <>
      {kind === 'programming' ? (
        <ProblemList questions={questions} latest={latest} />
      ) : (
        <ObjectiveList questions={questions} latest={latest} />
      )}
      {state.data && (
        <Pager
          page={page}
          totalPages={state.data.totalPages}
          totalElements={state.data.totalElements}
          onChange={setPage}
          testId={`${kind}-pager`}
        />
      )}
    </>
  );
}

/** The tabs: the problem lists, and the questions to correct (the tab is in the address). */
function PracticeTabs() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [params, setParams] = useSearchParams();
  const tab: HomeTab = params.get('tab') === 'wrong' ? 'wrong' : 'problems';
  const wrongCount = useQuery(wrongPage(runtime, 0)).data?.totalElements ?? 0;
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
            <ProblemSection kind="programming" />
            <h2 className="xa-screen-title">{t('practice.objectiveProblems')}</h2>
            <ProblemSection kind="objective" />
          </>
        }
      />
      <Tab
        id="wrong"
        title={t('practice.tabs.wrong')}
        tagContent={wrongCount > 0 ? wrongCount : undefined}
        tagProps={{ intent: 'danger' }}
        panel={<WrongList />}
      />
    </Tabs>
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
      <PracticeTabs />
      <Playground language="cpp" />
    </section>
  );
}
