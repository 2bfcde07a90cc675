import { Button, Checkbox, Radio, RadioGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CodeField, Field, SelectField, TextField, type MessageAt } from './Field.tsx';
import {
  CHECKER_TYPES,
  FLOAT_MODES,
  needsCheckerSource,
  type QuestionDraft,
} from './question-draft.ts';

const MAX_SAMPLES = 10;
const MAX_SUBTASKS = 50;

type Set = (patch: Partial<QuestionDraft>) => void;

/**
 * What only a programming question has: limits, how the program reads and writes (standard
 * streams or named files; an interactor), the checker, scoring and subtasks, samples and
 * reference solutions.
 */
export function ProgrammingFields({
  draft,
  set,
  at,
}: {
  draft: QuestionDraft;
  set: Set;
  at: MessageAt;
}) {
  const { t } = useTranslation();
  return (
    <>
      <section className="xa-section" aria-labelledby="qe-limits">
        <h2 id="qe-limits">{t('questionEditor.limits')}</h2>
        <div className="xa-qe-row">
          <TextField
            id="qe-time"
            label={t('questionEditor.timeLimit')}
            place="timeLimitMs"
            at={at}
            inputMode="numeric"
            unit="ms"
            value={draft.timeLimitMs}
            onChange={(v) => set({ timeLimitMs: v })}
          />
          <TextField
            id="qe-memory"
            label={t('questionEditor.memoryLimit')}
            place="memoryLimitMiB"
            at={at}
            inputMode="numeric"
            unit="MiB"
            value={draft.memoryLimitMiB}
            onChange={(v) => set({ memoryLimitMiB: v })}
          />
        </div>
      </section>

      <IoFields draft={draft} set={set} at={at} />
      <CheckerFields draft={draft} set={set} at={at} />
      <ScoringFields draft={draft} set={set} at={at} />

      <section className="xa-section" aria-labelledby="qe-samples">
        <h2 id="qe-samples">{t('questionEditor.samples')}</h2>
        <Field id="qe-samples-list" label="" place="samples" at={at}>
          <div id="qe-samples-list">
            {draft.samples.length === 0 && (
              <p className="xa-muted">{t('questionEditor.noSamples')}</p>
            )}
            {draft.samples.map((sample, i) => (
              <fieldset key={i} className="xa-qe-sample" data-testid="qe-sample">
                <legend>{t('questionEditor.sample', { index: i + 1 })}</legend>
                {(['input', 'output'] as const).map((side) => (
                  <CodeField
                    key={side}
                    id={`qe-sample-${i}-${side}`}
                    label={t(
                      side === 'input'
                        ? 'questionEditor.sampleInput'
                        : 'questionEditor.sampleOutput',
                    )}
                    // An input's refusal names the sample itself (samples.N).
                    place={side === 'input' ? `samples.${i}` : `samples.${i}.output`}
                    at={at}
                    rows={4}
                    value={sample[side]}
                    onChange={(text) =>
                      set({
                        samples: draft.samples.map((s, k) =>
                          k === i ? { ...s, [side]: text } : s,
                        ),
                      })
                    }
                  />
                ))}
                <Button
                  size="small"
                  variant="minimal"
                  intent="danger"
                  icon="trash"
                  text={t('questionEditor.removeSample', { index: i + 1 })}
                  onClick={() => set({ samples: draft.samples.filter((_, k) => k !== i) })}
                />
              </fieldset>
            ))}
            <Button
              size="small"
              icon="add"
              disabled={draft.samples.length >= MAX_SAMPLES}
              text={t('questionEditor.addSample')}
              onClick={() => set({ samples: [...draft.samples, { input: '', output: '' }] })}
            />
          </div>
        </Field>
      </section>

      <section className="xa-section" aria-labelledby="qe-solutions">
        <h2 id="qe-solutions">{t('questionEditor.solutions')}</h2>
        <p className="xa-muted">{t('questionEditor.solutionsHint')}</p>
        <CodeField
          id="qe-cpp"
          label="C++"
          place="referenceSolutions.cpp"
          at={at}
          value={draft.cpp}
          onChange={(cpp) => set({ cpp })}
        />
        <CodeField
          id="qe-python"
          label="Python"
          place="referenceSolutions.python"
          at={at}
          value={draft.python}
          onChange={(python) => set({ python })}
        />
      </section>
    </>
  );
}

