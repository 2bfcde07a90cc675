/**
 * Batch enrollment (batchEnroll, batchEnrollByMobile, batchEnrollByTags, batchEnrollByGroups of
 * exams, classes, homework and activities: docs/product-rules.md#the-call-catalogue): the same
 * four request forms and one per-row answer, whatever is enrolled in. `itemField` names what the
 * rows are enrolled in (`examId`, `gradeId`, `homeworkId` …).
 */
import { z } from 'zod';
import * as f from '../fields.ts';

export const MAX_BATCH = 500;

export const batchOutcome = z.enum([
  'enrolled',
  'alreadyEnrolled',
  'unknownMember',
  'unknownMobile',
  'invalidMobile',
  'outOfScope',
  /** The item took no one more (a full class): the message says why. */
  'notAdmitted',
]);
export const batchRow = z.object({
  /** What the row named: a member id or a mobile, as sent. */
  key: z.string(),
  memberId: z.number().int().nullable(),
  memberName: z.string().nullable(),
  outcome: batchOutcome,
  enrollId: z.number().int().nullable(),
  message: z.string(),
});
export const batchAnswer = z.object({
  enrolled: z.number().int(),
  alreadyEnrolled: z.number().int(),
  refused: z.number().int(),
  rows: z.array(batchRow),
});
export type BatchAnswer = z.infer<typeof batchAnswer>;

/**
 * Staff enrollments are free for the learner unless `charge`: then each learner gets an order
 * awaiting payment for the item's fee.
 */
const charge = z.boolean().default(false);

/** The four batch bodies for items named by `field`. */
export function batchBodiesOf<const K extends string>(field: K) {
  const item = { [field]: f.id } as { [P in K]: typeof f.id };
  return {
    byIds: z.strictObject({
      ...item,
      memberIds: z.array(f.id).min(1, '请选择学员').max(MAX_BATCH, `一次最多 ${MAX_BATCH} 人`),
      charge,
    }),
    byMobile: z.strictObject({
      ...item,
      /** Checked row by row: a malformed mobile is that row's outcome, not the request's. */
      mobiles: z
        .array(z.string().trim().max(20))
        .min(1, '请填写手机号')
        .max(MAX_BATCH, `一次最多 ${MAX_BATCH} 个手机号`),
      charge,
    }),
    byTags: z.strictObject({
      ...item,
      tags: z.array(z.string().trim().min(1).max(32)).min(1, '请选择标签').max(20),
      charge,
    }),
    byGroups: z.strictObject({
      ...item,
      /** Classes: every member of each, or only those in the named groups of the classes. */
      gradeIds: z.array(f.id).min(1, '请选择班级').max(50),
      groups: z.array(z.string().trim().min(1).max(32)).max(50).optional(),
      charge,
    }),
  };
}
