/**
 * The shapes of activities (issue 10 item 1): the activity (a contest linking questions of the
 * bank, or an event without questions), its enrollments (orders of kind `activity`) and the
 * standings read from the view `activity_standings`. The calls are in ./calls.ts.
 */
import { z } from 'zod';
import * as f from '../fields.ts';
import { ACTIVITY_STATES } from '../../machines/lifecycles/activity.ts';
import { orderDetail, orderItem } from '../order/orders.ts';
import { batchBodiesOf } from '../enrollment/batch.ts';
import {
  ENROLL_SORT,
  enrollCounts,
  enrollFilterOf,
  staffEnrollBodyOf,
} from '../enrollment/item.ts';
import { scoredQuestion, scoredQuestionsOf } from '../question/scored.ts';
import { MAX_PRICE_FEN } from '../money.ts';

const text = (what: string, min: number, max: number) =>
  z.string().trim().min(min, `${what}不能为空`).max(max, `${what}最多 ${max} 个字符`);

export const MAX_ACTIVITY_QUESTIONS = 50;

export const activityState = z.enum(
  ACTIVITY_STATES.filter((s) => s !== 'none') as [
    'reviewing',
    'rejected',
    'approved',
    'published',
    'unpublished',
    'stopped',
  ],
);
/** A contest links questions and ranks by score; an event is attended by enrolling. */
export const activityKind = z.enum(['contest', 'event']);
/** Where an activity stands on the clock: not started, running, or over (ended or stopped). */
export const activityPhase = z.enum(['upcoming', 'running', 'ended']);

export const activityItem = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  description: z.string(),
  kind: activityKind,
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  state: activityState,
  reviewReason: z.string().nullable(),
  startAt: f.isoTime,
  endAt: f.isoTime,
  stoppedAt: f.isoTime.nullable(),
  phase: activityPhase,
  priceFen: z.number().int(),
  /** null: no limit. */
  capacity: z.number().int().nullable(),
  /** Places left (awaiting payment holds one); null without a limit. */
  seatsLeft: z.number().int().nullable(),
  showRanking: z.boolean(),
  enrolledCount: z.number().int(),
  questionCount: z.number().int(),
  totalScore: z.number().int(),
  /**
   * The linked questions. A learner reads them once enrolled and the activity started
   * (`questionsOpen`); before that the list is empty and only the count shows.
   */
  questionsOpen: z.boolean(),
  questions: z.array(scoredQuestion),
  serverNow: f.isoTime,
  createdAt: f.isoTime,
  updatedAt: f.isoTime,
});
export type ActivityItem = z.infer<typeof activityItem>;
export const activitySimpleItem = activityItem.pick({
  id: true,
  title: true,
  kind: true,
  state: true,
  startAt: true,
  endAt: true,
  priceFen: true,
});

const activityFields = {
  title: text('活动名称', 1, 80),
  summary: z.string().trim().max(200, '活动简介最多 200 个字符'),
  description: z.string().max(20_000, '活动说明最多 20000 个字符'),
  kind: activityKind,
  startAt: f.isoDateTime,
  endAt: f.isoDateTime,
  priceFen: f.wholeNumber(0, MAX_PRICE_FEN),
  capacity: f.wholeNumber(1, 100_000).nullable(),
  showRanking: z.boolean(),
  questions: scoredQuestionsOf('活动', MAX_ACTIVITY_QUESTIONS),
};

interface ActivityShape {
  kind?: string;
  startAt?: string;
  endAt?: string;
  questions?: unknown[];
}
/** Rules between the fields, each naming its field. */
export function activityRules(a: ActivityShape, ctx: z.core.$RefinementCtx): void {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (!f.inOrder(a.startAt, a.endAt)) issue('endAt', '活动结束时间须晚于开始时间');
  if (a.kind === 'contest' && a.questions !== undefined && a.questions.length === 0) {
    issue('questions', '竞赛活动须至少选择一道题');
  }
  if (a.kind === 'event' && (a.questions?.length ?? 0) > 0) {
    issue('questions', '普通活动不关联题目（需要计分请选择竞赛）');
  }
}

