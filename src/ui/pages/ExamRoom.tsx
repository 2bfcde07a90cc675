import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLSelect,
  NonIdealState,
  Radio,
  RadioGroup,
  Spinner,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { SittingQuestion } from '../../contract/exam/papers.ts';
import { examRoomEvents, type ExamRoomEvents } from '../../machines/exam-room/events.ts';
import { LARGE_PASTE_CHARS } from '../../machines/exam-room/machine.ts';
import * as room from '../../machines/exam-room/selectors.ts';
import { CODE_TEMPLATES } from '../../machines/practice/templates.ts';
import { PRACTICE_LANGUAGES, type PracticeLanguage } from '../../machines/practice/types.ts';
import { useRuntime } from '../app/context.ts';
import { examRoomActorFor, type ExamRoomActor } from '../app/exam-actors.ts';
import { QuestionStatement } from '../components/exam/QuestionStatement.tsx';
import '../components/exam/exam.css';
import { languageName } from '../components/practice/language-name.ts';

const CodeEditor = lazy(() => import('../components/practice/CodeEditor.tsx'));

/**
 * /exam/room?examId=&examPaperId= (issue 7 item 5): the paper on the server's clock. Everything
 * it shows is the exam room machine's (machines/exam-room); the screen only sends intents, and
 * the page's own signals (tab hidden, window blurred, large pastes) for staff to review.
 */
export default function ExamRoomPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [params] = useSearchParams();
  const examId = Number(params.get('examId'));
  const examPaperId = Number(params.get('examPaperId'));
  const valid = Number.isInteger(examId) && examId > 0 && Number.isInteger(examPaperId);
  const actor = useMemo(
    () => (valid ? examRoomActorFor(runtime, examId, examPaperId) : null),
    [runtime, valid, examId, examPaperId],
  );
  if (!actor) {
    return <NonIdealState icon="error" title={t('exam.room.loadFailed')} />;
  }
  return <Room actor={actor} />;
}

function Room({ actor }: { actor: ExamRoomActor }) {
  const { t } = useTranslation();
  const events = useMemo(() => examRoomEvents(actor), [actor]);
  const loading = useSelector(actor, room.selectLoading);
  const failed = useSelector(actor, room.selectLoadFailed);
  const handedIn = useSelector(actor, room.selectHandedIn);
  const error = useSelector(actor, room.selectError);
  useIntegritySignals(actor, events);
  if (loading) return <Spinner className="xa-section" aria-label={t('exam.room.loading')} />;
  if (failed) {
    return (
      <Callout intent="danger" title={t('exam.room.loadFailed')} role="alert">
        {error?.message} <Button text={t('exam.room.retry')} onClick={events.retry} />
      </Callout>
    );
  }
  if (handedIn) return <HandedIn actor={actor} />;
  return (
    <div className="xa-exam-room" data-testid="exam-room">
      <RoomBar actor={actor} events={events} />
      <Notices actor={actor} events={events} />
      <div className="xa-exam-room-body">
        <Navigator actor={actor} events={events} />
        <CurrentQuestion actor={actor} events={events} />
      </div>
      <ConfirmDialog actor={actor} events={events} />
    </div>
  );
}

/** What the room notices about the page, sent as signals while answering. Never blocks. */
function useIntegritySignals(actor: ExamRoomActor, events: ExamRoomEvents) {
  useEffect(() => {
    const answering = () => actor.getSnapshot().matches({ session: 'answering' });
    const at = () => new Date().toISOString();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && answering())
        events.signal('tabHidden', '', at());
    };
    const onBlur = () => {
      if (answering()) events.signal('windowBlur', '', at());
    };
    const onPaste = (e: ClipboardEvent) => {
      const length = e.clipboardData?.getData('text').length ?? 0;
      if (length > LARGE_PASTE_CHARS && answering()) {
        events.signal('largePaste', String(length), at());
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    document.addEventListener('paste', onPaste, true);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      document.removeEventListener('paste', onPaste, true);
    };
  }, [actor, events]);
}

