/**
 * What the membership domain's sub-resources (./memberships.ts, ./rights.ts,
 * ./member-memberships.ts, ./orders.ts) share, written once: the publication state of cards and
 * rights, the name and right-code rules, and the resource operations.
 */
import { z } from 'zod';
import { PUBLICATION_STATES } from '../../machines/lifecycles/publication.ts';

export const publicationState = z.enum(PUBLICATION_STATES);

export const name = (what: string, max: number) =>
  z.string().trim().min(1, `${what}不能为空`).max(max, `${what}最多 ${max} 个字符`);
export const rightCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, '权益编码为字母开头的字母、数字或下划线，最多 40 个');

export const allOps = [
  'create',
  'update',
  'delete',
  'queryById',
  'queryList',
  'querySimpleList',
] as const;
export const publication = ['publish', 'unpublish'] as const;
