import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, transition, initialTransition } from 'xstate';
import type { GradedAnswer } from '../../contract/member-question/answers.ts';
import type { AnswerSummary } from '../../contract/member-question/common.ts';
import {
  answerDisplay,
  objectivePracticeMachine,
  toggleChoice,
  type ObjectiveQuestion,
  type ObjectiveSubmission,
} from './machine.ts';
import type { HistoryPage, HistoryRequest } from '../practice/types.ts';
import { doneEvent, errorEvent, flushPromises } from '../test-support.ts';

const single: ObjectiveQuestion = {
  id: 3,
  type: 'single',
  title: '`7 / 2` 的值是？',
  content: '',
  options: [
    { label: 'A', text: '3.5' },
    { label: 'B', text: '3' },
    { label: 'C', text: '4' },
    { label: 'D', text: '3.0' },
  ],
};
const multiple: ObjectiveQuestion = { ...single, id: 4, type: 'multiple' };
const trueFalse: ObjectiveQuestion = {
  ...single,
  id: 5,
  type: 'judge',
  options: [
    { label: 'A', text: '正确' },
    { label: 'B', text: '错误' },
  ],
};

const graded = (id: number, verdict: 'AC' | 'WA'): AnswerSummary => ({
  id,
  questionId: 3,
  questionTitle: null,
  kind: 'submit',
  language: null,
  status: 'done',
  verdict,
  score: verdict === 'AC' ? 100 : 0,
  maxScore: 100,
  timeMs: null,
  memoryKiB: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  judgedAt: '2026-01-01T00:00:00.000Z',
});

/** What submitAnswer answers for an objective question: the grade with the solution. */
const withSolution = (summary: AnswerSummary): GradedAnswer => ({
  ...summary,
  solution: { answer: '01', analysis: '0.1 + 0.2 在二进制浮点中不能精确表示。' },
});

describe('toggleChoice', () => {
  it('picks one option alone on single choice and true/false', () => {
    expect(toggleChoice('single', '', 1, 4)).toBe('0100');
    expect(toggleChoice('single', '0100', 3, 4)).toBe('0001');
    expect(toggleChoice('judge', '10', 1, 2)).toBe('01');
  });

  it('toggles options on multiple choice', () => {
    expect(toggleChoice('multiple', '', 0, 4)).toBe('1000');
    expect(toggleChoice('multiple', '1000', 2, 4)).toBe('1010');
    expect(toggleChoice('multiple', '1010', 0, 4)).toBe('0010');
  });

  it('ignores clicks outside the options', () => {
    expect(toggleChoice('single', '0100', 4, 4)).toBe('0100');
    expect(toggleChoice('multiple', '0100', -1, 4)).toBe('0100');
    expect(toggleChoice('multiple', '0100', 1.5, 4)).toBe('0100');
  });
});

describe('answerDisplay (docs/product-rules.md#answers-and-labels)', () => {
  it('maps flags to letters A–D', () => {
    expect(answerDisplay('0100', 4)).toEqual({ kind: 'letters', letters: 'B' });
    expect(answerDisplay('1101', 4)).toEqual({ kind: 'letters', letters: 'ABD' });
    expect(answerDisplay('010', 3)).toEqual({ kind: 'letters', letters: 'B' });
  });

  it('shows two options as correct / incorrect', () => {
    expect(answerDisplay('10', 2)).toEqual({ kind: 'trueFalse', value: true });
    expect(answerDisplay('01', 2)).toEqual({ kind: 'trueFalse', value: false });
  });

  it('shows an empty answer as empty', () => {
    expect(answerDisplay('', 4)).toEqual({ kind: 'empty' });
    expect(answerDisplay('0000', 4)).toEqual({ kind: 'empty' });
    expect(answerDisplay(null, 2)).toEqual({ kind: 'empty' });
  });
});

