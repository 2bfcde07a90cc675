/**
 * Read queries of the practice screens, on the runtime's SWR cache (as queries.ts does for the
 * first screen; kept here so the question-bank schemas stay off the first screen).
 */
import type { CallResult } from '../../contract/call.ts';
import type { QuestionType } from '../../contract/calls/question-bank.ts';
import { oj } from '../../contract/routes/question-bank.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';

export type ProblemPage = CallResult<typeof oj.queryList>;

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
    const key = `oj.question.queryList:${type}`;
    query = {
      key,
      state$: runtime.queries.cache.query(key, () =>
        runtime.transport.call(oj.queryList, {
          query: { page: 0, size: PROBLEM_LIST_SIZE },
          body: { type },
        }),
      ),
    };
    queries.set(type, query);
  }
  return query;
}

/** The published programming problems a learner can open, by title. */
export function programmingProblems(runtime: Runtime): QueryDef<ProblemPage> {
  return questionsOfType(runtime, 'programming');
}
