/**
 * What the homework domain's sub-resources (./homeworks.ts, ./enroll.ts, ./answers.ts) share,
 * written once: the text rule their shapes use, where homework stands on the server's clock,
 * the homework id body, and the staff areas' note.
 */
import { z } from 'zod';
import * as f from '../fields.ts';

export const text = (what: string, max: number) =>
  z.string().trim().max(max, `${what}最多 ${max} 个字符`);

/** Where homework stands on the server's clock: before start, open, late window, closed. */
export const homeworkPhase = z.enum(['notStarted', 'open', 'late', 'closed']);

export const homeworkIdBody = z.strictObject({ homeworkId: f.id });

export const STAFF = '机构管理员本机构全部；教师本人任教班级的作业';
