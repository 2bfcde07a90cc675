/**
 * Writing questions and their test cases: shared by the create/update/import calls and by the
 * seed. data_version is a sha256 over what a verdict depends on (cases, checker, checker
 * source, I/O mode, interactor), so a judge worker's case cache is keyed by it.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { questionInput } from '../../contract/question/write.ts';
import { initialPublication } from '../../machines/lifecycles/publication.ts';
import type { Queryable } from '../db/pool.ts';
import { validationError } from '../http/validation-error.ts';

export type QuestionInput = z.output<typeof questionInput>;

/** One test case as bytes (text imports are UTF-8; zip imports keep the bytes as they are). */
export interface CaseData {
  input: Buffer;
  answer: Buffer;
}

export const casesFromText = (cases: { input: string; answer: string }[]): CaseData[] =>
  cases.map((c) => ({
    input: Buffer.from(c.input, 'utf8'),
    answer: Buffer.from(c.answer, 'utf8'),
  }));

/** What a verdict depends on besides the cases and the checker (issue 14). */
export interface JudgeMode {
  io: unknown;
  interactive: boolean;
  interactorSource: string | null;
}

const isStdio = (io: unknown) =>
  typeof io === 'object' && io !== null && (io as { mode?: unknown }).mode === 'stdio';

/** JSON with every object's keys sorted, at every depth (jsonb gives them back reordered). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Length-prefixed, so no two different case lists hash alike. A question judged the plain way
 * (stdio, not interactive) hashes its checker alone, so versions from before issue 14 hold;
 * otherwise the first part is the checker together with the mode, an object without the
 * checker's `type` key, which no checker alone can equal.
 */
export function dataVersion(
  cases: readonly CaseData[],
  checker: unknown,
  checkerSource: string | null,
  mode?: JudgeMode,
): string {
  const hash = createHash('sha256');
  const part = (bytes: Buffer) => {
    const length = Buffer.alloc(8);
    length.writeBigUInt64BE(BigInt(bytes.length));
    hash.update(length).update(bytes);
  };
  const plain = !mode || (isStdio(mode.io) && !mode.interactive && mode.interactorSource === null);
  part(
    Buffer.from(
      canonicalJson(
        plain
          ? checker
          : {
              checker,
              io: mode.io,
              interactive: mode.interactive,
              interactorSource: mode.interactorSource,
            },
      ),
    ),
  );
  part(Buffer.from(checkerSource ?? ''));
  for (const c of cases) {
    part(c.input);
    part(c.answer);
  }
  return hash.digest('hex');
}

/** Column values of a question, in the order of `questionColumns`. */
function columnValues(q: QuestionInput): unknown[] {
  const programming = q.type === 'programming';
  return [
    q.type,
    q.title,
    q.content,
    q.difficulty,
    q.tags,
    q.source,
    JSON.stringify(programming ? [] : q.options),
    programming ? '' : q.answer,
    q.analysis,
    programming ? q.timeLimitMs : null,
    programming ? q.memoryLimitMiB : null,
    JSON.stringify(q.checker),
    JSON.stringify(q.scoring),
    q.subtasks ? JSON.stringify(q.subtasks) : null,
    JSON.stringify(q.samples),
    q.checkerSource,
    JSON.stringify(q.referenceSolutions),
    q.priceFen,
    q.rightCode,
    JSON.stringify(programming ? q.io : { mode: 'stdio' }),
    programming && q.interactive,
    programming ? q.interactorSource : null,
  ];
}

const questionColumns = `type, title, content, difficulty, tags, source, options, answer, analysis,
  time_limit_ms, memory_limit_mib, checker, scoring, subtasks, samples, checker_source,
  reference_solutions, price_fen, right_code, io, interactive, interactor_source`;

