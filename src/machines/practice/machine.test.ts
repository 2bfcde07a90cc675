import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  transition,
  type AnyEventObject,
} from 'xstate';
import type { AnswerDetail, AnswerSummary } from '../../contract/member-question/calls.ts';
import { DRAFT_SAVE_DELAY_MS, practiceMachine } from './machine.ts';
import { CODE_TEMPLATES } from './templates.ts';
import {
  isGradedJob,
  submitModeOf,
  type DraftKey,
  type FollowInput,
  type HistoryRequest,
  type JobRequest,
  type PracticeDraft,
  type PracticeQuestion,
  type PracticeQuota,
  type SubmitMode,
} from './types.ts';
import { flushPromises } from '../test-support.ts';

const question: PracticeQuestion = {
  difficulty: 'easy',
  id: 7,
  type: 'programming',
  title: 'A+B',
  content: 'Add two numbers.',
  samples: [{ input: '1 2\n', output: '3\n' }],
  timeLimitMs: 1000,
  memoryLimitMiB: 256,
  options: [],
};

const summary = (id: number, verdict: AnswerSummary['verdict']): AnswerSummary => ({
  id,
  questionId: 7,
  questionTitle: 'A+B',
  kind: 'submit',
  language: 'cpp',
  status: 'done',
  verdict,
  score: 100,
  maxScore: 100,
  timeMs: 3,
  memoryKiB: 1024,
  createdAt: '2026-01-01T00:00:00.000Z',
  judgedAt: '2026-01-01T00:00:01.000Z',
});

const detail = (id: number, verdict: AnswerDetail['verdict']): AnswerDetail => ({
  ...summary(id, verdict),
  source: 'x',
  input: null,
  progress: null,
  compileOutput: '',
  cases: [{ index: 1, verdict: 'AC', timeMs: 3, memoryKiB: 1024, score: 100, maxScore: 100 }],
  run: null,
  error: null,
  failingCase: null,
  failingCaseHidden: false,
});

interface SetupOptions {
  /** Drafts by language; `latest` is what a load without language gets. */
  drafts?: Partial<Record<string, PracticeDraft>>;
  latest?: PracticeDraft | null;
  question?: PracticeQuestion;
  submitError?: Error;
  reviewError?: Error;
  quota?: PracticeQuota;
  mode?: SubmitMode;
}

function setupPractice(
  drafts: Partial<Record<string, PracticeDraft>> = {},
  options: SetupOptions = {},
) {
  const calls = {
    saves: [] as JobRequest[],
    debugs: [] as JobRequest[],
    submits: [] as JobRequest[],
    reviews: [] as JobRequest[],
    draftLoads: [] as DraftKey[],
    histories: 0,
    historyPages: [] as number[],
    quotas: 0,
    follows: [] as number[],
  };
  const followers: ((event: AnyEventObject) => void)[] = [];
  const clock = new SimulatedClock();
  const machine = practiceMachine.provide({
    actors: {
      loadQuestion: fromPromise(async () => options.question ?? question),
      loadDraft: fromPromise<PracticeDraft | null, DraftKey>(async ({ input }) => {
        calls.draftLoads.push(input);
        return input.language === null
          ? (options.latest ?? null)
          : (drafts[input.language] ?? null);
      }),
      saveDraft: fromPromise<{ updatedAt: string }, JobRequest>(async ({ input }) => {
        calls.saves.push(input);
        return { updatedAt: `save-${calls.saves.length}` };
      }),
      debug: fromPromise<{ id: number }, JobRequest>(async ({ input }) => {
        calls.debugs.push(input);
        return { id: 100 };
      }),
      submit: fromPromise<{ id: number }, JobRequest>(async ({ input }) => {
        calls.submits.push(input);
        if (options.submitError) throw options.submitError;
        return { id: 200 };
      }),
      reviewSubmit: fromPromise<{ id: number }, JobRequest>(async ({ input }) => {
        calls.reviews.push(input);
        if (options.reviewError) throw options.reviewError;
        return { id: 300 };
      }),
      loadQuota: fromPromise<PracticeQuota, void>(async () => {
        calls.quotas += 1;
        return options.quota ?? { used: calls.quotas, limit: 10 };
      }),
      loadHistory: fromPromise(async ({ input }: { input: HistoryRequest }) => {
        calls.histories += 1;
        calls.historyPages.push(input.page);
        return { items: [summary(1, 'WA')], page: input.page, totalPages: 3, totalElements: 41 };
      }),
      followAnswer: fromCallback<AnyEventObject, FollowInput>(({ input, sendBack }) => {
        calls.follows.push(input.id);
        followers.push(sendBack);
      }),
    },
  });
  const actor = createActor(machine, {
    input: { questionId: 7, ...(options.mode ? { mode: options.mode } : {}) },
    clock,
  }).start();
  return { actor, calls, clock, followers, machine };
}

