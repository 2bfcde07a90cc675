/**
 * Read queries of the parent's screens and of the child's binding requests (issue 25 item 11),
 * on the runtime's SWR cache. Keys start with the reader's member id and, for a child's rows,
 * the child's id; a binding change or a payment marks them stale (the `family` tag).
 */
import type { CallResult } from '../../contract/call.ts';
import { parent as api } from '../../contract/parent/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { definedQuery as defined, memberKey } from './defined-query.ts';
import { familyTag } from './modules/family.ts';

export type BindingList = CallResult<(typeof api)['oj.parent.binding.queryMine']>;
export type ChildGradePage = CallResult<(typeof api)['oj.parent.grade.queryList']>;
export type ChildHomeworkPage = CallResult<(typeof api)['oj.parent.homeworkEnroll.queryList']>;
export type ChildSittingPage = CallResult<(typeof api)['oj.parent.examPaperEnroll.queryList']>;
export type ChildOrderPage = CallResult<(typeof api)['oj.parent.member.order.queryList']>;
export type ChildFeed = CallResult<(typeof api)['oj.parent.feed.queryList']>;

const FAMILY_PREFIX = 'family:';

const keyOf = (runtime: Runtime, rest: string) => `${FAMILY_PREFIX}${memberKey(runtime)}:${rest}`;

/** The parent's bindings: asked, bound and recently ended. */
export const myBindings = (runtime: Runtime): QueryDef<BindingList> =>
  defined(
    runtime,
    keyOf(runtime, 'bindings'),
    () => runtime.transport.call(api['oj.parent.binding.queryMine'], {}),
    [familyTag],
  );

/** The child's side: who asks to bind, and who is bound. */
export const bindingsOfMe = (runtime: Runtime): QueryDef<BindingList> =>
  defined(
    runtime,
    keyOf(runtime, 'asked'),
    () => runtime.transport.call(api['oj.childBinding.queryList'], {}),
    [familyTag],
  );

/** A teacher's queue: binding requests of their own learners waiting for an answer. */
export const learnersBindingRequests = (runtime: Runtime): QueryDef<BindingList> =>
  defined(
    runtime,
    keyOf(runtime, 'learnersAsked'),
    () => runtime.transport.call(api['edms.parentBinding.queryList'], {}),
    [familyTag],
  );

const childPage = (childId: number, page: number) => ({
  childId,
  page,
  size: DEFAULT_PAGE_SIZE,
});

export const childGrades = (runtime: Runtime, childId: number, page: number) =>
  defined<ChildGradePage>(
    runtime,
    pageKey(keyOf(runtime, `${childId}:grades`), page),
    () =>
      runtime.transport.call(api['oj.parent.grade.queryList'], {
        query: childPage(childId, page),
        body: {},
      }),
    [familyTag],
  );

export const childHomework = (runtime: Runtime, childId: number, page: number) =>
  defined<ChildHomeworkPage>(
    runtime,
    pageKey(keyOf(runtime, `${childId}:homework`), page),
    () =>
      runtime.transport.call(api['oj.parent.homeworkEnroll.queryList'], {
        query: childPage(childId, page),
        body: {},
      }),
    [familyTag],
  );

export const childSittings = (runtime: Runtime, childId: number, page: number) =>
  defined<ChildSittingPage>(
    runtime,
    pageKey(keyOf(runtime, `${childId}:sittings`), page),
    () =>
      runtime.transport.call(api['oj.parent.examPaperEnroll.queryList'], {
        query: childPage(childId, page),
        body: {},
      }),
    [familyTag],
  );

export const childOrders = (runtime: Runtime, childId: number, page: number) =>
  defined<ChildOrderPage>(
    runtime,
    pageKey(keyOf(runtime, `${childId}:orders`), page),
    () =>
      runtime.transport.call(api['oj.parent.member.order.queryList'], {
        query: childPage(childId, page),
        body: {},
      }),
    [familyTag],
  );

export const childFeed = (runtime: Runtime, childId: number) =>
  defined<ChildFeed>(
    runtime,
    keyOf(runtime, `${childId}:feed`),
    () => runtime.transport.call(api['oj.parent.feed.queryList'], { query: { childId } }),
    [familyTag],
  );

/** A child's homework report, the learner's report answered on the parent's call. */
export const childHomeworkReport = (runtime: Runtime, childId: number, id: number) =>
  defined<CallResult<(typeof api)['oj.parent.homeworkEnroll.report']>>(
    runtime,
    keyOf(runtime, `${childId}:homeworkReport:${id}`),
    () =>
      runtime.transport.call(api['oj.parent.homeworkEnroll.report'], {
        query: { childId, id },
        skipErrorHandler: true,
      }),
    [familyTag],
  );

/** A child's exam report (one sitting's), on the parent's call. */
export const childExamReport = (runtime: Runtime, childId: number, id: number) =>
  defined<CallResult<(typeof api)['oj.parent.examPaperEnroll.report']>>(
    runtime,
    keyOf(runtime, `${childId}:examReport:${id}`),
    () =>
      runtime.transport.call(api['oj.parent.examPaperEnroll.report'], {
        query: { childId, id },
        skipErrorHandler: true,
      }),
    [familyTag],
  );