/** 标准输入输出 or 文件输入输出 with the two names; 交互题 with its interactor. */
function IoFields({ draft, set, at }: { draft: QuestionDraft; set: Set; at: MessageAt }) {
  const { t } = useTranslation();
  return (
    <section className="xa-section" aria-labelledby="qe-io">
      <h2 id="qe-io">{t('questionEditor.io')}</h2>
      <Field id="qe-io-mode" label={t('questionEditor.ioMode')} place="io" at={at}>
        <RadioGroup
          inline
          name="qe-io-mode"
          selectedValue={draft.ioMode}
          onChange={(e) => set({ ioMode: e.currentTarget.value === 'file' ? 'file' : 'stdio' })}
        >
          <Radio value="stdio" label={t('questionEditor.stdio')} />
          <Radio value="file" label={t('questionEditor.fileIo')} />
        </RadioGroup>
      </Field>
      {draft.ioMode === 'file' && (
        <>
          <div className="xa-qe-row">
            <TextField
              id="qe-input-file"
              label={t('questionEditor.inputFile')}
              place="io.input"
              at={at}
              mono
              placeholder="sum.in"
              value={draft.inputFile}
              onChange={(inputFile) => set({ inputFile })}
            />
            <TextField
              id="qe-output-file"
              label={t('questionEditor.outputFile')}
              place="io.output"
              at={at}
              mono
              placeholder="sum.out"
              value={draft.outputFile}
              onChange={(outputFile) => set({ outputFile })}
            />
          </div>
          <p className="xa-muted">{t('questionEditor.fileIoHint')}</p>
        </>
      )}
      <Field id="qe-interactive" label="" place="interactive" at={at}>
        <Checkbox
          id="qe-interactive"
          label={t('questionEditor.interactive')}
          checked={draft.interactive}
          onChange={(e) => set({ interactive: e.currentTarget.checked })}
        />
      </Field>
      {draft.interactive && (
        <CodeField
          id="qe-interactor"
          label={t('questionEditor.interactorSource')}
          helper={t('questionEditor.interactorHint')}
          place="interactorSource"
          at={at}
          rows={14}
          marked
          value={draft.interactorSource}
          onChange={(interactorSource) => set({ interactorSource })}
        />
      )}
    </section>
  );
}

function CheckerFields({ draft, set, at }: { draft: QuestionDraft; set: Set; at: MessageAt }) {
  const { t } = useTranslation();
  return (
    <section className="xa-section" aria-labelledby="qe-checker">
      <h2 id="qe-checker">{t('questionEditor.checker')}</h2>
      <SelectField
        id="qe-checker-type"
        label={t('questionEditor.checkerType')}
        place="checker"
        at={at}
        value={draft.checkerType}
        options={CHECKER_TYPES.map((c) => ({ value: c, label: t(`questionEditor.checkers.${c}`) }))}
        onChange={(checkerType) => set({ checkerType })}
      />
      {draft.checkerType === 'float' && (
        <div className="xa-qe-row">
          <TextField
            id="qe-epsilon"
            label={t('questionEditor.epsilon')}
            place="checker.epsilon"
            at={at}
            inputMode="decimal"
            value={draft.epsilon}
            onChange={(epsilon) => set({ epsilon })}
          />
          <SelectField
            id="qe-float-mode"
            label={t('questionEditor.floatMode')}
            place="checker.mode"
            at={at}
            value={draft.floatMode}
            options={FLOAT_MODES.map((m) => ({
              value: m,
              label: t(`questionEditor.floatModes.${m}`),
            }))}
            onChange={(floatMode) => set({ floatMode })}
          />
        </div>
      )}
      {needsCheckerSource(draft.checkerType) && (
        <CodeField
          id="qe-checker-source"
          label={t('questionEditor.checkerSource')}
          helper={t(`questionEditor.checkerHints.${draft.checkerType}`)}
          place="checkerSource"
          at={at}
          rows={14}
          marked
          value={draft.checkerSource}
          onChange={(checkerSource) => set({ checkerSource })}
        />
      )}
    </section>
  );
}

