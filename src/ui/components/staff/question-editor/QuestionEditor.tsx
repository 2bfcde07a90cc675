import {
  Alert,
  Button,
  Callout,
  Checkbox,
  HTMLSelect,
  InputGroup,
  Radio,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useSearchParams } from 'react-router-dom';
import type { StaffArea } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { editedQuestion, type EditedQuestion } from '../../../app/question-editor-queries.ts';
import { useQuery } from '../../../app/use-query.ts';
import { FileUploadButton } from '../../files/FileUploadButton.tsx';
import { QueryStatus } from '../../QueryStatus.tsx';
import { MarkdownEditor } from '../../site/MarkdownEditor.tsx';
import { CaseData } from './CaseData.tsx';
import { Field, SelectField, TextField } from './Field.tsx';
import { ProgrammingFields } from './ProgrammingFields.tsx';
import {
  bodyOf,
  DIFFICULTY_LEVELS,
  draftOf,
  emptyDraft,
  optionsFor,
  placeErrors,
  placesOf,
  QUESTION_KINDS,
  type QuestionDraft,
  type QuestionKind,
} from './question-draft.ts';
import './questionEditor.css';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';
import type { StaffWrite } from '../../../../machines/staff-edit/machine.ts';
import { selectAnswer } from '../../../../machines/staff-edit/selectors.ts';

const LABELS = ['A', 'B', 'C', 'D'] as const;

/**
 * The question editor (issue 14): `?id=N` edits question N, no id creates one. Platform staff
 * write the platform bank (bms), teachers their organization's (edms).
 */
export function QuestionEditor({ area }: { area: StaffArea }) {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? (
    <ExistingQuestion key={id} area={area} id={id} />
  ) : (
    <QuestionForm key="new" area={area} stored={null} />
  );
}

function ExistingQuestion({ area, id }: { area: StaffArea; id: number }) {
  const { t } = useTranslation();
  const state = useQuery(editedQuestion(useRuntime(), area, id));
  return (
    <QueryStatus state={state} failedTitle={t('questionEditor.loadFailed')}>
      {(stored) => <QuestionForm area={area} stored={stored} />}
    </QueryStatus>
  );
}

/**
 * The form. What is typed lives here until the server takes it: a refused save leaves every
 * box as it was and shows each refusal under the field it names. The stored question is read
 * once for the form; later reads (after a save or an upload) only refresh the case count.
 */
