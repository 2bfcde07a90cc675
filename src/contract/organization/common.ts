/**
 * What the organization domain's sub-resources (./organizations.ts, ./members.ts,
 * ./people-write.ts, ./passwords.ts, ./member-admin.ts, ./current-member.ts, ./teachers.ts,
 * ./teacher-groups.ts, ./invitations.ts) share, written once: the text and id-list rules their
 * shapes use, the review and active states rows carry, and the resource operations.
 */
import { z } from 'zod';

export const text = (what: string, max: number) =>
  z.string().trim().max(max, `${what}最多 ${max} 个字符`);
export const required = (what: string, min: number, max: number) =>
  z.string().trim().min(min, `${what}至少 ${min} 个字符`).max(max, `${what}最多 ${max} 个字符`);
export const uniqueIds = (ids: readonly number[]) => new Set(ids).size === ids.length;

/** A review state as rows carry it (a row is never stored as `none`). */
export const reviewState = z.enum(['reviewing', 'passed', 'rejected']);
export const activeStatus = z.enum(['active', 'disabled']);

export const READS = ['queryById', 'queryList', 'querySimpleList'] as const;
export const crud = ['create', 'update', 'delete', ...READS] as const;
