/**
 * The practice screen (docs/product-rules.md#screens-and-routes): question, code and result panels.
 * The state is a practice actor (src/machines/practice/) kept outside React; the panel layout and
 * editor look come from the editorConfig actor. Panels are drag-resizable (react-resizable-panels);
 * the sizes start from the spec's defaults and a drag is recorded in editorConfig for the session
 * (panel-layout.ts). The playground shows it without the question panel.
 */
import { Button, Callout, HTMLSelect, Spinner, TextArea } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { FONT_SIZE_MAX, FONT_SIZE_MIN } from '../../../machines/constants.ts';
import { isEditorTheme, type PanelName } from '../../../machines/editor-config.ts';
import {
  isGradedJob,
  PRACTICE_LANGUAGES,
  type PracticeLanguage,
} from '../../../machines/practice/types.ts';
import { useRuntime } from '../../app/context.ts';
import type { PracticeActor } from '../../app/practice-actors.ts';
import {
  selectCodeLoading,
  selectDraftStatus,
  selectFollowing,
  selectHistory,
  selectInput,
  selectJobBusy,
  selectJobError,
  selectJobKind,
  selectLanguage,
  selectProgress,
  selectQuestion,
  selectQuestionError,
  selectQuota,
  selectResult,
  selectReviewing,
  selectSource,
} from '../../../machines/practice/selectors.ts';
import { usePracticeEvents } from './hooks.ts';
import { PanelFrame } from './PanelFrame.tsx';
import { QuotaLine } from './QuotaLine.tsx';
import { COLUMN_ID, horizontalDefaults, resizeEventsOf, verticalDefaults } from './panel-layout.ts';
import { QuestionBody } from './QuestionPanel.tsx';
import { HistoryList, ResultDetail, StatusLine } from './ResultView.tsx';
import { ReviewHint } from './ReviewHint.tsx';
import './practice.css';
import { languageName } from './language-name.ts';

const CodeEditor = lazy(() => import('./CodeEditor.tsx'));

const FONT_SIZES = Array.from(
  { length: FONT_SIZE_MAX - FONT_SIZE_MIN + 1 },
  (_, i) => FONT_SIZE_MIN + i,
);

/** The editor's look (theme, font size) from the editor config actor, and the actor itself. */
function useEditorLook() {
  const { editorConfig } = useRuntime().actors;
  const theme = useSelector(editorConfig, (s) => s.context.theme);
  const fontSize = useSelector(editorConfig, (s) => s.context.fontSize);
  return { editorConfig, theme, fontSize };
}

function EditorTools({ actor, readOnly }: { actor: PracticeActor; readOnly: boolean }) {
  const { t } = useTranslation();
  const practice = usePracticeEvents(actor);
  const { editorConfig, theme, fontSize } = useEditorLook();
  const language = useSelector(actor, selectLanguage);
  const draft = useSelector(actor, selectDraftStatus);
  return (
    <>
      <span className="xa-practice-hint" data-testid="practice-draft" data-draft={draft}>
        {t(
          draft === 'saving'
            ? 'practice.draftSaving'
            : draft === 'unsaved'
              ? 'practice.draftUnsaved'
              : 'practice.draftSaved',
        )}
      </span>
      <HTMLSelect
        aria-label={t('practice.language')}
        value={language}
        disabled={readOnly}
        onChange={(e) => practice.setLanguage(e.currentTarget.value as PracticeLanguage)}
        options={PRACTICE_LANGUAGES.map((value) => ({
          value,
          label: languageName(t, value),
        }))}
      />
      <HTMLSelect
        aria-label={t('practice.theme')}
        value={theme}
        onChange={(e) => {
          const value = e.currentTarget.value;
          if (isEditorTheme(value)) editorConfig.send({ type: 'SET_THEME', theme: value });
        }}
        options={[
          { value: 'vs-dark', label: t('practice.themeDark') },
          { value: 'light', label: t('practice.themeLight') },
        ]}
      />
      <HTMLSelect
        aria-label={t('practice.fontSize')}
        value={fontSize}
        onChange={(e) =>
          editorConfig.send({ type: 'SET_FONT_SIZE', fontSize: Number(e.currentTarget.value) })
        }
        options={FONT_SIZES.map((size) => ({ value: size, label: String(size) }))}
      />
    </>
  );
}

