/**
 * The practice and objective machines run a homework question through the homework's calls:
 * every call names the enrollment, drafts come back in their own language, the history is the
 * enrollment's submissions with their late marks, and there is no quota line.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Transport } from '../../transport/client.ts';
import { objectivePracticeMachine } from '../objective-practice/machine.ts';
import { practiceMachine } from '../practice/machine.ts';
import { CODE_TEMPLATES } from '../practice/templates.ts';
import {
  createHomeworkObjectiveImplementations,
  createHomeworkPracticeImplementations,
} from './implementations.ts';

type Call = { id: string; body?: unknown; query?: unknown; signal?: AbortSignal };

/** A transport answering each call id with `answers[id]` (or hanging), remembering calls. */
function fakeTransport(answers: Record<string, (call: Call) => unknown>) {
  const calls: Call[] = [];
  const transport = {
    call: (def: { id: string }, opts: Omit<Call, 'id'> = {}) => {
      const call = { id: def.id, ...opts };
      calls.push(call);
      const answer = answers[def.id];
      return answer ? Promise.resolve(answer(call)) : new Promise(() => {});
    },
  } as unknown as Transport;
  return { transport, calls };
}

const PROGRAM = {
  id: 1,
  type: 'programming',
  title: 'A+B 问题',
  difficulty: 'easy',
  content: '输入两个整数，输出它们的和。',
  samples: [],
  timeLimitMs: 1000,
  memoryLimitMiB: 256,
  io: { mode: 'stdio' },
  interactive: false,
  options: [],
};

const submission = (id: number, late: boolean, answer: string | null) => ({
  id,
  questionId: 1,
  questionTitle: 'A+B 问题',
  language: answer === null ? 'cpp' : null,
  status: 'done',
  verdict: 'AC',
  score: 100,
  maxScore: 100,
  timeMs: 3,
  memoryKiB: 1024,
  createdAt: '2026-11-20T08:00:00.000Z',
  judgedAt: '2026-11-20T08:00:01.000Z',
  late,
  answer,
});

const historyPage = {
  content: [submission(9, true, null), submission(7, false, null)],
  totalElements: 2,
  totalPages: 1,
  number: 0,
  size: 20,
};