const clockText = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
};

function RoomBar({ actor, events }: { actor: ExamRoomActor; events: ExamRoomEvents }) {
  const { t } = useTranslation();
  const sitting = useSelector(actor, room.selectSitting);
  const seconds = useSelector(actor, room.selectSecondsLeft);
  const status = useSelector(actor, room.selectSaveStatus);
  const answering = useSelector(actor, room.selectAnswering);
  const handingIn = useSelector(actor, room.selectHandingIn);
  const intent = {
    saved: 'success',
    saving: 'primary',
    offline: 'warning',
    closed: 'none',
  } as const;
  return (
    <header className="xa-exam-room-bar">
      <h1>
        {sitting?.examName} · {sitting?.examPaperName}
      </h1>
      <span className="xa-muted">{t('exam.room.remaining')}</span>
      <span className="xa-exam-clock" data-testid="exam-clock" data-low={seconds < 300}>
        {clockText(seconds)}
      </span>
      <Tag intent={intent[status]} data-testid="exam-save-status" data-status={status}>
        {t(`exam.room.${status}`)}
      </Tag>
      <Button
        intent="danger"
        text={handingIn ? t('exam.room.handingIn') : t('exam.room.complete')}
        loading={handingIn}
        disabled={!answering}
        onClick={events.complete}
        data-testid="exam-complete"
      />
    </header>
  );
}

function Notices({ actor, events }: { actor: ExamRoomActor; events: ExamRoomEvents }) {
  const { t } = useTranslation();
  const status = useSelector(actor, room.selectSaveStatus);
  const refused = useSelector(actor, room.selectRefused);
  const handInFailed = useSelector(actor, room.selectHandInFailed);
  const error = useSelector(actor, room.selectError);
  return (
    <>
      {status === 'offline' && (
        <Callout intent="warning" role="status" data-testid="exam-offline">
          {t('exam.room.offline')}
        </Callout>
      )}
      {refused && <Callout intent="danger">{t('exam.room.refused', { message: refused })}</Callout>}
      {handInFailed && (
        <Callout intent="danger" role="alert">
          {t('exam.room.handInFailed', { message: error?.message ?? '' })}{' '}
          <Button text={t('exam.room.retry')} onClick={events.retry} />
        </Callout>
      )}
    </>
  );
}

function Navigator({ actor, events }: { actor: ExamRoomActor; events: ExamRoomEvents }) {
  const { t } = useTranslation();
  const questions = useSelector(actor, room.selectQuestions);
  const answers = useSelector(actor, room.selectAnswers);
  const current = useSelector(actor, room.selectCurrent);
  return (
    <nav className="xa-exam-nav" aria-label={t('exam.room.navigator')}>
      <div className="xa-exam-nav-grid" data-testid="exam-navigator">
        {questions.map((q, i) => {
          const a = answers[q.questionId];
          const answered = room.isAnswered(a, CODE_TEMPLATES[a?.language ?? 'cpp']);
          return (
            <Button
              key={q.questionId}
              size="small"
              active={q.questionId === current}
              data-mark={answered ? 'answered' : 'unanswered'}
              data-flagged={a?.flagged ?? false}
              aria-label={`${t('exam.room.questionNo', { n: i + 1 })} ${
                answered ? t('exam.room.answered') : t('exam.room.unanswered')
              }${a?.flagged ? ` ${t('exam.room.flagged')}` : ''}`}
              text={String(i + 1)}
              onClick={() => events.select(q.questionId)}
            />
          );
        })}
      </div>
      <p className="xa-muted">
        <Tag minimal intent="success">
          {t('exam.room.answered')}
        </Tag>{' '}
        <Tag minimal>{t('exam.room.unanswered')}</Tag>{' '}
        <Tag minimal intent="warning">
          {t('exam.room.flagged')}
        </Tag>
      </p>
    </nav>
  );
}

