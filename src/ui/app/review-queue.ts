/**
 * What waits for the platform's review in 审批队列 (issue 25 item 4;
 * docs/decisions/organizations-classes-and-homework.md, "Approvals with a way in"): every kind the
 * platform passes or rejects, listed once. The approval queue shows them all from this list, and
 * review-queue.test.ts fails when a `bms.*.pass` call has no entry here, so a kind that gains a
 * review cannot be left out of the queue again (as activities and courses once were).
 */
import { activity as activityApi } from '../../contract/activity/refs.ts';
import { course as courseApi } from '../../contract/course/refs.ts';
import { exam as examApi } from '../../contract/exam/refs.ts';
import { homework as homeworkApi } from '../../contract/homework/refs.ts';
import { organization as orgApi } from '../../contract/organization/refs.ts';
import type { StaffWriteCall } from '../../machines/staff-edit/machine.ts';
import { DEFAULT_PAGE_SIZE } from '../../streams/paging.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery } from './staff-queries.ts';

/** One row waiting: what it is, its name, and who it comes from (organization or applicant). */
export interface Waiting {
  kind: ReviewKindName;
  id: number;
  name: string;
  from: string | null;
  /** How many of this kind wait in all (the queue shows the first page of each). */
  total: number;
}

interface ReviewKind {
  kind: ReviewKindName;
  pass: StaffWriteCall;
  reject: StaffWriteCall;
  waiting: (runtime: Runtime) => Promise<Waiting[]>;
}

export const REVIEW_KIND_NAMES = [
  'course',
  'exam',
  'examPaper',
  'activity',
  'homework',
  'organization',
] as const;
export type ReviewKindName = (typeof REVIEW_KIND_NAMES)[number];

const first = { page: 0, size: DEFAULT_PAGE_SIZE };
const rows = <T>(
  kind: ReviewKindName,
  page: { content: T[]; totalElements: number },
  of: (item: T) => { id: number; name: string; from: string | null },
): Waiting[] => page.content.map((item) => ({ kind, total: page.totalElements, ...of(item) }));

/** Every kind the platform reviews, in the order the queue shows them. */
export const REVIEW_KINDS: readonly ReviewKind[] = [
  {
    kind: 'course',
    pass: 'bms.course.pass',
    reject: 'bms.course.reject',
    waiting: async ({ transport }) =>
      rows(
        'course',
        await transport.call(courseApi['bms.course.queryList'], {
          query: first,
          body: { review: 'reviewing' },
        }),
        (c) => ({ id: c.id, name: c.title, from: c.organizationName }),
      ),
  },
  {
    kind: 'exam',
    pass: 'bms.exam.pass',
    reject: 'bms.exam.reject',
    waiting: async ({ transport }) =>
      rows(
        'exam',
        await transport.call(examApi['bms.exam.queryList'], {
          query: first,
          body: { state: 'reviewing' },
        }),
        (e) => ({ id: e.id, name: e.name, from: e.organizationName }),
      ),
  },
  {
    kind: 'examPaper',
    pass: 'bms.examPaper.pass',
    reject: 'bms.examPaper.reject',
    waiting: async ({ transport }) =>
      rows(
        'examPaper',
        await transport.call(examApi['bms.examPaper.queryList'], {
          query: first,
          body: { review: 'reviewing' },
        }),
        (p) => ({ id: p.id, name: p.name, from: p.organizationName }),
      ),
  },
  {
    kind: 'activity',
    pass: 'bms.activity.pass',
    reject: 'bms.activity.reject',
    waiting: async ({ transport }) =>
      rows(
        'activity',
        await transport.call(activityApi['bms.activity.queryList'], {
          query: first,
          body: { state: 'reviewing' },
        }),
        (a) => ({ id: a.id, name: a.title, from: a.organizationName }),
      ),
  },
  {
    kind: 'homework',
    pass: 'bms.homework.pass',
    reject: 'bms.homework.reject',
    waiting: async ({ transport }) =>
      rows(
        'homework',
        await transport.call(homeworkApi['bms.homework.queryList'], {
          query: { ...first, sort: 'id,desc' },
          body: { state: 'reviewing' },
        }),
        (h) => ({ id: h.id, name: h.title, from: h.gradeName }),
      ),
  },
  {
    kind: 'organization',
    pass: 'bms.organization.pass',
    reject: 'bms.organization.reject',
    waiting: async ({ transport }) =>
      rows(
        'organization',
        await transport.call(orgApi['bms.organization.queryList'], {
          query: { ...first, sort: 'id,desc' },
          body: { state: 'reviewing' },
        }),
        (o) => ({ id: o.id, name: o.name, from: o.applicantName }),
      ),
  },
];

/** Everything waiting for the platform's review, every kind read at once. */
export function reviewQueue(runtime: Runtime): QueryDef<Waiting[]> {
  return staffQuery(runtime, 'reviewQueue', async () =>
    (await Promise.all(REVIEW_KINDS.map((k) => k.waiting(runtime)))).flat(),
  );
}
