/**
 * Learners written straight into a bench platform's database, `<prefix>1` … `<prefix><count>` in
 * the public organization, with the seed's password: registration is not what a bench measures.
 */
import type pg from 'pg';
import { DEFAULT_SEED_PASSWORD } from '../../src/server/config.ts';
import { hashPassword } from '../../src/server/security/password.ts';

export async function insertLearners(db: pg.Pool, prefix: string, count: number): Promise<void> {
  const hash = await hashPassword(DEFAULT_SEED_PASSWORD);
  await db.query(
    `WITH org AS (SELECT id FROM organizations WHERE is_public LIMIT 1),
          u AS (INSERT INTO users (username, password_hash, nickname)
                SELECT $3 || g, $1, '压测学员' || g FROM generate_series(1, $2) g
                RETURNING id, nickname)
     INSERT INTO members (user_id, organization_id, role, nickname)
     SELECT u.id, org.id, 'student', u.nickname FROM u, org`,
    [hash, count, prefix],
  );
}
