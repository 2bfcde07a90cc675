/**
 * Read queries of the practice screens, on the runtime's SWR cache (as queries.ts does for the
 * first screen; kept here so the question-bank schemas stay off the first screen). Lists are
 * read a page at a time (src/streams/paging.ts), each page cached under its own key.
 */
import type { CallBody, CallResult } from '../../contract/call.ts';
import { memberQuestion } from '../../contract/member-question/refs.ts';
import { question as questionApi } from '../../contract/question/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { definedQuery as defined, memberKey } from './defined-query.ts';
import { memberAnswersTag } from './modules/practice.ts';

/** The member's answers' own reads, tagged `memberAnswers` (stale once an answer is graded). */
const MEMBER_ANSWERS_PREFIX = 'memberAnswers:';

export type ProblemPage = CallResult<(typeof questionApi)['oj.question.queryList']>;
export type WrongPage = CallResult<(typeof memberQuestion)['memberQuestion.queryWrongList']>;
export type LatestAnswers = CallResult<(typeof memberQuestion)['memberQuestion.queryLatestList']>;

/** 练习场's two lists: programming problems, and objective questions of every type together. */
export type ProblemKind = 'programming' | 'objective';

type ProblemFilter = CallBody<(typeof questionApi)['oj.question.queryList']>;

const filterOf = (kind: ProblemKind): ProblemFilter =>
  kind === 'programming' ? { type: 'programming' } : { types: ['single', 'multiple', 'judge'] };

/** One page of the published questions of a kind a learner can open. */
export function questionPage(
  runtime: Runtime,
  kind: ProblemKind,
  page: number,
): QueryDef<ProblemPage> {
  return defined(runtime, pageKey(`oj.question.queryList:${kind}`, page), () =>
    runtime.transport.call(questionApi['oj.question.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: filterOf(kind),
    }),
  );
}

/** One page of the member's questions to correct (我的错题), most recently answered first. */
export function wrongPage(runtime: Runtime, page: number): QueryDef<WrongPage> {
  const key = pageKey(`${MEMBER_ANSWERS_PREFIX}${memberKey(runtime)}:wrong`, page);
  return defined(
    runtime,
    key,
    () =>
      runtime.transport.call(memberQuestion['memberQuestion.queryWrongList'], {
        query: { page, size: DEFAULT_PAGE_SIZE },
        body: {},
      }),
    [memberAnswersTag],
  );
}

/**
 * The member's latest graded answer (submission or correction) of each listed question, for
 * the status columns. The key names the member, so another account never sees a cached list;
 * the ids are sorted so the same set is one key.
 */
export function latestAnswers(runtime: Runtime, questionIds: number[]): QueryDef<LatestAnswers> {
  const ids = [...new Set(questionIds)].sort((a, b) => a - b);
  const key = `${MEMBER_ANSWERS_PREFIX}${memberKey(runtime)}:latest:${ids.join(',')}`;
  return defined(
    runtime,
    key,
    () =>
      // No questions listed, no answers to read (the call wants at least one id).
      ids.length === 0
        ? Promise.resolve([])
        : runtime.transport.call(memberQuestion['memberQuestion.queryLatestList'], {
            body: { questionIds: ids },
          }),
    [memberAnswersTag],
  );
}
