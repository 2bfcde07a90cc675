/**
 * Code drafts, one per member, question and language (migration 0004): saved while the learner
 * types and read back on the next visit. The playground keeps its drafts under question key 0.
 */
import type { LanguageName } from '../../judge/languages.ts';
import type { Queryable } from '../db/pool.ts';

/** Drafts of the playground are kept under question key 0 (migration 0004). */
export const PLAYGROUND_KEY = 0;

export async function saveDraft(
  db: Queryable,
  memberId: number,
  questionKey: number,
  d: { language: string; source: string; input?: string },
) {
  const { rows } = await db.query<{ updated_at: Date }>(
    `INSERT INTO member_question_drafts (member_id, question_key, language, source, input)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (member_id, question_key, language)
     DO UPDATE SET source = EXCLUDED.source, input = EXCLUDED.input, updated_at = now()
     RETURNING updated_at`,
    [memberId, questionKey, d.language, d.source, d.input ?? null],
  );
  return { saved: true as const, updatedAt: rows[0]!.updated_at.toISOString() };
}

export async function readDraft(
  db: Queryable,
  memberId: number,
  questionKey: number,
  language?: string,
) {
  const { rows } = await db.query<{
    language: LanguageName;
    source: string;
    input: string | null;
    updated_at: Date;
  }>(
    `SELECT language, source, input, updated_at FROM member_question_drafts
      WHERE member_id = $1 AND question_key = $2 AND ($3::text IS NULL OR language = $3)
      ORDER BY updated_at DESC LIMIT 1`,
    [memberId, questionKey, language ?? null],
  );
  const d = rows[0];
  return d
    ? {
        language: d.language,
        source: d.source,
        input: d.input,
        updatedAt: d.updated_at.toISOString(),
      }
    : null;
}