function CurrentQuestion({ actor, events }: { actor: ExamRoomActor; events: ExamRoomEvents }) {
  const { t } = useTranslation();
  const questions = useSelector(actor, room.selectQuestions);
  const current = useSelector(actor, room.selectCurrent);
  const answers = useSelector(actor, room.selectAnswers);
  const answering = useSelector(actor, room.selectAnswering);
  const index = questions.findIndex((q) => q.questionId === current);
  const question = questions[index];
  if (!question) return null;
  const answer = answers[question.questionId]!;
  return (
    <section className="xa-exam-question" aria-labelledby="exam-question-title">
      <h2 id="exam-question-title">
        {t('exam.room.questionNo', { n: index + 1 })} · {t(`exam.type.${question.type}`)} ·{' '}
        {t('exam.room.points', { score: question.score })}
      </h2>
      <div className="xa-exam-actions">
        <Checkbox
          checked={answer.flagged}
          disabled={!answering}
          label={answer.flagged ? t('exam.room.unflag') : t('exam.room.flag')}
          onChange={(e) => events.flag(question.questionId, e.currentTarget.checked)}
          data-testid="exam-flag"
        />
      </div>
      <QuestionStatement question={question} />
      {question.type === 'programming' ? (
        <ProgrammingAnswer actor={actor} events={events} question={question} />
      ) : (
        <ObjectiveAnswer
          question={question}
          answer={answer.answer}
          disabled={!answering}
          onChange={(flags) => events.choose(question.questionId, flags)}
        />
      )}
      <div className="xa-exam-actions">
        <Button
          text={t('exam.room.prev')}
          disabled={index <= 0}
          onClick={() => events.select(questions[index - 1]!.questionId)}
        />
        <Button
          text={t('exam.room.next')}
          disabled={index >= questions.length - 1}
          onClick={() => events.select(questions[index + 1]!.questionId)}
          data-testid="exam-next"
        />
      </div>
    </section>
  );
}

function ObjectiveAnswer(props: {
  question: SittingQuestion;
  answer: string;
  disabled: boolean;
  onChange: (flags: string) => void;
}) {
  const { question, answer, disabled, onChange } = props;
  const n = question.options.length;
  const flags = answer.length === n ? answer : '0'.repeat(n);
  if (question.type === 'multiple') {
    return (
      <div data-testid="exam-options">
        {question.options.map((o, i) => (
          <Checkbox
            key={o.label}
            checked={flags[i] === '1'}
            disabled={disabled}
            label={`${o.label}. ${o.text}`}
            onChange={() =>
              onChange([...flags].map((c, j) => (j === i ? (c === '1' ? '0' : '1') : c)).join(''))
            }
          />
        ))}
      </div>
    );
  }
  const chosen = flags.indexOf('1');
  return (
    <RadioGroup
      selectedValue={chosen >= 0 ? question.options[chosen]!.label : undefined}
      disabled={disabled}
      onChange={(e) => {
        const i = question.options.findIndex((o) => o.label === e.currentTarget.value);
        onChange(question.options.map((_, j) => (j === i ? '1' : '0')).join(''));
      }}
      data-testid="exam-options"
    >
      {question.options.map((o) => (
        <Radio key={o.label} value={o.label} label={`${o.label}. ${o.text}`} />
      ))}
    </RadioGroup>
  );
}

