/**
 * Organizations (server/organization/organizations.ts): an organization's shapes, its rights,
 * and its calls — the resource with its review, applied for in edms and passed in bms.
 */
import { z } from 'zod';
import { right } from '../accounts/calls.ts';
import { defineCalls, spec } from '../call.ts';
import * as f from '../fields.ts';
import { defineResource, lifecycleCalls, resourceCalls } from '../resource.ts';
import { READS, activeStatus, crud, required, reviewState, text } from './common.ts';

export const organizationItem = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  description: z.string(),
  contactName: z.string(),
  contactMobile: z.string(),
  address: z.string(),
  isPublic: z.boolean(),
  status: activeStatus,
  state: reviewState,
  reviewReason: z.string().nullable(),
  memberApproval: z.boolean(),
  homeworkReview: z.boolean(),
  /** 考试审核: the organization's exams and exam papers wait for platform review. */
  examReview: z.boolean(),
  applicantName: z.string().nullable(),
  studentCount: z.number().int(),
  teacherCount: z.number().int(),
  gradeCount: z.number().int(),
  createdAt: f.isoTime,
});
export type OrganizationItem = z.infer<typeof organizationItem>;
export const organizationSimpleItem = z.object({
  id: z.number().int(),
  name: z.string(),
  state: reviewState,
});

const organizationFields = {
  name: required('机构名称', 2, 50),
  shortName: text('简称', 20).default(''),
  description: text('简介', 2000).default(''),
  contactName: required('联系人', 1, 20),
  contactMobile: f.mobile,
  address: text('地址', 200).default(''),
  memberApproval: z.boolean().default(false),
  homeworkReview: z.boolean().default(false),
  examReview: z.boolean().default(true),
};
/**
 * Applying (edms) or creating (bms). Platform staff may name the first admin by the mobile of a
 * registered user; an applicant becomes the first admin themselves when passed.
 */
export const organizationCreate = z.strictObject({
  ...organizationFields,
  adminMobile: f.mobile.optional(),
});
export const organizationUpdate = z.strictObject({
  id: f.id,
  name: organizationFields.name.optional(),
  shortName: text('简称', 20).optional(),
  description: text('简介', 2000).optional(),
  contactName: organizationFields.contactName.optional(),
  contactMobile: f.mobile.optional(),
  address: text('地址', 200).optional(),
  memberApproval: z.boolean().optional(),
  homeworkReview: z.boolean().optional(),
  examReview: z.boolean().optional(),
  /** Platform staff only. */
  status: activeStatus.optional(),
  isPublic: z.boolean().optional(),
});
export const organizationFilter = z.strictObject({
  keyword: z.string().trim().max(50).optional(),
  state: reviewState.optional(),
  status: activeStatus.optional(),
});
export const ORGANIZATION_SORT = ['id', 'name', 'createdAt'] as const;

/** What the caller's organization may do: the rights of its staff's valid teacher cards. */
export const organizationRights = z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  rights: z.array(right),
  vip: z.boolean(),
  expireDate: f.isoTime.nullable(),
  studentCount: z.number().int(),
  teacherCount: z.number().int(),
});

export const organizationResource = defineResource({
  noun: '机构',
  segment: 'organization',
  item: organizationItem,
  listItem: organizationItem,
  simpleItem: organizationSimpleItem,
  create: organizationCreate,
  update: organizationUpdate,
  filter: organizationFilter,
  sortFields: ORGANIZATION_SORT,
});

export const organizationCalls = {
  ...resourceCalls(organizationResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: crud,
    note: '平台创建的机构直接通过审核',
  }),
  ...lifecycleCalls(organizationResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: ['pass', 'reject'],
    note: '通过后申请人成为机构管理员',
  }),
  ...resourceCalls(organizationResource, {
    area: 'edms',
    access: 'teacher',
    ops: ['create'],
    note: '申请开设机构，等待平台审核；被驳回后可修改再次提交',
  }),
  ...resourceCalls(organizationResource, {
    area: 'edms',
    access: 'teacher',
    ops: ['update'],
    note: '机构管理员修改本机构；申请人修改被驳回的申请（再次提交审核）',
  }),
  ...resourceCalls(organizationResource, {
    area: 'edms',
    access: 'teacher',
    ops: READS,
    note: '本机构与本人提交的开设申请',
  }),
  ...defineCalls({
    'edms.organization.queryCurrentRights': spec({
      method: 'GET',
      access: 'teacher',
      summary: '当前机构的权益（机构教师持有的有效教师卡）与人数',
      response: organizationRights,
    }),
  }),
};