describe('practiceMachine', () => {
  it('loads the question, the history, and the C++ template when there is no draft', async () => {
    const { actor, calls } = setupPractice();
    await flushPromises();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({
      question: 'ready',
      code: 'saved',
      job: 'idle',
      history: 'ready',
      quota: 'ready',
    });
    expect(snapshot.context.question?.title).toBe('A+B');
    expect(snapshot.context.source).toBe(CODE_TEMPLATES.cpp);
    expect(CODE_TEMPLATES.cpp).toMatch(/#include[\s\S]*using namespace std;[\s\S]*int main\(\)/);
    expect(calls.histories).toBe(1);
  });

  it('loads the statement again on RELOAD (a purchase opened it), keeping the code', async () => {
    const { actor } = setupPractice();
    await flushPromises();
    actor.send({ type: 'EDIT', source: 'int main() {}' });
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().value).toMatchObject({ question: 'loading' });
    await flushPromises();
    expect(actor.getSnapshot().value).toMatchObject({ question: 'ready' });
    expect(actor.getSnapshot().context.source).toBe('int main() {}');
  });

  it('restores a saved draft with its custom input', async () => {
    const { actor } = setupPractice(
      {},
      { latest: { source: 'int main(){}', input: '1 2', language: 'cpp' } },
    );
    await flushPromises();
    expect(actor.getSnapshot().context).toMatchObject({ source: 'int main(){}', input: '1 2' });
  });

  it('saves the draft once after a quiet pause, not on every keystroke', async () => {
    const { actor, calls, clock } = setupPractice();
    await flushPromises();
    actor.send({ type: 'EDIT', source: 'a' });
    clock.increment(DRAFT_SAVE_DELAY_MS - 1);
    actor.send({ type: 'EDIT', source: 'ab' });
    clock.increment(DRAFT_SAVE_DELAY_MS - 1);
    expect(calls.saves).toEqual([]);
    clock.increment(1);
    await flushPromises();
    expect(calls.saves).toEqual([{ questionId: 7, language: 'cpp', source: 'ab', input: '' }]);
    expect(actor.getSnapshot().context.draftSavedAt).toBe('save-1');
    expect(actor.getSnapshot().matches({ code: 'saved' })).toBe(true);
  });

  it('saves unsaved edits before switching language, then loads that language', async () => {
    const { actor, calls } = setupPractice({ python: { source: 'print(1)', input: null } });
    await flushPromises();
    actor.send({ type: 'EDIT', source: 'cpp code' });
    actor.send({ type: 'LANGUAGE', language: 'python' });
    await flushPromises();
    await flushPromises();
    expect(calls.saves.map((s) => [s.language, s.source])).toEqual([['cpp', 'cpp code']]);
    expect(actor.getSnapshot().context).toMatchObject({ language: 'python', source: 'print(1)' });
  });

  it('runs on custom input and shows the finished run', async () => {
    const { actor, calls, followers } = setupPractice();
    await flushPromises();
    actor.send({ type: 'RUN', input: '3 4\n' });
    await flushPromises();
    expect(calls.debugs[0]).toMatchObject({ input: '3 4\n', language: 'cpp' });
    expect(calls.follows).toEqual([100]);
    expect(actor.getSnapshot().matches({ job: 'following' })).toBe(true);
    followers[0]?.({ type: 'ANSWER.FINISHED', detail: { ...detail(100, 'AC'), kind: 'debug' } });
    expect(actor.getSnapshot().matches({ job: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.result?.id).toBe(100);
    // A run is not a submission: the history stays as it was.
    expect(calls.histories).toBe(1);
  });

  it('follows a submission through its statuses to the verdict, then reloads the history', async () => {
    const { actor, calls, followers } = setupPractice();
    await flushPromises();
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(calls.submits).toHaveLength(1);
    const send = followers[0];
    const status = {
      id: 200,
      status: 'running' as const,
      verdict: null,
      score: null,
      maxScore: null,
      timeMs: null,
      memoryKiB: null,
      progress: { case: 1, of: 3 },
    };
    send?.({ type: 'ANSWER.PROGRESS', status });
    expect(actor.getSnapshot().context.progress).toEqual(status);
    // Another answer's events are not this one's.
    send?.({ type: 'ANSWER.FINISHED', detail: detail(999, 'WA') });
    expect(actor.getSnapshot().matches({ job: 'following' })).toBe(true);
    send?.({ type: 'ANSWER.FINISHED', detail: detail(200, 'AC') });
    expect(actor.getSnapshot().context).toMatchObject({ progress: null, jobKind: 'submit' });
    expect(actor.getSnapshot().context.result?.verdict).toBe('AC');
    await flushPromises();
    expect(calls.histories).toBe(2);
  });

  it('pages through the history, and goes back to its first page after a graded answer', async () => {
    const { actor, calls, followers } = setupPractice();
    await flushPromises();
    expect(actor.getSnapshot().context.history).toMatchObject({ page: 0, totalElements: 41 });
    actor.send({ type: 'HISTORY.PAGE', page: 2 });
    await flushPromises();
    expect(actor.getSnapshot().context.history.page).toBe(2);
    // Not a page: ignored.
    actor.send({ type: 'HISTORY.PAGE', page: -1 });
    actor.send({ type: 'HISTORY.PAGE', page: 1.5 });
    await flushPromises();
    expect(calls.historyPages).toEqual([0, 2]);
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    followers[0]?.({ type: 'ANSWER.FINISHED', detail: detail(200, 'AC') });
    await flushPromises();
    expect(calls.historyPages).toEqual([0, 2, 0]);
    expect(actor.getSnapshot().context.history.page).toBe(0);
  });

  it('refuses to run or submit empty code, and reports a lost answer', async () => {
    const { actor, calls, followers } = setupPractice({ python: { source: '', input: null } });
    await flushPromises();
    actor.send({ type: 'EDIT', source: '   ' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'RUN' });
    await flushPromises();
    expect(calls.submits).toEqual([]);
    expect(calls.debugs).toEqual([]);
    actor.send({ type: 'EDIT', source: 'print(1)' });
    actor.send({ type: 'RUN' });
    await flushPromises();
    followers[0]?.({ type: 'ANSWER.LOST', message: '网络错误' });
    expect(actor.getSnapshot().context.jobError).toBe('网络错误');
    expect(actor.getSnapshot().matches({ job: 'idle' })).toBe(true);
  });

  it('in the playground (no question) loads no statement or history and only runs', async () => {
    const saves: JobRequest[] = [];
    const machine = practiceMachine.provide({
      actors: {
        loadDraft: fromPromise<PracticeDraft | null, DraftKey>(async () => ({
          source: 'print(1)',
          input: '',
        })),
        saveDraft: fromPromise<{ updatedAt: string }, JobRequest>(async ({ input }) => {
          saves.push(input);
          return { updatedAt: 'now' };
        }),
        debug: fromPromise<{ id: number }, JobRequest>(async () => ({ id: 5 })),
        followAnswer: fromCallback<AnyEventObject, FollowInput>(() => {}),
      },
    });
    const actor = createActor(machine, { input: { questionId: null, language: 'python' } });
    actor.start();
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({
      question: 'none',
      code: 'saved',
      job: 'idle',
      history: 'none',
      quota: 'none',
    });
    expect(actor.getSnapshot().context).toMatchObject({ language: 'python', source: 'print(1)' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches({ job: 'idle' })).toBe(true);
    actor.send({ type: 'RUN', input: '5' });
    await flushPromises();
    expect(actor.getSnapshot().context.answerId).toBe(5);
  });
  it('takes a language chosen while the draft still loads, and loads that language’s draft', async () => {
    const loads: DraftKey[] = [];
    let releaseFirst: () => void = () => {};
    const machine = practiceMachine.provide({
      actors: {
        loadDraft: fromPromise<PracticeDraft | null, DraftKey>(async ({ input }) => {
          loads.push(input);
          // The first load is slow: the learner picks another language meanwhile.
          if (loads.length === 1) await new Promise<void>((r) => (releaseFirst = r));
          return { source: `// ${input.language}`, input: '' };
        }),
        saveDraft: fromPromise<{ updatedAt: string }, JobRequest>(async () => ({
          updatedAt: 'now',
        })),
        followAnswer: fromCallback<AnyEventObject, FollowInput>(() => {}),
      },
    });
    const actor = createActor(machine, { input: { questionId: null, language: 'python' } });
    actor.start();
    expect(actor.getSnapshot().matches({ code: 'loading' })).toBe(true);
    actor.send({ type: 'LANGUAGE', language: 'cpp' });
    await flushPromises();
    releaseFirst();
    await flushPromises();
    expect(loads.map((l) => l.language)).toEqual(['python', 'cpp']);
    expect(actor.getSnapshot().context).toMatchObject({ language: 'cpp', source: '// cpp' });
    expect(actor.getSnapshot().matches({ code: 'saved' })).toBe(true);
  });

  it('reopens a question in the language of the latest draft, asking for it without language', async () => {
    const { actor, calls } = setupPractice(
      {},
      { latest: { source: 'print(2)', input: '5', language: 'python' } },
    );
    await flushPromises();
    expect(calls.draftLoads).toEqual([{ questionId: 7, language: null }]);
    expect(actor.getSnapshot().context).toMatchObject({
      language: 'python',
      source: 'print(2)',
      input: '5',
      restoreLanguage: false,
    });
  });

  it('loads the C++ draft when the latest draft is in a language the screen does not offer', async () => {
    const { actor, calls } = setupPractice(
      { cpp: { source: 'int main(){return 0;}', input: null } },
      { latest: { source: '// c++20', input: null, language: 'cpp20' } },
    );
    await flushPromises();
    await flushPromises();
    expect(calls.draftLoads.map((k) => k.language)).toEqual([null, 'cpp']);
    expect(actor.getSnapshot().context).toMatchObject({
      language: 'cpp',
      source: 'int main(){return 0;}',
    });
  });

  it('starts from the template of the default language when there is no draft at all', async () => {
    const { actor } = setupPractice({}, { latest: null });
    await flushPromises();
    expect(actor.getSnapshot().context).toMatchObject({
      language: 'cpp',
      source: CODE_TEMPLATES.cpp,
    });
  });

  it('an objective question loads no draft, history or quota: the objective screen takes over', async () => {
    const { actor, calls } = setupPractice(
      {},
      {
        question: {
          ...question,
          type: 'judge',
          options: [
            { label: 'A', text: '正确' },
            { label: 'B', text: '错误' },
          ],
        },
      },
    );
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({
      question: 'ready',
      code: 'objective',
      job: 'idle',
      history: 'objective',
      quota: 'objective',
    });
    expect(calls).toMatchObject({ draftLoads: [], histories: 0, quotas: 0 });
  });

  it('reads the quota on opening and again after each submission', async () => {
    const { actor, calls, followers } = setupPractice();
    await flushPromises();
    expect(actor.getSnapshot().context.quota).toEqual({ used: 1, limit: 10 });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(calls.quotas).toBe(2);
    expect(actor.getSnapshot().context.quota).toEqual({ used: 2, limit: 10 });
    // A run is not a submission: the quota is not read again.
    followers[0]?.({ type: 'ANSWER.FINISHED', detail: detail(200, 'AC') });
    actor.send({ type: 'RUN' });
    await flushPromises();
    expect(calls.quotas).toBe(2);
  });

  it('after a submission refused for quota, the code is editable and the quota is read again', async () => {
    const refused = Object.assign(new Error('今日提交次数已用完'), { code: 42900 });
    const { actor, calls } = setupPractice({}, { submitError: refused });
    await flushPromises();
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ job: 'idle' })).toBe(true);
    expect(snapshot.context.jobError).toBe('今日提交次数已用完');
    expect(calls.quotas).toBe(2);
    actor.send({ type: 'EDIT', source: 'int main(){}' });
    expect(actor.getSnapshot().matches({ code: 'unsaved' })).toBe(true);
    actor.send({ type: 'RUN' });
    expect(actor.getSnapshot().matches({ job: 'debugging' })).toBe(true);
  });
});