describe('homework practice implementations', () => {
  it("restore the answer's one draft in its language, with the enrollment's history and no quota", async () => {
    const { transport, calls } = fakeTransport({
      'oj.question.queryById': () => PROGRAM,
      'oj.homeworkMemberQuestion.queryLatest': () => ({ draft: 'print(1)', language: 'python' }),
      'oj.homeworkMemberQuestion.querySubmissionList': () => historyPage,
    });
    const actor = createActor(
      practiceMachine.provide(
        createHomeworkPracticeImplementations({
          transport,
          onGraded: () => {},
          homeworkEnrollId: 36,
        }),
      ),
      { input: { questionId: 1 } },
    ).start();
    await waitFor(actor, (s) => s.matches({ code: 'saved' }) && s.matches({ history: 'ready' }));
    const { context } = actor.getSnapshot();
    expect(context.language).toBe('python');
    expect(context.source).toBe('print(1)');
    expect(context.quota).toEqual({ used: 0, limit: null });
    expect(context.history.items.map((i) => [i.id, i.kind, i.late])).toEqual([
      [9, 'submit', true],
      [7, 'submit', false],
    ]);
    expect(calls.find((c) => c.id === 'oj.homeworkMemberQuestion.queryLatest')?.query).toEqual({
      homeworkEnrollId: 36,
      questionId: 1,
    });
    expect(
      calls.find((c) => c.id === 'oj.homeworkMemberQuestion.querySubmissionList')?.body,
    ).toEqual({ homeworkEnrollId: 36, questionId: 1 });
    // Practice's own quota is never asked for.
    expect(calls.some((c) => c.id === 'memberQuestion.queryQuota')).toBe(false);

    // Another language has no draft of its own: its template.
    actor.send({ type: 'LANGUAGE', language: 'cpp' });
    await waitFor(actor, (s) => s.matches({ code: 'saved' }) && s.context.language === 'cpp');
    expect(actor.getSnapshot().context.source).toBe(CODE_TEMPLATES.cpp);
    actor.stop();
  });

  it('save, run and submit through the homework calls, naming the enrollment', async () => {
    const { transport, calls } = fakeTransport({
      'oj.question.queryById': () => PROGRAM,
      'oj.homeworkMemberQuestion.queryLatest': () => null,
      'oj.homeworkMemberQuestion.querySubmissionList': () => historyPage,
      'oj.homeworkMemberQuestion.save': () => ({ savedAt: '2026-11-20T08:00:00.000Z' }),
      'oj.homeworkMemberQuestion.debug': () => ({ id: 50, status: 'queued' }),
      'oj.homeworkMemberQuestion.submit': () => ({ id: 51, status: 'queued' }),
    });
    const actor = createActor(
      practiceMachine.provide({
        ...createHomeworkPracticeImplementations({
          transport,
          onGraded: () => {},
          homeworkEnrollId: 36,
        }),
      }),
      { input: { questionId: 1 } },
    ).start();
    await waitFor(actor, (s) => s.matches({ code: 'saved' }));
    actor.send({ type: 'EDIT', source: 'int main(){}' });
    await waitFor(actor, (s) => s.context.draftSavedAt !== null, { timeout: 3_000 });
    expect(calls.find((c) => c.id === 'oj.homeworkMemberQuestion.save')?.body).toEqual({
      homeworkEnrollId: 36,
      questionId: 1,
      language: 'cpp',
      draft: 'int main(){}',
    });

    actor.send({ type: 'RUN', input: '1 2' });
    await waitFor(actor, (s) => s.context.answerId === 50);
    expect(calls.find((c) => c.id === 'oj.homeworkMemberQuestion.debug')?.body).toEqual({
      homeworkEnrollId: 36,
      questionId: 1,
      language: 'cpp',
      source: 'int main(){}',
      input: '1 2',
    });
    actor.stop();

    const again = createActor(
      practiceMachine.provide(
        createHomeworkPracticeImplementations({
          transport,
          onGraded: () => {},
          homeworkEnrollId: 36,
        }),
      ),
      { input: { questionId: 1 } },
    ).start();
    await waitFor(again, (s) => s.matches({ code: 'saved' }));
    again.send({ type: 'EDIT', source: 'int main(){return 0;}' });
    again.send({ type: 'SUBMIT' });
    await waitFor(again, (s) => s.context.answerId === 51);
    expect(calls.find((c) => c.id === 'oj.homeworkMemberQuestion.submit')?.body).toEqual({
      homeworkEnrollId: 36,
      questionId: 1,
      language: 'cpp',
      source: 'int main(){return 0;}',
    });
    again.stop();
  });

  it('cancel the draft request when the actor stops', () => {
    const { transport, calls } = fakeTransport({ 'oj.question.queryById': () => PROGRAM });
    const actor = createActor(
      practiceMachine.provide(
        createHomeworkPracticeImplementations({
          transport,
          onGraded: () => {},
          homeworkEnrollId: 36,
        }),
      ),
      { input: { questionId: 1 } },
    ).start();
    return waitFor(actor, (s) => s.matches({ code: 'loading' })).then(() => {
      const draft = calls.find((c) => c.id === 'oj.homeworkMemberQuestion.queryLatest');
      expect(draft?.signal?.aborted).toBe(false);
      actor.stop();
      expect(draft?.signal?.aborted).toBe(true);
    });
  });
});

describe('homework objective implementations', () => {
  it('submit the flags to the homework, graded at once, and read the options back in the history', async () => {
    let graded = 0;
    const { transport, calls } = fakeTransport({
      'oj.homeworkMemberQuestion.submit': () => ({
        ...submission(60, true, null),
        kind: 'homework',
        verdict: 'WA',
        solution: null,
      }),
      'oj.homeworkMemberQuestion.querySubmissionList': () => ({
        ...historyPage,
        content: [{ ...submission(60, true, '10'), verdict: 'WA' }],
        totalElements: 1,
      }),
    });
    const actor = createActor(
      objectivePracticeMachine.provide(
        createHomeworkObjectiveImplementations({
          transport,
          onGraded: () => graded++,
          homeworkEnrollId: 36,
        }),
      ),
      {
        input: {
          question: {
            id: 3,
            type: 'judge',
            title: '1 + 1 = 3',
            content: '',
            options: [
              { label: 'A', text: '正确' },
              { label: 'B', text: '错误' },
            ],
          },
        },
      },
    ).start();
    actor.send({ type: 'CHOOSE', index: 0 });
    actor.send({ type: 'SUBMIT' });
    await waitFor(
      actor,
      (s) => s.matches({ answer: 'answered' }) && s.matches({ history: 'ready' }),
    );
    expect(calls.find((c) => c.id === 'oj.homeworkMemberQuestion.submit')?.body).toEqual({
      homeworkEnrollId: 36,
      questionId: 3,
      answer: '10',
    });
    expect(graded).toBe(1);
    const { context } = actor.getSnapshot();
    expect(context.result?.verdict).toBe('WA');
    expect(context.result?.solution).toBeNull();
    expect(context.history.items.map((i) => [i.answer, i.late])).toEqual([['10', true]]);
    actor.stop();
  });
});
