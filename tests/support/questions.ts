/**
 * Questions written straight into the database for tests that need some before the question
 * bank's own calls exist: a seed problem directory becomes a programming question with its
 * cases, as the seed will store it (published, so learners see it).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Queryable } from '../../src/server/db/pool.ts';
import { loadProblem } from '../../src/judge/problem.ts';

/** Inserts the problem in `problemDir` (docs/problem-format.md) as a platform question. */
export async function insertProgrammingQuestion(
  db: Queryable,
  problemDir: string,
  overrides: { timeLimitMs?: number } = {},
): Promise<number> {
  const problem = loadProblem(problemDir);
  const { meta } = problem;
  const cases = problem.cases.map((c) => ({
    idx: c.index,
    input: readFileSync(c.input),
    answer: readFileSync(c.answer),
  }));
  const hash = createHash('sha256');
  for (const c of cases) hash.update(`${c.idx}\0`).update(c.input).update('\0').update(c.answer);
  hash.update(JSON.stringify(meta.checker)).update(problem.checkerSource ?? '');
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO questions (type, title, difficulty, tags, time_limit_ms, memory_limit_mib, checker,
                            scoring, subtasks, samples, checker_source, data_version, case_count,
                            publication)
     VALUES ('programming', $1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb, $9::jsonb, $10, $11, $12,
             'published')
     RETURNING id`,
    [
      meta.title,
      meta.difficulty,
      meta.tags,
      overrides.timeLimitMs ?? meta.timeLimitMs,
      meta.memoryLimitMiB,
      JSON.stringify(meta.checker),
      JSON.stringify(meta.scoring),
      meta.subtasks ? JSON.stringify(meta.subtasks) : null,
      JSON.stringify(meta.samples),
      problem.checkerSource ?? null,
      hash.digest('hex'),
      cases.length,
    ],
  );
  const id = rows[0]!.id;
  for (const c of cases) {
    await db.query(
      `INSERT INTO question_cases (question_id, idx, input, answer) VALUES ($1, $2, $3, $4)`,
      [id, c.idx, c.input, c.answer],
    );
  }
  return id;
}

/** Inserts an objective question; `answer` has one '0'/'1' flag per option. */
export async function insertObjectiveQuestion(
  db: Queryable,
  q: {
    type: 'single' | 'multiple' | 'judge';
    title: string;
    options: string[];
    answer: string;
    analysis?: string;
  },
): Promise<number> {
  const options = q.options.map((text, k) => ({ label: String.fromCharCode(65 + k), text }));
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO questions (type, title, options, answer, analysis, publication)
     VALUES ($1, $2, $3::jsonb, $4, $5, 'published') RETURNING id`,
    [q.type, q.title, JSON.stringify(options), q.answer, q.analysis ?? ''],
  );
  return rows[0]!.id;
}