export interface NewQuestion {
  input: QuestionInput;
  cases: readonly CaseData[];
  organizationId: number | null;
  createdBy: number | null;
  seedKey?: string | null;
  /**
   * Only the seed publishes at insert (its bank is the platform's reviewed content); every other
   * question starts as the lifecycle's draft and is published through its calls.
   */
  publication?: 'published';
}

/** A paid question's card right must exist (questions.right_code references rights). */
async function refuseUnknownRight(db: Queryable, code: string | null): Promise<void> {
  if (code === null) return;
  const { rows } = await db.query('SELECT 1 FROM rights WHERE code = $1', [code]);
  if (rows.length === 0) {
    throw validationError([{ field: 'body.rightCode', message: `会员权益 ${code} 不存在` }]);
  }
}

export async function insertQuestion(db: Queryable, q: NewQuestion): Promise<number> {
  await refuseUnknownRight(db, q.input.rightCode);
  const values = columnValues(q.input);
  const placeholders = values.map((_, i) => `$${i + 1}`).join(', ');
  const n = values.length;
  const inserted = await db.query<{ id: number }>(
    `INSERT INTO questions (${questionColumns}, organization_id, created_by, seed_key,
                            data_version, case_count, publication)
     VALUES (${placeholders}, $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6})
     RETURNING id`,
    [
      ...values,
      q.organizationId,
      q.createdBy,
      q.seedKey ?? null,
      dataVersion(q.cases, q.input.checker, q.input.checkerSource, q.input),
      q.cases.length,
      q.publication ?? initialPublication,
    ],
  );
  const id = inserted.rows[0]!.id;
  await insertCases(db, id, q.cases);
  return id;
}

/** Replaces the question's fields; its cases too when `cases` is given. */
export async function updateQuestion(
  db: Queryable,
  id: number,
  input: QuestionInput,
  cases: readonly CaseData[] | undefined,
): Promise<void> {
  await refuseUnknownRight(db, input.rightCode);
  const values = columnValues(input);
  const sets = questionColumns
    .split(',')
    .map((c, i) => `${c.trim()} = $${i + 2}`)
    .join(', ');
  await db.query(`UPDATE questions SET ${sets}, updated_at = now() WHERE id = $1`, [id, ...values]);
  if (cases) {
    await db.query('DELETE FROM question_cases WHERE question_id = $1', [id]);
    await insertCases(db, id, cases);
  }
  await refreshDataVersion(db, id);
}

/** One statement for all of a question's cases. */
export async function insertCases(db: Queryable, questionId: number, cases: readonly CaseData[]) {
  if (cases.length === 0) return;
  await db.query(
    `INSERT INTO question_cases (question_id, idx, input, answer)
     SELECT $1, ord, i, a FROM unnest($2::bytea[], $3::bytea[]) WITH ORDINALITY AS t(i, a, ord)`,
    [questionId, cases.map((c) => c.input), cases.map((c) => c.answer)],
  );
}

export async function readCases(db: Queryable, questionId: number): Promise<CaseData[]> {
  const rows = await db.query<CaseData>(
    'SELECT input, answer FROM question_cases WHERE question_id = $1 ORDER BY idx',
    [questionId],
  );
  return rows.rows;
}

/** Recomputes data_version and case_count from what is stored. */
export async function refreshDataVersion(db: Queryable, questionId: number): Promise<void> {
  const cases = await readCases(db, questionId);
  const row = await db.query<{
    checker: unknown;
    checker_source: string | null;
    io: unknown;
    interactive: boolean;
    interactor_source: string | null;
  }>(
    'SELECT checker, checker_source, io, interactive, interactor_source FROM questions WHERE id = $1',
    [questionId],
  );
  const q = row.rows[0]!;
  await db.query('UPDATE questions SET data_version = $2, case_count = $3 WHERE id = $1', [
    questionId,
    dataVersion(cases, q.checker, q.checker_source, {
      io: q.io,
      interactive: q.interactive,
      interactorSource: q.interactor_source,
    }),
    cases.length,
  ]);
}
