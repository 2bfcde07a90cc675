/**
 * Teaching groups (教研组; server/organization/teacher-groups.ts): a group's shapes, who is in
 * it, and the resource's calls.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import * as f from '../fields.ts';
import { defineResource, resourceCalls } from '../resource.ts';
import { READS, required, text, uniqueIds } from './common.ts';
import { teacherItem } from './teachers.ts';

export const groupMembersBody = z.strictObject({
  groupId: f.id,
  memberIds: z.array(f.id).min(1, '请选择教师').max(200).refine(uniqueIds, '教师不能重复'),
});
export const groupMembersAnswer = z.object({
  groupId: z.number().int(),
  /** How many of the teachers changed (already in, or already out, are not counted). */
  changed: z.number().int(),
  memberCount: z.number().int(),
});
export const setGroupsBody = z.strictObject({
  memberId: f.id,
  groupIds: z.array(f.id).max(50).refine(uniqueIds, '分组不能重复'),
});

export const teacherGroupItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  sort: z.number().int(),
  memberCount: z.number().int(),
  organizationId: z.number().int(),
  createdAt: f.isoTime,
});
export const teacherGroupSimpleItem = z.object({ id: z.number().int(), name: z.string() });
export const teacherGroupCreate = z.strictObject({
  name: required('分组名称', 1, 32),
  description: text('说明', 200).default(''),
  sort: f.wholeNumber(0, 9999).default(0),
});
export const teacherGroupUpdate = z.strictObject({
  id: f.id,
  name: required('分组名称', 1, 32).optional(),
  description: text('说明', 200).optional(),
  sort: f.wholeNumber(0, 9999).optional(),
});
export const teacherGroupFilter = z.strictObject({ keyword: z.string().trim().max(32).optional() });
export const TEACHER_GROUP_SORT = ['sort', 'id', 'name'] as const;

export const teacherGroupResource = defineResource({
  noun: '教研分组',
  segment: 'teacherGroup',
  item: teacherGroupItem,
  listItem: teacherGroupItem,
  simpleItem: teacherGroupSimpleItem,
  create: teacherGroupCreate,
  update: teacherGroupUpdate,
  filter: teacherGroupFilter,
  sortFields: TEACHER_GROUP_SORT,
});

export const teacherGroupCalls = {
  ...defineCalls({
    'edms.teacherMember.addToGroup': spec({
      method: 'POST',
      access: 'orgAdmin',
      summary: '把教师加入分组',
      body: groupMembersBody,
      response: groupMembersAnswer,
    }),
    'edms.teacherMember.removeFromGroup': spec({
      method: 'POST',
      access: 'orgAdmin',
      summary: '把教师移出分组',
      body: groupMembersBody,
      response: groupMembersAnswer,
    }),
    'edms.teacherMember.setGroups': spec({
      method: 'POST',
      access: 'orgAdmin',
      summary: '设置一名教师所在的全部分组',
      body: setGroupsBody,
      response: teacherItem,
    }),
  }),
  ...resourceCalls(teacherGroupResource, {
    area: 'edms',
    access: 'orgAdmin',
    ops: ['create', 'update', 'delete'],
    note: '机构管理员',
  }),
  ...resourceCalls(teacherGroupResource, { area: 'edms', access: 'teacher', ops: READS }),
};