function CodeArea({ actor, readOnly }: { actor: PracticeActor; readOnly: boolean }) {
  const { t } = useTranslation();
  const practice = usePracticeEvents(actor);
  const { theme, fontSize } = useEditorLook();
  const language = useSelector(actor, selectLanguage);
  const source = useSelector(actor, selectSource);
  const loading = useSelector(actor, selectCodeLoading);
  if (loading) return <Spinner size={24} aria-label={t('app.loading')} />;
  return (
    <div className="xa-practice-editor" data-testid="practice-editor">
      <Suspense fallback={<Spinner size={24} aria-label={t('practice.loadingEditor')} />}>
        <CodeEditor
          value={source}
          language={language}
          theme={theme}
          fontSize={fontSize}
          ariaLabel={t('practice.code')}
          onChange={practice.edit}
          onRun={practice.run}
          onSubmit={practice.submit}
          readOnly={readOnly}
        />
      </Suspense>
    </div>
  );
}

/**
 * The result panel is small (a fifth of the column) and the verdict comes below the input and
 * the buttons: when a run starts and when its outcome arrives, scroll the panel so the learner
 * sees it without a click. Not on the first render, which shows an old result. A wrong answer's
 * failing case (input, expected, yours) sits below the verdict and the per-case table, past
 * the panel's visible part: when one arrives, it is what is brought into view (the verdict is
 * in the case table and the history too).
 */