export const activityCreate = z
  .strictObject({
    ...activityFields,
    summary: activityFields.summary.default(''),
    description: activityFields.description.default(''),
    kind: activityFields.kind.default('contest'),
    priceFen: activityFields.priceFen.default(0),
    capacity: activityFields.capacity.default(null),
    showRanking: activityFields.showRanking.default(true),
    questions: activityFields.questions.default([]),
  })
  .superRefine(activityRules);
/** Only the fields sent change; the rules are checked again on the row as it would become. */
export const activityUpdate = z
  .strictObject({
    id: f.id,
    title: activityFields.title.optional(),
    summary: activityFields.summary.optional(),
    description: activityFields.description.optional(),
    kind: activityFields.kind.optional(),
    startAt: activityFields.startAt.optional(),
    endAt: activityFields.endAt.optional(),
    priceFen: activityFields.priceFen.optional(),
    capacity: activityFields.capacity.optional(),
    showRanking: activityFields.showRanking.optional(),
    questions: activityFields.questions.optional(),
  })
  .superRefine(activityRules);

export const activityFilter = z.strictObject({
  keyword: z.string().trim().max(40).optional(),
  state: activityState.optional(),
  phase: activityPhase.optional(),
  kind: activityKind.optional(),
  organizationId: f.id.optional(),
  /** Learners: only activities I enrolled in. */
  enrolled: z.boolean().optional(),
});
export const ACTIVITY_SORT = ['startAt', 'id', 'title'] as const;

// ——— Enrollment ———

/** A participant's place in the activity (the view activity_standings). */
export const standing = z.object({
  score: z.number().int(),
  completed: z.boolean(),
  finishedAt: f.isoTime.nullable(),
  /** Null for a learner when the activity does not show its ranking. */
  rank: z.number().int().nullable(),
});
export type Standing = z.infer<typeof standing>;

/** An activity enrollment: its order, and the participant's standing while it holds a place. */
export const activityEnrollItem = orderItem.extend({
  activityId: z.number().int(),
  mobile: z.string().nullable(),
  standing: standing.nullable(),
});
export type ActivityEnrollItem = z.infer<typeof activityEnrollItem>;
export const activityEnrollFilter = enrollFilterOf('activityId');
export const ACTIVITY_ENROLL_SORT = ENROLL_SORT;

export const {
  byIds: batchByIdsBody,
  byMobile: batchByMobileBody,
  byTags: batchByTagsBody,
  byGroups: batchByGroupsBody,
} = batchBodiesOf('activityId');
export const staffEnrollBody = staffEnrollBodyOf('activityId');

export const enrollStatistics = enrollCounts.extend({
  activityId: z.number().int(),
  /** Participants holding a place who answered at least once, and who completed. */
  participated: z.number().int(),
  completed: z.number().int(),
  averageScore: z.number().nullable(),
  highestScore: z.number().int().nullable(),
});
export const mineStatistics = z.object({
  enrolled: z.number().int(),
  completed: z.number().int(),
  /** Best rank in a contest with a ranking, null when none. */
  bestRank: z.number().int().nullable(),
});
export const mineEnrollment = z.object({
  order: orderDetail,
  activity: activityItem,
  standing: standing.nullable(),
});
export const latestQuery = z.strictObject({ activityId: f.id.optional() });

export const rankingBody = z.strictObject({ activityId: f.id });
export const rankingRow = z.object({
  rank: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  organizationName: z.string(),
  enrollId: z.number().int(),
  score: z.number().int(),
  completed: z.boolean(),
  finishedAt: f.isoTime.nullable(),
});
export type RankingRow = z.infer<typeof rankingRow>;