function QuestionForm({ area, stored }: { area: StaffArea; stored: EditedQuestion | null }) {
  const { t } = useTranslation();
  const { staffEdit } = useRuntime().actors;
  const [, setParams] = useSearchParams();
  const [draft, setDraft] = useState<QuestionDraft>(() =>
    stored ? draftOf(stored) : emptyDraft(),
  );
  const [local, setLocal] = useState<{ field: string; message: string } | null>(null);
  const [sent, setSent] = useState(false);
  const storedId = stored?.id ?? null;
  const saveCall = stored
    ? (`${area}.question.update` as const)
    : (`${area}.question.create` as const);

  const ours = (last: StaffWrite | null) =>
    last?.call === saveCall && (storedId === null || last.body.id === storedId);
  const saving = useSelector(staffEdit, (s) => s.matches('working') && ours(s.context.last));
  const refusal = useSelector(staffEdit, (s) =>
    sent && s.matches('failed') && ours(s.context.last) ? s.context.error : null,
  );
  const fieldErrors = useSelector(staffEdit, (s) =>
    sent && s.matches('failed') && ours(s.context.last) ? s.context.fieldErrors : null,
  );
  const savedId = useSelector(staffEdit, (s) =>
    sent && ours(s.context.last) ? (selectAnswer(s, [saveCall])?.id ?? null) : null,
  );

  // A new question, once created, is edited at its own address (where its test data goes).
  useEffect(() => {
    if (storedId === null && savedId !== null) {
      setParams({ id: String(savedId) }, { replace: true });
    }
  }, [storedId, savedId, setParams]);

  // What the server holds as far as this form knows: the question read, then each saved draft.
  const [baseline, setBaseline] = useState<QuestionDraft>(() =>
    stored ? draftOf(stored) : emptyDraft(),
  );
  const [submitted, setSubmitted] = useState<QuestionDraft | null>(null);
  useEffect(() => {
    if (savedId !== null && submitted) setBaseline(submitted);
  }, [savedId, submitted]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(baseline);

  // Closing or reloading the tab with unsaved edits asks first (the browser's own question).
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  // Leaving the editor inside the app with unsaved edits asks first; the address of the same
  // editor (a new question moving to its ?id=) is not leaving.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  // A refusal may name a field far up the page: bring the first one into view.
  useEffect(() => {
    if (!fieldErrors?.length && !local) return;
    document.querySelector('[data-field-error]')?.scrollIntoView?.({ block: 'center' });
  }, [fieldErrors, local]);

  const placed = useMemo(
    () => placeErrors([...(local ? [local] : []), ...(fieldErrors ?? [])], placesOf(draft)),
    [local, fieldErrors, draft],
  );
  const at = placed.at;
  const set = (patch: Partial<QuestionDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const save = () => {
    const answer = bodyOf(draft, stored);
    if ('problem' in answer) {
      setLocal({ field: answer.field, message: t(`questionEditor.problems.${answer.problem}`) });
      return;
    }
    setLocal(null);
    setSent(true);
    setSubmitted(draft);
    submitStaffWrite(staffEdit, saveCall, answer.body);
  };

  const listPath = area === 'bms' ? '/admin/questions' : '/manage/questions';
  // The server's own rule (`manageable`): a question it would refuse to save is not offered.
  const readOnly = stored !== null && !stored.manageable;

  return (
    <section className="xa-screen xa-qe" aria-labelledby="qe-title">
      <h1 id="qe-title" className="xa-screen-title">
        {stored
          ? t('questionEditor.editTitle', { id: stored.id, title: stored.title })
          : t('questionEditor.newTitle')}{' '}
        {stored && (
          <Tag minimal intent={stored.publication === 'published' ? 'success' : 'none'}>
            {t(`questionEditor.publication.${stored.publication}`)}
          </Tag>
        )}
      </h1>
      <p>
        <Link to={listPath}>{t('questionEditor.backToList')}</Link>
      </p>
      {readOnly && (
        <Callout intent="warning" data-testid="qe-read-only">
          {t('questionEditor.readOnly')}
        </Callout>
      )}

      <section className="xa-section" aria-labelledby="qe-basics">
        <h2 id="qe-basics">{t('questionEditor.basics')}</h2>
        <Field id="qe-type" label={t('questionEditor.type')} place="type" at={at}>
          {stored ? (
            <Tag id="qe-type" minimal large>
              {t(`questionEditor.kinds.${draft.type}`)}
            </Tag>
          ) : (
            <HTMLSelect
              id="qe-type"
              value={draft.type}
              options={QUESTION_KINDS.map((k) => ({
                value: k,
                label: t(`questionEditor.kinds.${k}`),
              }))}
              onChange={(e) => {
                const type = e.target.value as QuestionKind;
                const fresh = emptyDraft(type);
                set({
                  type,
                  options: optionsFor(type, draft.options),
                  timeLimitMs: draft.timeLimitMs || fresh.timeLimitMs,
                  memoryLimitMiB: draft.memoryLimitMiB || fresh.memoryLimitMiB,
                });
              }}
            />
          )}
        </Field>
        <TextField
          id="qe-title-input"
          label={t('questionEditor.title')}
          place="title"
          at={at}
          value={draft.title}
          onChange={(title) => set({ title })}
        />
        <div className="xa-qe-row">
          <SelectField
            id="qe-difficulty"
            label={t('questionEditor.difficulty')}
            place="difficulty"
            at={at}
            value={draft.difficulty}
            options={DIFFICULTY_LEVELS.map((d) => ({
              value: d,
              label: t(`practice.difficulty.${d}`),
            }))}
            onChange={(difficulty) => set({ difficulty })}
          />
          <TextField
            id="qe-tags"
            label={t('questionEditor.tags')}
            helper={t('questionEditor.tagsHint')}
            place="tags"
            at={at}
            value={draft.tags}
            onChange={(tags) => set({ tags })}
          />
          <TextField
            id="qe-source"
            label={t('questionEditor.source')}
            place="source"
            at={at}
            value={draft.source}
            onChange={(source) => set({ source })}
          />
          <TextField
            id="qe-price"
            label={t('questionEditor.price')}
            place="priceFen"
            at={at}
            inputMode="decimal"
            value={draft.price}
            onChange={(price) => set({ price })}
          />
        </div>
      </section>

      <section className="xa-section" aria-labelledby="qe-statement">
        <h2 id="qe-statement">
          {t('questionEditor.statement')}{' '}
          <FileUploadButton
            purpose="articleImage"
            label={t('questionEditor.insertImage')}
            onUploaded={(file) =>
              setDraft((d) => ({
                ...d,
                content: `${d.content}${d.content && !d.content.endsWith('\n') ? '\n' : ''}![${file.originalName}](${file.url})\n`,
              }))
            }
          />
        </h2>
        <Field
          id="qe-content"
          label={t('questionEditor.statementSource')}
          helper={t('questionEditor.statementHint')}
          place="content"
          at={at}
        >
          <MarkdownEditor
            id="qe-content"
            value={draft.content}
            onChange={(content) => set({ content })}
          />
        </Field>
      </section>

      {draft.type === 'programming' ? (
        <ProgrammingFields draft={draft} set={set} at={at} />
      ) : (
        <section className="xa-section" aria-labelledby="qe-options">
          <h2 id="qe-options">{t('questionEditor.options')}</h2>
          <Field
            id="qe-options-list"
            label=""
            helper={t(`questionEditor.optionsHint.${draft.type}`)}
            place={['options', 'answer']}
            at={at}
          >
            <div id="qe-options-list">
              {draft.options.map((option, i) => {
                const single = draft.type !== 'multiple';
                const choose = (correct: boolean) =>
                  set({
                    options: draft.options.map((o, k) =>
                      k === i
                        ? { ...o, correct }
                        : single && correct
                          ? { ...o, correct: false }
                          : o,
                    ),
                  });
                return (
                  <div key={i} className="xa-qe-option" data-testid="qe-option">
                    {single ? (
                      <Radio
                        name="qe-correct"
                        checked={option.correct}
                        aria-label={t('questionEditor.correctOption', { label: LABELS[i] })}
                        onChange={(e) => choose(e.currentTarget.checked)}
                      />
                    ) : (
                      <Checkbox
                        checked={option.correct}
                        aria-label={t('questionEditor.correctOption', { label: LABELS[i] })}
                        onChange={(e) => choose(e.currentTarget.checked)}
                      />
                    )}
                    <Field
                      id={`qe-option-${i}`}
                      label={LABELS[i]!}
                      inline
                      place={`options.${i}`}
                      at={at}
                    >
                      <InputGroup
                        id={`qe-option-${i}`}
                        value={option.text}
                        readOnly={draft.type === 'judge'}
                        onValueChange={(text) =>
                          set({
                            options: draft.options.map((o, k) => (k === i ? { ...o, text } : o)),
                          })
                        }
                      />
                    </Field>
                  </div>
                );
              })}
              {draft.type !== 'judge' && (
                <span className="xa-qe-option-count">
                  <Button
                    size="small"
                    icon="remove"
                    disabled={draft.options.length <= 2}
                    text={t('questionEditor.fewerOptions')}
                    onClick={() => set({ options: draft.options.slice(0, -1) })}
                  />
                  <Button
                    size="small"
                    icon="add"
                    disabled={draft.options.length >= 4}
                    text={t('questionEditor.moreOptions')}
                    onClick={() =>
                      set({ options: [...draft.options, { text: '', correct: false }] })
                    }
                  />
                </span>
              )}
            </div>
          </Field>
          <Field id="qe-analysis" label={t('questionEditor.analysis')} place="analysis" at={at}>
            <TextArea
              id="qe-analysis"
              fill
              rows={5}
              value={draft.analysis}
              onChange={(e) => set({ analysis: e.target.value })}
            />
          </Field>
        </section>
      )}

      <div className="xa-qe-save">
        {placed.unplaced.length > 0 && (
          <Callout intent="danger" role="alert" data-testid="qe-unplaced">
            <ul>
              {placed.unplaced.map((e, i) => (
                <li key={i}>
                  <code>{e.field}</code>：{e.message}
                </li>
              ))}
            </ul>
          </Callout>
        )}
        {refusal && (fieldErrors?.length ?? 0) === 0 && (
          <Callout intent="danger" role="alert" data-testid="qe-refused">
            {refusal.message}
          </Callout>
        )}
        {local && (
          <span className="xa-field-error" role="alert">
            {t('questionEditor.fixFirst')}
          </span>
        )}
        {refusal && (fieldErrors?.length ?? 0) > 0 && (
          <span className="xa-field-error" role="alert" data-testid="qe-refused">
            {t('questionEditor.refused', { count: fieldErrors?.length ?? 0 })}
          </span>
        )}
        {!saving && savedId !== null && !dirty && (
          <span className="xa-muted" role="status" data-testid="qe-saved">
            {t('questionEditor.saved')}
          </span>
        )}
        {dirty && !saving && (
          <span className="xa-muted" data-testid="qe-dirty">
            {t('questionEditor.unsaved')}
          </span>
        )}
        <Button
          intent="primary"
          icon="floppy-disk"
          loading={saving}
          disabled={readOnly}
          text={stored ? t('questionEditor.save') : t('questionEditor.create')}
          data-testid="qe-save"
          onClick={save}
        />
      </div>

      <Alert
        isOpen={blocker.state === 'blocked'}
        intent="warning"
        icon="warning-sign"
        confirmButtonText={t('questionEditor.leave')}
        cancelButtonText={t('questionEditor.stay')}
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        <p>{t('questionEditor.leaveUnsaved')}</p>
      </Alert>
      {stored && draft.type === 'programming' && !readOnly && (
        <CaseData area={area} question={stored} />
      )}
      {!stored && draft.type === 'programming' && (
        <p className="xa-muted">{t('questionEditor.casesAfterCreate')}</p>
      )}
    </section>
  );
}
