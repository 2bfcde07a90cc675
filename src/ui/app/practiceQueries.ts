/**
 * Read queries of the practice screens, on the runtime's SWR cache (as queries.ts does for the
 * first screen; kept here so the question-bank schemas stay off the first screen).
 */
import type { CallResult } from '../../contract/call.ts';
import { memberQuestion } from '../../contract/member-question/refs.ts';
import { question as questionApi } from '../../contract/question/refs.ts';
import type { QuestionType } from '../../contract/question/calls.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';

export type ProblemPage = CallResult<(typeof questionApi)['oj.question.queryList']>;

/** How many questions of each type the play home lists. */
export const PROBLEM_LIST_SIZE = 100;

const byRuntime = new WeakMap<Runtime, Map<QuestionType, QueryDef<ProblemPage>>>();

/** The published questions of one type a learner can open, by title. */
export function questionsOfType(runtime: Runtime, type: QuestionType): QueryDef<ProblemPage> {
  let queries = byRuntime.get(runtime);
  if (!queries) {
    queries = new Map();
    byRuntime.set(runtime, queries);
  }
  let query = queries.get(type);
  if (!query) {
    const key = `questionApi['oj.question.question'].queryList:${type}`;
    query = {
      key,
      state$: runtime.queries.cache.query(key, () =>
        runtime.transport.call(questionApi['oj.question.queryList'], {
          query: { page: 0, size: PROBLEM_LIST_SIZE },
          body: { type },
        }),
      ),
    };
    queries.set(type, query);
  }
  return query;
}

export type LatestAnswers = CallResult<(typeof memberQuestion)['memberQuestion.queryLatestList']>;

const LATEST_ANSWERS_KEY = 'memberQuestion.queryLatestList:';

/** The keys of latestAnswers, for invalidation once a graded answer changes them. */
export const isLatestAnswersKey = (key: string): boolean => key.startsWith(LATEST_ANSWERS_KEY);

const latestByRuntime = new WeakMap<Runtime, Map<string, QueryDef<LatestAnswers>>>();

/**
 * The member's latest graded answer (submission or correction) of each listed question, for the
 * play home's status columns and wrong list. The key names the member, so another account never
 * sees a cached list; the ids are sorted so the same set is one key. The play home lists at most
 * 4 × PROBLEM_LIST_SIZE questions, within the call's 500.
 */
export function latestAnswers(runtime: Runtime, questionIds: number[]): QueryDef<LatestAnswers> {
  const userId = runtime.actors.startup.getSnapshot().context.user?.id ?? 0;
  const ids = [...new Set(questionIds)].sort((a, b) => a - b);
  const key = `${LATEST_ANSWERS_KEY}${userId}:${ids.join(',')}`;
  let queries = latestByRuntime.get(runtime);
  if (!queries) {
    queries = new Map();
    latestByRuntime.set(runtime, queries);
  }
  let query = queries.get(key);
  if (!query) {
    query = {
      key,
      state$: runtime.queries.cache.query(key, () =>
        // No questions listed, no answers to read (the call wants at least one id).
        ids.length === 0
          ? Promise.resolve([])
          : runtime.transport.call(memberQuestion['memberQuestion.queryLatestList'], {
              body: { questionIds: ids },
            }),
      ),
    };
    queries.set(key, query);
  }
  return query;
}
