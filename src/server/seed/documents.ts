/**
 * Seeds the content centre's articles and the GESP camp's solution write-ups as the platform's
 * published documents (member_documents, space platform), owned by the first platform
 * administrator; with the demo, a learner's note and a teacher's article as well. Idempotent by
 * seed_key. The camp finds a question's write-up through memberDocument.queryList with
 * `{ kind: 'solution', questionId }`.
 */
import type { PoolClient } from '../db/pool.ts';
import {
  DEMO_NOTE,
  DEMO_ORG_ARTICLE,
  SEED_ARTICLES,
  SEED_SOLUTIONS,
  type SeedSolution,
} from './document-texts.ts';

const LEVEL_TAGS = { 1: '一级', 2: '二级', 3: '三级', 4: '四级' } as const;

interface SeedDocument {
  key: string;
  space: 'platform' | 'organization' | 'personal';
  kind: 'note' | 'article' | 'solution';
  owner: number;
  organizationId: number | null;
  title: string;
  summary: string;
  body: string;
  tags: string[];
  questionId: number | null;
  paid: boolean;
}

async function insertPublished(client: PoolClient, d: SeedDocument): Promise<void> {
  await client.query(
    `INSERT INTO member_documents (seed_key, space, kind, owner_member_id, organization_id, title,
                                   summary, body, tags, question_id, paid, state, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'published', now())
     ON CONFLICT (seed_key) DO NOTHING`,
    [
      d.key,
      d.space,
      d.kind,
      d.owner,
      d.organizationId,
      d.title,
      d.summary,
      d.body,
      d.tags,
      d.questionId,
      d.paid,
    ],
  );
}

async function firstPlatformMember(client: PoolClient): Promise<number | null> {
  const { rows } = await client.query<{ id: number }>(
    `SELECT m.id FROM members m JOIN users u ON u.id = m.user_id
      WHERE u.platform_admin ORDER BY u.id, m.id LIMIT 1`,
  );
  return rows[0]?.id ?? null;
}

async function questionIds(client: PoolClient, solutions: readonly SeedSolution[]) {
  const { rows } = await client.query<{ id: number; seed_key: string }>(
    'SELECT id, seed_key FROM questions WHERE seed_key = ANY($1::text[])',
    [solutions.map((s) => s.question)],
  );
  return new Map(rows.map((r) => [r.seed_key, r.id]));
}

/** The platform's articles and write-ups; nothing until a platform administrator exists. */
export async function seedPlatformDocuments(client: PoolClient): Promise<void> {
  const owner = await firstPlatformMember(client);
  if (owner === null) return;
  const platform = { space: 'platform', owner, organizationId: null } as const;
  for (const a of SEED_ARTICLES) {
    await insertPublished(client, {
      ...platform,
      ...a,
      kind: 'article',
      questionId: null,
      paid: false,
    });
  }
  const ids = await questionIds(client, SEED_SOLUTIONS);
  for (const s of SEED_SOLUTIONS) {
    const questionId = ids.get(s.question);
    if (questionId === undefined) throw new Error(`seed solution ${s.key}: no ${s.question}`);
    await insertPublished(client, {
      ...platform,
      key: s.key,
      kind: 'solution',
      title: s.title,
      summary: s.summary,
      body: s.body,
      tags: ['题解', 'GESP', LEVEL_TAGS[s.level]],
      questionId,
      paid: s.paid,
    });
  }
}

async function memberOf(client: PoolClient, username: string, organization: string) {
  const { rows } = await client.query<{ id: number; organization_id: number }>(
    `SELECT m.id, m.organization_id FROM members m
       JOIN users u ON u.id = m.user_id JOIN organizations o ON o.id = m.organization_id
      WHERE lower(u.username) = lower($1) AND o.name = $2 ORDER BY m.id LIMIT 1`,
    [username, organization],
  );
  return rows[0] ?? null;
}

/** The demo's shelves: the student's published note, the teacher's organization article. */
export async function seedDemoDocuments(
  client: PoolClient,
  accounts: { student: string; teacher: string; organization: string },
): Promise<void> {
  const student = await memberOf(client, accounts.student, accounts.organization);
  const teacher = await memberOf(client, accounts.teacher, accounts.organization);
  const none = { questionId: null, paid: false };
  if (student) {
    await insertPublished(client, {
      ...DEMO_NOTE,
      ...none,
      space: 'personal',
      kind: 'note',
      owner: student.id,
      organizationId: student.organization_id,
    });
  }
  if (teacher) {
    await insertPublished(client, {
      ...DEMO_ORG_ARTICLE,
      ...none,
      space: 'organization',
      kind: 'article',
      owner: teacher.id,
      organizationId: teacher.organization_id,
    });
  }
}