describe('objectivePracticeMachine transitions', () => {
  const start = (question: ObjectiveQuestion) =>
    initialTransition(objectivePracticeMachine, { question })[0];

  it('starts choosing, with the history loading', () => {
    const s = start(single);
    expect(s.value).toEqual({ answer: 'choosing', history: 'loading' });
    expect(s.context.choice).toBe('');
  });

  it('will not submit before an option is picked', () => {
    const s = transition(objectivePracticeMachine, start(single), { type: 'SUBMIT' })[0];
    expect(s.matches({ answer: 'choosing' })).toBe(true);
  });

  it('submits the picked flags and shows the grading; picking again starts a new attempt', () => {
    let [s] = transition(objectivePracticeMachine, start(multiple), { type: 'CHOOSE', index: 0 });
    [s] = transition(objectivePracticeMachine, s, { type: 'CHOOSE', index: 2 });
    const [submitting, actions] = transition(objectivePracticeMachine, s, { type: 'SUBMIT' });
    expect(submitting.matches({ answer: 'submitting' })).toBe(true);
    const spawn = actions.find((a) => a.type === 'xstate.spawnChild') as
      { params: { input: ObjectiveSubmission } } | undefined;
    expect(spawn?.params.input).toEqual({ questionId: 4, answer: '1010' });
    [s] = transition(
      objectivePracticeMachine,
      submitting,
      doneEvent('submitAnswer', graded(9, 'WA')),
    );
    expect(s.matches({ answer: 'answered' })).toBe(true);
    expect(s.context).toMatchObject({ submitted: '1010', result: { id: 9, verdict: 'WA' } });
    [s] = transition(objectivePracticeMachine, s, { type: 'CHOOSE', index: 2 });
    expect(s.matches({ answer: 'choosing' })).toBe(true);
    expect(s.context).toMatchObject({ choice: '1000', submitted: null, result: null });
  });

  it('keeps the choice after a refused submission', () => {
    let [s] = transition(objectivePracticeMachine, start(single), { type: 'CHOOSE', index: 1 });
    [s] = transition(objectivePracticeMachine, s, { type: 'SUBMIT' });
    [s] = transition(
      objectivePracticeMachine,
      s,
      errorEvent('submitAnswer', new Error('网络错误')),
    );
    expect(s.matches({ answer: 'choosing' })).toBe(true);
    expect(s.context).toMatchObject({ choice: '0100', error: '网络错误', result: null });
  });

  it('ignores a pick of an option the question does not have', () => {
    const [s] = transition(objectivePracticeMachine, start(trueFalse), {
      type: 'CHOOSE',
      index: 2,
    });
    expect(s.context.choice).toBe('');
  });
});

describe('objectivePracticeMachine with its effects', () => {
  it('answers wrong then right, and reloads the history after each attempt', async () => {
    const submissions: ObjectiveSubmission[] = [];
    let historyLoads = 0;
    const machine = objectivePracticeMachine.provide({
      actors: {
        submitAnswer: fromPromise<GradedAnswer, ObjectiveSubmission>(async ({ input }) => {
          submissions.push(input);
          return withSolution(graded(submissions.length, input.answer === '01' ? 'AC' : 'WA'));
        }),
        loadHistory: fromPromise<HistoryPage, HistoryRequest>(async ({ input }) => {
          historyLoads += 1;
          const items = submissions.map((_, i) => graded(i + 1, i === 1 ? 'AC' : 'WA'));
          return { items, page: input.page, totalPages: 1, totalElements: items.length };
        }),
      },
    });
    const actor = createActor(machine, { input: { question: trueFalse } }).start();
    await flushPromises();
    actor.send({ type: 'CHOOSE', index: 0 });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(actor.getSnapshot().context.result?.verdict).toBe('WA');
    // A wrong attempt already shows the correct answer and the analysis the server sent.
    expect(actor.getSnapshot().context.result?.solution?.answer).toBe('01');
    actor.send({ type: 'CHOOSE', index: 1 });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    await flushPromises();
    const { context } = actor.getSnapshot();
    expect(context.result?.verdict).toBe('AC');
    expect(submissions).toEqual([
      { questionId: 5, answer: '10' },
      { questionId: 5, answer: '01' },
    ]);
    expect(historyLoads).toBe(3);
    expect(context.history.items.map((h) => h.verdict)).toEqual(['WA', 'AC']);
  });
});

