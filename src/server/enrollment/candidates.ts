/**
 * Whom a batch enrollment names (docs/product-rules.md#the-call-catalogue batchEnroll, batchEnrollByMobile,
 * batchEnrollByTags, batchEnrollByGroups), resolved to members under the caller's scope: each
 * row either a member or the reason it is none (unknown mobile, malformed mobile …).
 */
import type { BatchAnswer } from '../../contract/enrollment/batch.ts';
import { gradeRows, managedBy } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';

export interface Candidate {
  key: string;
  memberId: number | null;
  memberName: string | null;
  organizationId: number | null;
  /** Set when the row was refused before enrollment (unknown mobile …). */
  refused?: { outcome: BatchAnswer['rows'][number]['outcome']; message: string };
}

const MEMBER_SELECT = `SELECT m.id, m.nickname, m.organization_id, u.mobile
  FROM members m JOIN users u ON u.id = m.user_id WHERE m.status = 'active'`;

interface MemberRow {
  id: number;
  nickname: string;
  organization_id: number;
  mobile: string | null;
}

const candidateOf = (key: string, m: MemberRow | undefined): Candidate => ({
  key,
  memberId: m?.id ?? null,
  memberName: m?.nickname ?? null,
  organizationId: m?.organization_id ?? null,
});

export async function membersById(db: Queryable, ids: number[]): Promise<Candidate[]> {
  const { rows } = await db.query<MemberRow>(
    `${MEMBER_SELECT} AND m.role = 'student' AND m.id = ANY($1::int[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => candidateOf(String(id), byId.get(id)));
}

/**
 * Learners by mobile: the learner account (student) of the user with that mobile, preferring
 * one in the caller's organization. Each row says what became of it.
 */
export async function membersByMobile(
  db: Queryable,
  scope: Scope,
  mobiles: string[],
): Promise<Candidate[]> {
  const valid = mobiles.filter((m) => /^1\d{10}$/.test(m));
  const { rows } = await db.query<MemberRow>(
    `${MEMBER_SELECT} AND u.mobile = ANY($1::text[]) AND m.role = 'student'
      ORDER BY (m.organization_id = $2) DESC, m.id`,
    [valid, scope.kind === 'organization' ? scope.organizationId : -1],
  );
  const byMobile = new Map<string, MemberRow>();
  for (const r of rows) if (r.mobile && !byMobile.has(r.mobile)) byMobile.set(r.mobile, r);
  return mobiles.map((mobile) => {
    if (!/^1\d{10}$/.test(mobile)) {
      return {
        ...candidateOf(mobile, undefined),
        refused: { outcome: 'invalidMobile' as const, message: '手机号应为 11 位数字' },
      };
    }
    const m = byMobile.get(mobile);
    return m
      ? candidateOf(mobile, m)
      : {
          ...candidateOf(mobile, undefined),
          refused: { outcome: 'unknownMobile' as const, message: '手机号未注册学员账号' },
        };
  });
}

/** Learners with any of the tags (in the caller's organization for a teacher). */
export async function membersByTags(
  db: Queryable,
  scope: Scope,
  tags: string[],
): Promise<Candidate[]> {
  const sql = new SqlParams();
  const where = `m.tags && ${sql.add(tags)}::text[] AND m.role = 'student' AND ${managedBy(scope, 'm.organization_id', sql)}`;
  const { rows } = await db.query<MemberRow>(
    `${MEMBER_SELECT} AND ${where} ORDER BY m.id`,
    sql.values,
  );
  return rows.map((m) => candidateOf(String(m.id), m));
}

/** Every member of the classes (a teacher: their organization's classes), or of their groups. */
export async function membersOfGrades(
  db: Queryable,
  scope: Scope,
  gradeIds: number[],
  groups: string[] = [],
): Promise<Candidate[]> {
  const sql = new SqlParams();
  const where = `g.id = ANY(${sql.add(gradeIds)}::int[]) AND ${gradeRows(scope, 'g', sql)}`;
  const grades = await db.query<{ id: number }>(
    `SELECT g.id FROM grades g WHERE ${where} AND g.deleted_at IS NULL`,
    sql.values,
  );
  const found = new Set(grades.rows.map((g) => g.id));
  const missing = gradeIds.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw fail('NOT_FOUND', `班级 ${missing.join('、')} 不存在或不是你管理的班级`);
  }
  // Named groups narrow each class to the students in any of them.
  const { rows } = await db.query<MemberRow>(
    `${MEMBER_SELECT} AND EXISTS (SELECT 1 FROM grade_members gm
        WHERE gm.member_id = m.id AND gm.grade_id = ANY($1::int[])
          AND (cardinality($2::text[]) = 0 OR gm.groups && $2::text[])) ORDER BY m.id`,
    [gradeIds, groups],
  );
  return rows.map((m) => candidateOf(String(m.id), m));
}

/** The four batch forms, by the action that names them in every enrollment group. */
export const BATCH_ENROLL_ACTIONS = [
  'batchEnroll',
  'batchEnrollByMobile',
  'batchEnrollByTags',
  'batchEnrollByGroups',
] as const;
export type BatchEnrollAction = (typeof BATCH_ENROLL_ACTIONS)[number];

/** Whom a batch body names, read by its form (contract/enrollment/batch.ts batchBodiesOf). */
export function candidatesOf(
  db: Queryable,
  scope: Scope,
  action: BatchEnrollAction,
  body: Record<string, unknown>,
): Promise<Candidate[]> {
  switch (action) {
    case 'batchEnroll':
      return membersById(db, body.memberIds as number[]);
    case 'batchEnrollByMobile':
      return membersByMobile(db, scope, body.mobiles as string[]);
    case 'batchEnrollByTags':
      return membersByTags(db, scope, body.tags as string[]);
    case 'batchEnrollByGroups':
      return membersOfGrades(
        db,
        scope,
        body.gradeIds as number[],
        (body.groups as string[] | undefined) ?? [],
      );
  }
}
