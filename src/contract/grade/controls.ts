/**
 * A class's controls (grade/controls; server/grade-controls/controls.ts): what a class lets its
 * students do, each with a default when the class says nothing.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { gradeIdBody } from './common.ts';

/** What a class may let its students do; each has a default when the class says nothing. */
export const GRADE_CONTROL_CODES = [
  'viewTestCases',
  'viewSolutions',
  'useAiAssistant',
  'practiseOutsideHomework',
  'viewRanking',
] as const;
export const gradeControlCode = z.enum(GRADE_CONTROL_CODES);
export type GradeControlCode = z.infer<typeof gradeControlCode>;

export const gradeControlItem = z.object({
  gradeId: z.number().int(),
  code: gradeControlCode,
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** No row: the class uses the default. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export const gradeControlSetting = z.strictObject({
  code: gradeControlCode,
  enabled: z.boolean(),
});
export const gradeControlsUpdate = z.strictObject({
  gradeId: f.id,
  controls: z
    .array(gradeControlSetting)
    .min(1, '请至少设置一项')
    .max(GRADE_CONTROL_CODES.length)
    .refine((cs) => new Set(cs.map((c) => c.code)).size === cs.length, '同一项不能重复设置'),
});
export const gradeControlCreate = z.strictObject({
  gradeId: f.id,
  code: gradeControlCode,
  enabled: z.boolean(),
});
export const gradeControlKey = z.strictObject({ gradeId: f.id, code: gradeControlCode });

const controlsList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    body: gradeIdBody,
    response: z.array(gradeControlItem),
  });
const controlsUpdate = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary: '设置班级管控项（可同时设置多项）',
    body: gradeControlsUpdate,
    response: z.array(gradeControlItem),
  });

export const controlCalls = defineCalls({
  'bms.grade.controls.queryList': controlsList('platformAdmin', '班级的全部管控项（含默认值）'),
  'bms.grade.controls.querySimpleList': controlsList('platformAdmin', '班级的全部管控项'),
  'bms.grade.controls.update': controlsUpdate('platformAdmin'),
  'bms.grade.controls.create': spec({
    method: 'POST',
    access: 'platformAdmin',
    summary: '为班级设置一项管控（已设置则覆盖）',
    body: gradeControlCreate,
    response: gradeControlItem,
  }),
  'bms.grade.controls.delete': spec({
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '撤销班级的一项设置，恢复默认值',
    body: gradeControlKey,
    response: gradeControlItem,
  }),
  'bms.grade.controls.queryById': spec({
    method: 'GET',
    access: 'platformAdmin',
    summary: '班级的一项管控',
    query: gradeControlKey,
    response: gradeControlItem,
  }),
  'edms.grade.controls.queryList': controlsList('teacher', '班级的全部管控项（含默认值）'),
  'edms.grade.controls.update': controlsUpdate('teacher'),
  'oj.grade.controls.queryList': controlsList('member', '本人所在班级允许学员做什么'),
});
