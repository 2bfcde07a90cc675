/**
 * Chapter calls in every area (contract/calls/chapter.ts): CRUD from the resource helper with the
 * area's scope, the ordered question list, the learner's progress and the teacher's statistics.
 */
import { chapter as chapterApi } from '../../contract/chapter/calls.ts';
import { actionsOf } from '../../contract/resource.ts';
import type { Auth } from '../http/sessions.ts';
import { AppError } from '../http/app-error.ts';
import { handle, type CallShape } from '../http/handler.ts';
import type { Services } from '../services.ts';
import { resourceHandlers } from '../http/resource.ts';
import { chapterStatistics, learnerChapterQuestions } from './progress.ts';
import { memberChapterProgressPage } from './member-progress.ts';
import { SCOPE_OF_AREA } from '../access/scope.ts';
import { chapterQuestions, chapterStore, replaceChapterQuestions } from './store.ts';
import type { ChapterScope } from './store.ts';
import { learnerScope, organizationScope, platformScope } from '../access/scope.ts';

const bmsCalls = actionsOf(chapterApi, 'bms', 'chapter');
const edmsCalls = actionsOf(chapterApi, 'edms', 'chapter');
const appCalls = actionsOf(chapterApi, 'app', 'chapter');
const ojCalls = actionsOf(chapterApi, 'oj', 'chapter');

/**
 * The un-prefixed area serves everyone logged in: a teacher or organization admin acts for the
 * current organization (as in the question bank's app calls), a platform admin without such a
 * role for the platform, and anyone else reads only.
 */
const appScope = (auth: Auth): ChapterScope => {
  if (auth.role === 'teacher' || auth.role === 'orgAdmin') return organizationScope(auth);
  if (auth.platformAdmin) return platformScope(auth);
  return learnerScope(auth);
};

/**
 * The app area's read of one chapter: a teacher reads their organization's and the platform's as
 * staff; another organization's unit of a course open to everyone (content-access/open-courses.ts) they
 * read as any learner does, its paid material locked until bought.
 */
async function readAppChapter(services: Services, auth: Auth, id: number) {
  const scope = appScope(auth);
  try {
    return await chapterStore.get({ services, scope }, id);
  } catch (err) {
    const staffMiss = scope.kind === 'organization' && err instanceof AppError;
    if (!staffMiss || err.codeName !== 'NOT_FOUND') throw err;
    return chapterStore.get({ services, scope: learnerScope(auth) }, id);
  }
}

type Area = typeof bmsCalls | typeof edmsCalls | typeof appCalls;
/** The areas' calls share their schemas (bms's); each entry keeps its area's id. */
type Shared = { [K in keyof typeof bmsCalls]: CallShape<(typeof bmsCalls)[K]> };

const questionListHandlers = <A extends Area>(area: A, scopeOf: (auth: Auth) => ChapterScope) => [
  handle<Shared['queryQuestionList'], A['queryQuestionList']['id']>(
    area.queryQuestionList,
    async ({ services, requireAuth, query, body }) =>
      chapterQuestions({ services, scope: scopeOf(requireAuth()) }, body.id, query),
  ),
  handle<Shared['updateQuestions'], A['updateQuestions']['id']>(
    area.updateQuestions,
    async ({ services, requireAuth, body }) =>
      replaceChapterQuestions(
        { services, scope: scopeOf(requireAuth()) },
        body.id,
        body.questionIds,
      ),
  ),
];

export const chapterHandlers = [
  ...resourceHandlers(bmsCalls, chapterStore, platformScope),
  ...questionListHandlers(bmsCalls, platformScope),
  ...resourceHandlers(edmsCalls, chapterStore, organizationScope),
  ...questionListHandlers(edmsCalls, organizationScope),
  ...resourceHandlers({ ...appCalls, queryById: undefined }, chapterStore, appScope),
  handle(appCalls.queryById, ({ services, requireAuth, query }) =>
    readAppChapter(services, requireAuth(), query.id),
  ),
  ...questionListHandlers(appCalls, appScope),
  handle(ojCalls.queryQuestion, async ({ services, requireAuth, query, body }) => {
    const auth = requireAuth();
    return learnerChapterQuestions(
      { services, scope: learnerScope(auth) },
      auth.memberId,
      body.id,
      query,
    );
  }),
  handle(
    chapterApi['memberQuestion.queryQuestionStatisticsByChapter'],
    async ({ services, requireAuth, query, body }) => {
      const auth = requireAuth();
      return chapterStatistics(
        { services, scope: organizationScope(auth) },
        auth.organizationId,
        body.chapterId,
        query,
      );
    },
  ),
  // A student's progress as their staff read it: who may read the learner decides (learnerRows).
  handle(
    chapterApi['memberQuestion.queryChapterProgressByMember'],
    ({ services, requireAuth, query, body }) =>
      memberChapterProgressPage(
        services.pool,
        SCOPE_OF_AREA.app(requireAuth()),
        body.memberId,
        query,
      ),
  ),
];
