/**
 * What enrolling in an exam, a class or an activity asks for alike
 * (docs/product-rules.md#lifecycle-actions): the list filter, the sort fields, the staff form that
 * enrolls one learner, and the counts by state every enrollment statistics answer opens with.
 * `field` names the item (`examId` …).
 */
import { z } from 'zod';
import * as f from '../fields.ts';

export const ENROLL_SORT = ['id', 'createdAt', 'paidAt'] as const;

/** The list filter of enrollments in items named by `field`. */
export function enrollFilterOf<const K extends string>(field: K) {
  const item = { [field]: f.id.optional() } as { [P in K]: z.ZodOptional<typeof f.id> };
  return z.strictObject({
    ...item,
    state: z.string().max(20).optional(),
    memberId: f.id.optional(),
    /** Member nickname, username or mobile contains this. */
    keyword: z.string().trim().max(50).optional(),
  });
}

/** Staff enroll one learner, optionally marked paid at the desk. */
export function staffEnrollBodyOf<const K extends string>(field: K) {
  const item = { [field]: f.id } as { [P in K]: typeof f.id };
  return z.strictObject({
    ...item,
    memberId: f.id,
    remark: z.string().trim().max(200).default(''),
    paidOffline: z.boolean().default(false),
  });
}

/** Enrollments in one item by order state, with what was paid and refunded. */
export const enrollCounts = z.object({
  total: z.number().int(),
  byState: z.array(z.object({ state: z.string(), count: z.number().int() })),
  paidFen: z.number().int(),
  refundedFen: z.number().int(),
});