describe('practiceMachine in review mode (订正)', () => {
  it('reads the mode from the address: only mode=review corrects', () => {
    expect(submitModeOf('review')).toBe('review');
    expect(submitModeOf(null)).toBe('submit');
    expect(submitModeOf('REVIEW')).toBe('submit');
    expect(isGradedJob('review')).toBe(true);
    expect(isGradedJob('submit')).toBe(true);
    expect(isGradedJob('debug')).toBe(false);
    expect(isGradedJob(null)).toBe(false);
  });

  it('starts in submit mode unless the input says review', async () => {
    expect(setupPractice().actor.getSnapshot().context.mode).toBe('submit');
    expect(setupPractice({}, { mode: 'review' }).actor.getSnapshot().context.mode).toBe('review');
  });

  it('SUBMIT in review mode invokes reviewSubmit, not submit (pure transition)', async () => {
    const { actor, machine } = setupPractice({}, { mode: 'review' });
    await flushPromises();
    const idle = actor.getSnapshot();
    const [next, actions] = transition(machine, idle, { type: 'SUBMIT' });
    expect(next.matches({ job: 'reviewing' })).toBe(true);
    expect(next.context.jobKind).toBe('review');
    const started = actions
      .filter((a) => a.type === 'xstate.spawnChild')
      .map((a) => (a.params as { src?: unknown }).src);
    expect(started).toContain('reviewSubmit');
    expect(started).not.toContain('submit');
    // The same screen in submit mode submits.
    const [plain] = transition(
      machine,
      transition(machine, idle, { type: 'MODE', mode: 'submit' })[0],
      { type: 'SUBMIT' },
    );
    expect(plain.matches({ job: 'submitting' })).toBe(true);
    expect(plain.context.jobKind).toBe('submit');
  });

  it('follows a correction to its verdict, with the per-case result, history and quota reloaded', async () => {
    const { actor, calls, followers } = setupPractice({}, { mode: 'review' });
    await flushPromises();
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(calls.submits).toEqual([]);
    expect(calls.reviews).toEqual([
      { questionId: 7, language: 'cpp', source: CODE_TEMPLATES.cpp, input: '' },
    ]);
    expect(calls.follows).toEqual([300]);
    // A correction counts toward the day's submissions.
    expect(calls.quotas).toBe(2);
    followers[0]?.({ type: 'ANSWER.FINISHED', detail: { ...detail(300, 'AC'), kind: 'review' } });
    expect(actor.getSnapshot().context).toMatchObject({ jobKind: 'review', progress: null });
    expect(actor.getSnapshot().context.result?.verdict).toBe('AC');
    await flushPromises();
    expect(calls.histories).toBe(2);
  });

  it('after a refused correction (CONFLICT: nothing to correct) the screen stays usable', async () => {
    const conflict = Object.assign(new Error('该题没有未通过的提交记录，无需订正'), {
      code: 40900,
    });
    const { actor, calls } = setupPractice({}, { mode: 'review', reviewError: conflict });
    await flushPromises();
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(actor.getSnapshot().matches({ job: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.jobError).toBe('该题没有未通过的提交记录，无需订正');
    expect(calls.submits).toEqual([]);
    actor.send({ type: 'EDIT', source: 'int main(){}' });
    expect(actor.getSnapshot().matches({ code: 'unsaved' })).toBe(true);
    // Back in submit mode the same code is submitted normally.
    actor.send({ type: 'MODE', mode: 'submit' });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(calls.submits.map((r) => r.source)).toEqual(['int main(){}']);
    expect(calls.reviews).toHaveLength(1);
  });

  it('a MODE event switches what the next SUBMIT does, and ignores unknown modes', async () => {
    const { actor, calls, followers } = setupPractice();
    await flushPromises();
    actor.send({ type: 'MODE', mode: 'review' });
    actor.send({ type: 'MODE', mode: 'exam' as SubmitMode });
    expect(actor.getSnapshot().context.mode).toBe('review');
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    followers[0]?.({ type: 'ANSWER.FINISHED', detail: detail(300, 'WA') });
    actor.send({ type: 'MODE', mode: 'submit' });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(calls.reviews).toHaveLength(1);
    expect(calls.submits).toHaveLength(1);
  });
});
