import { Button, Callout, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchAnswer } from '../../../../contract/enrollment/batch.ts';
import { BatchAnswerRows } from './BatchAnswerRows.tsx';
import type { StaffWriteCall } from '../../../../machines/staff-edit/machine.ts';
import { selectAnswer, type StaffWriteResult } from '../../../../machines/staff-edit/selectors.ts';
import { staffGradeChoices, type StaffArea } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { useQuery } from '../../../app/use-query.ts';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';

type Mode = 'mobiles' | 'tags' | 'groups';

/** The staff writes that answer one row per learner (their response schema is BatchAnswer's). */
export type BatchCall = {
  [C in StaffWriteCall]: StaffWriteResult<C> extends BatchAnswer ? C : never;
}[StaffWriteCall];

/** The batch calls an item offers: each mode shows only when its call exists. */
export interface BatchCalls {
  mobiles?: BatchCall;
  tags?: BatchCall;
  groups?: BatchCall;
}

/** Splits pasted text on new lines, commas and semicolons (half or full width). */
export const splitList = (text: string): string[] =>
  text
    .split(/[\s,，;；、]+/)
    .map((m) => m.trim())
    .filter(Boolean);

/**
 * Batch enrollment in an exam, a class or a homework (docs/product-rules.md#the-call-catalogue's batchEnrollByMobile,
 * ByTags, ByGroups): paste mobiles, name member tags, or pick classes and their groups; the
 * answer is one row per learner with its outcome and the reason when refused.
 */
export function BatchEnrollPanel({
  area,
  calls,
  itemField,
  itemId,
}: {
  area: StaffArea;
  calls: BatchCalls;
  itemField: 'examId' | 'gradeId' | 'homeworkId' | 'activityId';
  itemId: number;
}) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const modes = (['mobiles', 'tags', 'groups'] as const).filter((m) => calls[m]);
  const [mode, setMode] = useState<Mode>(modes[0] ?? 'mobiles');
  const [text, setText] = useState('');
  const [gradeId, setGradeId] = useState('');
  const [groups, setGroups] = useState('');
  const call = calls[mode];
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const result = useSelector(staffEdit, (s) => (call ? selectAnswer(s, [call]) : null));
  const error = useSelector(staffEdit, (s) =>
    s.matches('failed') && call && s.context.last?.call === call ? s.context.error : null,
  );
  const choices = useQuery(staffGradeChoices(runtime, area));
  const entries = splitList(text);
  const body = (): Record<string, unknown> | null => {
    const item = { [itemField]: itemId, charge: false };
    if (mode === 'mobiles') return entries.length ? { ...item, mobiles: entries } : null;
    if (mode === 'tags') return entries.length ? { ...item, tags: entries } : null;
    if (!gradeId) return null;
    const named = splitList(groups);
    return { ...item, gradeIds: [Number(gradeId)], ...(named.length ? { groups: named } : {}) };
  };
  const request = body();
  // The body is built per mode above; the server checks it against the call's schema.
  const send = (write: StaffWriteCall, fields: Record<string, unknown>) =>
    submitStaffWrite(staffEdit, write, fields);
  return (
    <section className="xa-section" aria-labelledby="batch-enroll">
      <h3 id="batch-enroll">{t('staffExam.batchTitle')}</h3>
      {modes.length > 1 && (
        <HTMLSelect
          aria-label={t('staffClass.batchMode')}
          value={mode}
          onChange={(e) => setMode(e.currentTarget.value as Mode)}
          options={modes.map((m) => ({ value: m, label: t(`staffClass.batchBy.${m}`) }))}
          data-testid="batch-mode"
        />
      )}
      {mode === 'groups' ? (
        <div className="xa-exam-actions">
          <HTMLSelect
            aria-label={t('staffClass.fromClass')}
            value={gradeId}
            onChange={(e) => setGradeId(e.currentTarget.value)}
            options={[
              { value: '', label: t('staffClass.pickClass') },
              ...(choices.data?.content ?? []).map((g) => ({ value: String(g.id), label: g.name })),
            ]}
          />
          <InputGroup
            aria-label={t('staffClass.groups')}
            placeholder={t('staffClass.groupsHint')}
            value={groups}
            onChange={(e) => setGroups(e.target.value)}
          />
        </div>
      ) : (
        <TextArea
          fill
          rows={3}
          aria-label={t(mode === 'tags' ? 'staffClass.tags' : 'staffExam.mobiles')}
          placeholder={t(mode === 'tags' ? 'staffClass.tagsHint' : 'staffExam.mobilesHint')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="batch-mobiles"
        />
      )}
      <Button
        intent="primary"
        disabled={busy || !request || !call}
        text={
          mode === 'groups'
            ? t('staffClass.enrollGroups')
            : t('staffExam.batchEnroll', { count: entries.length })
        }
        onClick={() => call && request && send(call, request)}
        data-testid="batch-enroll"
      />
      {error && <Callout intent="danger">{error.message}</Callout>}
      {result && <BatchAnswerRows answer={result} testId="batch-result" />}
    </section>
  );
}
