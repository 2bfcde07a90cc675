/**
 * Read queries of the practice screens, on the runtime's SWR cache (as queries.ts does for the
 * first screen; kept here so the question-bank schemas stay off the first screen).
 */
import type { CallResult } from '../../contract/call.ts';
import { oj } from '../../contract/routes/question-bank.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';

export type ProblemPage = CallResult<typeof oj.queryList>;

/** How many programming problems the play home lists. */
export const PROBLEM_LIST_SIZE = 100;

const byRuntime = new WeakMap<Runtime, QueryDef<ProblemPage>>();

/** The published programming problems a learner can open, by title. */
export function programmingProblems(runtime: Runtime): QueryDef<ProblemPage> {
  let query = byRuntime.get(runtime);
  if (!query) {
    const key = 'oj.question.queryList:programming';
    query = {
      key,
      state$: runtime.queries.cache.query(key, () =>
        runtime.transport.call(oj.queryList, {
          query: { page: 0, size: PROBLEM_LIST_SIZE },
          body: { type: 'programming' },
        }),
      ),
    };
    byRuntime.set(runtime, query);
  }
  return query;
}
