/**
 * What the grade domain's sub-resources (./grades.ts, ./syllabus.ts, ./controls.ts, ./enroll.ts,
 * ./settlements.ts) share, written once: the text and id-list rules their shapes use, the class
 * id body, and the staff areas' note.
 */
import { z } from 'zod';
import * as f from '../fields.ts';

export const text = (what: string, max: number) =>
  z.string().trim().max(max, `${what}最多 ${max} 个字符`);
export const uniqueIds = (ids: readonly number[]) => new Set(ids).size === ids.length;

export const gradeIdBody = z.strictObject({ gradeId: f.id });

export const STAFF = '机构管理员本机构全部班级；教师本人任教的班级';