function ScoringFields({ draft, set, at }: { draft: QuestionDraft; set: Set; at: MessageAt }) {
  const { t } = useTranslation();
  const setSubtask = (i: number, patch: Partial<QuestionDraft['subtasks'][number]>) =>
    set({ subtasks: draft.subtasks.map((s, k) => (k === i ? { ...s, ...patch } : s)) });
  return (
    <section className="xa-section" aria-labelledby="qe-scoring">
      <h2 id="qe-scoring">{t('questionEditor.scoring')}</h2>
      <SelectField
        id="qe-scoring-mode"
        label={t('questionEditor.scoringMode')}
        place="scoring"
        at={at}
        value={draft.scoring}
        options={[
          { value: 'sum', label: t('questionEditor.scoringSum') },
          { value: 'subtasks', label: t('questionEditor.scoringSubtasks') },
        ]}
        onChange={(scoring) =>
          set({
            scoring,
            subtasks:
              scoring === 'subtasks' && draft.subtasks.length === 0
                ? [{ cases: '', score: '', mode: 'min' }]
                : draft.subtasks,
          })
        }
      />
      {draft.scoring === 'subtasks' && (
        <Field id="qe-subtasks" label="" place="subtasks" at={at}>
          <div id="qe-subtasks">
            {draft.subtasks.map((s, i) => (
              <div key={i} className="xa-qe-row" data-testid="qe-subtask">
                <TextField
                  id={`qe-subtask-${i}-cases`}
                  label={t('questionEditor.subtaskCases', { index: i + 1 })}
                  helper={i === 0 ? t('questionEditor.subtaskCasesHint') : undefined}
                  place={`subtasks.${i}.cases`}
                  at={at}
                  placeholder="1-3, 5"
                  value={s.cases}
                  onChange={(cases) => setSubtask(i, { cases })}
                />
                <TextField
                  id={`qe-subtask-${i}-score`}
                  label={t('questionEditor.subtaskScore')}
                  place={`subtasks.${i}.score`}
                  at={at}
                  inputMode="decimal"
                  value={s.score}
                  onChange={(score) => setSubtask(i, { score })}
                />
                <SelectField
                  id={`qe-subtask-${i}-mode`}
                  label={t('questionEditor.subtaskMode')}
                  place={`subtasks.${i}`}
                  at={at}
                  value={s.mode}
                  options={[
                    { value: 'min', label: t('questionEditor.subtaskMin') },
                    { value: 'sum', label: t('questionEditor.subtaskSum') },
                  ]}
                  onChange={(mode) => setSubtask(i, { mode })}
                />
                <Button
                  size="small"
                  variant="minimal"
                  intent="danger"
                  icon="trash"
                  aria-label={t('questionEditor.removeSubtask', { index: i + 1 })}
                  onClick={() => set({ subtasks: draft.subtasks.filter((_, k) => k !== i) })}
                />
              </div>
            ))}
            <Button
              size="small"
              icon="add"
              disabled={draft.subtasks.length >= MAX_SUBTASKS}
              text={t('questionEditor.addSubtask')}
              onClick={() =>
                set({ subtasks: [...draft.subtasks, { cases: '', score: '', mode: 'min' }] })
              }
            />
          </div>
        </Field>
      )}
    </section>
  );
}
