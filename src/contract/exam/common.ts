/**
 * What the exam domain's sub-resources (./papers.ts, ./exams.ts, ./enroll.ts, ./sittings.ts,
 * ./answers.ts) share, written once: the text and id-list rules their shapes use, the exam id
 * body that papers and exams both read by, and the staff areas' operations and note.
 */
import { z } from 'zod';
import * as f from '../fields.ts';

export const text = (what: string, min: number, max: number) =>
  z.string().trim().min(min, `${what}不能为空`).max(max, `${what}最多 ${max} 个字符`);
export const uniqueIds = (ids: readonly number[]) => new Set(ids).size === ids.length;

export const examIdBody = z.strictObject({ examId: f.id });

export const crud = [
  'create',
  'update',
  'delete',
  'queryById',
  'queryList',
  'querySimpleList',
] as const;
export const STAFF = '平台管理员全部；教师本机构';
