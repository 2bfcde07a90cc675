/**
 * /homework/room?id=<homeworkId>[&q=<questionId>] (issue 8 item 5): the homework room. Spec 000
 * names it "the homework room" beside the report and the *enrolment* report, so like the exam
 * room it is addressed by the homework; the learner's enrollment in it comes from
 * homeworkEnroll/queryMineLatestEnroll and names every save, run and submission. The question
 * shown is in the address (`q`), so a reload or Back returns to it.
 *
 * Each question is practised with the practice screens (RoomQuestion); the bar counts down to
 * the next change, late work is marked 补交, and the room is read-only before the start, after
 * the close, once settled or after leaving the homework.
 */
import { Callout, NonIdealState } from '@blueprintjs/core';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { describeError } from '../../machines/errors.ts';
import { canWork, roomPhase } from '../../machines/homework-room/status.ts';
import { holdsPlace } from '../../machines/lifecycles/enrollment.ts';
import { useRuntime } from '../app/context.ts';
import {
  homeworkQuestionList,
  mineHomework,
  type HomeworkQuestionList,
  type HomeworkReport,
} from '../app/homework-queries.ts';
import { useIdParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { QuestionNavigator } from '../components/homework/QuestionNavigator.tsx';
import { RoomBar, RoomNotice } from '../components/homework/RoomBar.tsx';
import { RoomQuestion } from '../components/homework/RoomQuestion.tsx';
import { useServerClock } from '../components/homework/use-server-clock.ts';
import { PageSpinner } from '../components/PageSpinner.tsx';
import '../components/homework/homework.css';

export default function HomeworkRoomPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  if (id === 0) {
    return (
      <Callout intent="warning" data-testid="homework-missing">
        {t('homework.room.missingId')}{' '}
        <Link to="/user/homework">{t('homework.room.backToList')}</Link>
      </Callout>
    );
  }
  return <RoomLoader homeworkId={id} />;
}

function RoomLoader({ homeworkId }: { homeworkId: number }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const mine = useQuery(mineHomework(runtime, homeworkId));
  const questions = useQuery(homeworkQuestionList(runtime, homeworkId));
  if (mine.data === null) {
    return (
      <NonIdealState
        icon="lock"
        title={t('homework.room.notAssigned')}
        description={t('homework.room.notAssignedHint')}
        action={<Link to="/user/homework">{t('homework.room.backToList')}</Link>}
      />
    );
  }
  const error = mine.data === undefined ? mine.error : questions.error;
  if (error !== undefined && (mine.data === undefined || questions.data === undefined)) {
    return (
      <Callout intent="danger" title={t('homework.room.failed')} role="alert">
        {describeError(error).message}{' '}
        <Link to="/user/homework">{t('homework.room.backToList')}</Link>
      </Callout>
    );
  }
  if (mine.data === undefined || questions.data === undefined) return <PageSpinner />;
  return (
    <Room report={mine.data} receivedAt={mine.updatedAt} questions={questions.data.questions} />
  );
}

function Room({
  report,
  receivedAt,
  questions,
}: {
  report: HomeworkReport;
  receivedAt: number | null;
  questions: HomeworkQuestionList['questions'];
}) {
  const runtime = useRuntime();
  const [params, setParams] = useSearchParams();
  const nowMs = useServerClock(report.homework.serverNow, receivedAt);
  const phase = roomPhase(report.homework, nowMs);
  const quit = !holdsPlace(report.enroll);
  const readOnly = quit || !canWork(phase);
  useRereadOnPhaseChange(phase, mineHomework(runtime, report.homework.id).key);

  const asked = Number(params.get('q'));
  const current = questions.some((q) => q.questionId === asked)
    ? asked
    : (questions[0]?.questionId ?? 0);
  const select = useCallback(
    (questionId: number) =>
      setParams((now) => {
        const next = new URLSearchParams(now);
        next.set('q', String(questionId));
        return next;
      }),
    [setParams],
  );
  return (
    <div className="xa-homework-room" data-testid="homework-room" data-read-only={readOnly}>
      <RoomBar report={report} phase={phase} nowMs={nowMs} />
      <RoomNotice report={report} phase={phase} quit={quit} />
      <div className="xa-homework-room-body">
        <QuestionNavigator
          questions={questions}
          progress={report.questions}
          current={current}
          onSelect={select}
        />
        <div className="xa-homework-main">
          {current !== 0 && (
            <RoomQuestion
              key={current}
              enrollId={report.enroll.id}
              questionId={current}
              readOnly={readOnly}
            />
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * When the clock moves the room on (it opens, the due time passes, it closes), read the server's
 * view again: it decides, and settlement follows the close on its own clock.
 */
function useRereadOnPhaseChange(phase: string, key: string) {
  const runtime = useRuntime();
  const seen = useRef(phase);
  useEffect(() => {
    if (seen.current === phase) return;
    seen.current = phase;
    runtime.queries.cache.invalidate(key);
  }, [phase, key, runtime]);
}