function ProgrammingAnswer({
  actor,
  events,
  question,
}: {
  actor: ExamRoomActor;
  events: ExamRoomEvents;
  question: SittingQuestion;
}) {
  const { t } = useTranslation();
  const { editorConfig } = useRuntime().actors;
  const theme = useSelector(editorConfig, (s) => s.context.theme);
  const fontSize = useSelector(editorConfig, (s) => s.context.fontSize);
  const answer = useSelector(actor, (s) => s.context.answers[question.questionId]!);
  const answering = useSelector(actor, room.selectAnswering);
  const running = useSelector(actor, room.selectRunning);
  const run = useSelector(actor, room.selectRun);
  const runError = useSelector(actor, room.selectRunError);
  const runInput = useSelector(actor, room.selectRunInput);
  return (
    <>
      <div className="xa-exam-actions">
        <label>
          {t('exam.room.language')}{' '}
          <HTMLSelect
            value={answer.language}
            disabled={!answering}
            onChange={(e) =>
              events.language(question.questionId, e.currentTarget.value as PracticeLanguage)
            }
            options={PRACTICE_LANGUAGES.map((l) => ({
              value: l,
              label: languageName(t, l),
            }))}
            data-testid="exam-language"
          />
        </label>
      </div>
      <div className="xa-exam-editor" data-testid="exam-editor">
        <Suspense fallback={<Spinner size={24} aria-label={t('exam.room.editorLoading')} />}>
          <CodeEditor
            value={answer.source}
            language={answer.language}
            theme={theme}
            fontSize={fontSize}
            ariaLabel={t('exam.room.code')}
            onChange={(source) => events.code(question.questionId, source)}
            onRun={events.run}
            onSubmit={() => undefined}
          />
        </Suspense>
      </div>
      <div className="xa-exam-run xa-section">
        <label htmlFor="exam-run-input">{t('exam.room.runInput')}</label>
        <TextArea
          id="exam-run-input"
          fill
          rows={3}
          value={runInput}
          onChange={(e) => events.runInput(e.currentTarget.value)}
        />
        <Button
          text={running ? t('exam.room.running') : t('exam.room.run')}
          loading={running}
          disabled={!answering}
          onClick={events.run}
          data-testid="exam-run"
        />
        {runError && (
          <Callout intent="danger">{t('exam.room.runFailed', { message: runError })}</Callout>
        )}
        {run && (
          <div data-testid="exam-run-output">
            <strong>{t('exam.room.runOutput')}</strong> <Tag minimal>{run.verdict ?? ''}</Tag>
            <pre>{run.run?.stdout || run.compileOutput || run.run?.stderr || ''}</pre>
          </div>
        )}
      </div>
    </>
  );
}

function ConfirmDialog({ actor, events }: { actor: ExamRoomActor; events: ExamRoomEvents }) {
  const { t } = useTranslation();
  const open = useSelector(actor, room.selectConfirming);
  const questions = useSelector(actor, room.selectQuestions);
  const answers = useSelector(actor, room.selectAnswers);
  const answered = questions.filter((q) => {
    const a = answers[q.questionId];
    return room.isAnswered(a, CODE_TEMPLATES[a?.language ?? 'cpp']);
  }).length;
  return (
    <Dialog isOpen={open} title={t('exam.room.confirmTitle')} onClose={events.cancel}>
      <DialogBody>
        {t('exam.room.confirmBody', { answered, unanswered: questions.length - answered })}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('exam.room.keepAnswering')} onClick={events.cancel} />
            <Button
              intent="danger"
              text={t('exam.room.confirm')}
              onClick={events.confirm}
              data-testid="exam-confirm"
            />
          </>
        }
      />
    </Dialog>
  );
}

function HandedIn({ actor }: { actor: ExamRoomActor }) {
  const { t } = useTranslation();
  const sitting = useSelector(actor, room.selectSitting);
  const timeUp = useSelector(actor, room.selectTimeUp);
  return (
    <NonIdealState
      icon="tick-circle"
      title={t('exam.room.handedIn')}
      description={timeUp ? t('exam.room.timeUp') : t('exam.room.handedInBody')}
      action={
        <div className="xa-exam-actions" data-testid="exam-handed-in">
          {sitting && (
            <Link to={`/exam/report/enroll?id=${sitting.id}`}>{t('exam.room.viewReport')}</Link>
          )}
          {sitting && (
            <Link to={`/exam/detail?id=${sitting.examId}`}>{t('exam.room.backToExam')}</Link>
          )}
        </div>
      }
    />
  );
}