describe('objectivePracticeMachine in review mode (订正)', () => {
  const startIn = (mode: 'submit' | 'review') =>
    initialTransition(objectivePracticeMachine, { question: single, mode })[0];
  const spawned = (actions: readonly { type: string; params?: unknown }[]) =>
    actions
      .filter((a) => a.type === 'xstate.spawnChild')
      .map((a) => a.params as { src?: unknown; input?: unknown });

  it('starts in the mode of the input, submit by default', () => {
    expect(startIn('review').context.mode).toBe('review');
    expect(initialTransition(objectivePracticeMachine, { question: single })[0].context.mode).toBe(
      'submit',
    );
  });

  it('SUBMIT in review mode invokes reviewSubmit with the picked flags', () => {
    const [s] = transition(objectivePracticeMachine, startIn('review'), {
      type: 'CHOOSE',
      index: 1,
    });
    const [reviewing, actions] = transition(objectivePracticeMachine, s, { type: 'SUBMIT' });
    expect(reviewing.matches({ answer: 'reviewing' })).toBe(true);
    expect(reviewing.hasTag('busy')).toBe(true);
    const started = spawned(actions);
    expect(started.map((a) => a.src)).toEqual(['reviewSubmit']);
    expect(started[0]?.input).toEqual({ questionId: 3, answer: '0100' });
    const [answered] = transition(
      objectivePracticeMachine,
      reviewing,
      doneEvent('reviewSubmit', { ...withSolution(graded(11, 'AC')), kind: 'review' }),
    );
    expect(answered.matches({ answer: 'answered' })).toBe(true);
    expect(answered.context).toMatchObject({
      submitted: '0100',
      result: { id: 11, kind: 'review' },
    });
  });

  it('keeps the choice after a refused correction (CONFLICT), ready to try again', () => {
    let [s] = transition(objectivePracticeMachine, startIn('review'), { type: 'CHOOSE', index: 2 });
    [s] = transition(objectivePracticeMachine, s, { type: 'SUBMIT' });
    [s] = transition(
      objectivePracticeMachine,
      s,
      errorEvent('reviewSubmit', new Error('该题没有未通过的提交记录，无需订正')),
    );
    expect(s.matches({ answer: 'choosing' })).toBe(true);
    expect(s.context).toMatchObject({
      choice: '0010',
      error: '该题没有未通过的提交记录，无需订正',
    });
    const [again] = transition(objectivePracticeMachine, s, { type: 'SUBMIT' });
    expect(again.matches({ answer: 'reviewing' })).toBe(true);
  });

  it('switching to review after a verdict starts a fresh attempt; the same mode changes nothing', () => {
    let [s] = transition(objectivePracticeMachine, startIn('submit'), { type: 'CHOOSE', index: 0 });
    [s] = transition(objectivePracticeMachine, s, { type: 'SUBMIT' });
    [s] = transition(objectivePracticeMachine, s, doneEvent('submitAnswer', graded(9, 'WA')));
    const [same] = transition(objectivePracticeMachine, s, { type: 'MODE', mode: 'submit' });
    expect(same.matches({ answer: 'answered' })).toBe(true);
    expect(same.context.result?.id).toBe(9);
    const [fresh] = transition(objectivePracticeMachine, s, { type: 'MODE', mode: 'review' });
    expect(fresh.matches({ answer: 'choosing' })).toBe(true);
    expect(fresh.context).toMatchObject({
      mode: 'review',
      choice: '',
      result: null,
      submitted: null,
    });
  });

  it('a mode change while choosing keeps the picked option and redirects the next SUBMIT', () => {
    let [s] = transition(objectivePracticeMachine, startIn('submit'), { type: 'CHOOSE', index: 3 });
    [s] = transition(objectivePracticeMachine, s, { type: 'MODE', mode: 'review' });
    expect(s.context).toMatchObject({ mode: 'review', choice: '0001' });
    const [next, actions] = transition(objectivePracticeMachine, s, { type: 'SUBMIT' });
    expect(next.matches({ answer: 'reviewing' })).toBe(true);
    expect(spawned(actions).map((a) => a.src)).toEqual(['reviewSubmit']);
  });
});