function useOutcomeInView(busy: boolean, result: unknown, jobError: unknown) {
  const outcome = useRef<HTMLDivElement>(null);
  const failingCase = useRef<HTMLElement | null>(null);
  const seen = useRef({ busy, result, jobError });
  useEffect(() => {
    const before = seen.current;
    seen.current = { busy, result, jobError };
    const changed =
      before.busy !== busy || before.result !== result || before.jobError !== jobError;
    if (!changed || !(busy || result || jobError)) return;
    if (!busy && result && failingCase.current) {
      // `nearest`: a case taller than the panel comes in top first, a shorter one whole; the
      // page around the panel stays where it is.
      failingCase.current.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    } else {
      outcome.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  }, [busy, result, jobError]);
  const failingCaseRef = useCallback((element: HTMLElement | null) => {
    failingCase.current = element;
  }, []);
  return { outcome, failingCaseRef };
}

function ResultArea({
  actor,
  canSubmit,
  readOnly,
}: {
  actor: PracticeActor;
  canSubmit: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const practice = usePracticeEvents(actor);
  const input = useSelector(actor, selectInput);
  const busy = useSelector(actor, selectJobBusy);
  const following = useSelector(actor, selectFollowing);
  const progress = useSelector(actor, selectProgress);
  const result = useSelector(actor, selectResult);
  const kind = useSelector(actor, selectJobKind);
  const jobError = useSelector(actor, selectJobError);
  const history = useSelector(actor, selectHistory);
  const quota = useSelector(actor, selectQuota);
  const reviewing = useSelector(actor, selectReviewing);
  // While the draft loads the machine takes no input edits (the draft's input replaces it):
  // the box waits too, rather than dropping what is typed into it.
  const draftLoading = useSelector(actor, selectCodeLoading);
  const { outcome: outcomeRef, failingCaseRef } = useOutcomeInView(busy, result, jobError);
  return (
    <>
      {canSubmit && reviewing && <ReviewHint />}
      <label>
        {t('practice.input')}
        <TextArea
          fill
          rows={3}
          value={input}
          disabled={readOnly || draftLoading}
          aria-label={t('practice.input')}
          onChange={(e) => practice.editInput(e.currentTarget.value)}
        />
      </label>
      {!readOnly && (
        <div className="xa-practice-closed">
          <Button
            icon="play"
            loading={busy && kind === 'debug'}
            disabled={busy}
            onClick={practice.run}
          >
            {t('practice.run')}
          </Button>
          {canSubmit && (
            <Button
              intent="primary"
              icon="send-message"
              loading={busy && isGradedJob(kind)}
              disabled={busy}
              onClick={practice.submit}
            >
              {t(reviewing ? 'practice.review.submit' : 'practice.submit')}
            </Button>
          )}
          {canSubmit && <QuotaLine quota={quota} />}
          <span className="xa-practice-hint">{t('practice.runHint')}</span>
        </div>
      )}
      {/* A live region: a screen reader hears the status and then the verdict as they come. */}
      <div ref={outcomeRef} aria-live="polite" data-testid="practice-outcome">
        {busy && <StatusLine status={progress} starting={!following} />}
        {jobError && (
          <Callout intent="danger">{t('practice.jobFailed', { message: jobError })}</Callout>
        )}
        {!busy && result && (
          <ResultDetail detail={result} kind={kind} failingCaseRef={failingCaseRef} />
        )}
        {!busy && !result && !jobError && (
          <p className="xa-practice-hint">{t('practice.noResult')}</p>
        )}
      </div>
      {canSubmit && <HistoryList history={history} onPage={practice.showHistoryPage} />}
    </>
  );
}

/** Buttons that bring hidden panels back. */
function ClosedPanels({
  closed,
  titles,
}: {
  closed: PanelName[];
  titles: Record<PanelName, string>;
}) {
  const { t } = useTranslation();
  const { editorConfig } = useRuntime().actors;
  if (closed.length === 0) return null;
  return (
    <div className="xa-practice-closed">
      {closed.map((panel) => (
        <Button
          key={panel}
          size="small"
          onClick={() => editorConfig.send({ type: 'TOGGLE_PANEL', panel })}
        >
          {t('practice.openPanel', { panel: titles[panel] })}
        </Button>
      ))}
    </div>
  );
}

export function PracticeScreen({
  actor,
  withQuestion,
  header,
  readOnly = false,
}: {
  actor: PracticeActor;
  withQuestion: boolean;
  /** A line above the panels (the question screen's way back to its list). */
  header?: ReactNode;
  /**
   * The code and the results are shown but nothing is edited, run or submitted (homework
   * before it opens, after it closes or settles).
   */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const practice = usePracticeEvents(actor);
  const { editorConfig } = useRuntime().actors;
  const panels = useSelector(editorConfig, (s) => s.context.panels);
  const question = useSelector(actor, selectQuestion);
  const questionError = useSelector(actor, selectQuestionError);
  const titles: Record<PanelName, string> = {
    questionPanel: t('practice.question'),
    codePanel: t('practice.code'),
    resultPanel: t('practice.result'),
  };
  const full = (Object.keys(panels) as PanelName[]).find((name) => panels[name].full);
  const shown = (name: PanelName) =>
    panels[name].open &&
    (full === undefined || full === name) &&
    (withQuestion || name !== 'questionPanel');
  const closed = (Object.keys(panels) as PanelName[]).filter(
    (name) => !panels[name].open && (withQuestion || name !== 'questionPanel'),
  );
  const record = (layout: Record<string, number>) => {
    for (const event of resizeEventsOf(layout)) editorConfig.send(event);
  };
  const horizontal = horizontalDefaults(panels);
  const vertical = verticalDefaults(panels);
  const showQuestion = shown('questionPanel');
  const showCode = shown('codePanel');
  const showResult = shown('resultPanel');
  const column = (showCode || showResult) && (
    <Group
      orientation="vertical"
      // A new set of panels starts from the recorded sizes rather than a stale layout.
      key={`${showCode}-${showResult}`}
      className="xa-practice-group"
      onLayoutChanged={record}
    >
      {showCode && (
        <Panel id="codePanel" defaultSize={`${vertical.code}%`} minSize="10%">
          <PanelFrame
            panel="codePanel"
            title={titles.codePanel}
            tools={<EditorTools actor={actor} readOnly={readOnly} />}
          >
            <CodeArea actor={actor} readOnly={readOnly} />
          </PanelFrame>
        </Panel>
      )}
      {showCode && showResult && (
        <Separator className="xa-practice-separator" aria-label={t('practice.resizePanels')} />
      )}
      {showResult && (
        <Panel id="resultPanel" defaultSize={`${vertical.result}%`} minSize="10%">
          <PanelFrame panel="resultPanel" title={titles.resultPanel}>
            <ResultArea actor={actor} canSubmit={withQuestion} readOnly={readOnly} />
          </PanelFrame>
        </Panel>
      )}
    </Group>
  );
  return (
    <div className="xa-practice-column" style={{ height: '100%' }}>
      {header}
      <ClosedPanels closed={closed} titles={titles} />
      <Group
        orientation="horizontal"
        key={`${showQuestion}-${Boolean(column)}`}
        className="xa-practice"
        onLayoutChanged={record}
      >
        {showQuestion && (
          <Panel id="questionPanel" defaultSize={`${horizontal.question}%`} minSize="10%">
            <PanelFrame panel="questionPanel" title={titles.questionPanel}>
              <QuestionBody question={question} error={questionError} onRetry={practice.retry} />
            </PanelFrame>
          </Panel>
        )}
        {showQuestion && column && (
          <Separator className="xa-practice-separator" aria-label={t('practice.resizePanels')} />
        )}
        {column && (
          <Panel id={COLUMN_ID} defaultSize={`${horizontal.column}%`} minSize="10%">
            {column}
          </Panel>
        )}
      </Group>
    </div>
  );
}
