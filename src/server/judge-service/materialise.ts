/**
 * Turns a question in the database into a problem directory on this worker's disk
 * (docs/problem-format.md), so the judge reads files as it does for seed problems. Test data
 * lives in Postgres so any worker on any machine can judge any question; each worker keeps a
 * cache keyed by the question's data_version, which changes whenever the cases, the checker,
 * the I/O mode or the interactor do, so a stale copy is never used.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeProblemIssues, loadProblem, parseProblemMeta } from '../../judge/problem.ts';
import { isCompiledChecker } from '../../judge/problem-format.ts';
import type { Problem } from '../../judge/problem.ts';
import type { Queryable } from '../db/pool.ts';
import { queryPrepared } from '../db/prepared.ts';

/** The question cannot be judged as stored (no cases, bad limits): a data problem, not a crash. */
export class QuestionDataError extends Error {
  override name = 'QuestionDataError';
}

interface QuestionRow {
  id: number;
  type: string;
  title: string;
  difficulty: string;
  time_limit_ms: number | null;
  memory_limit_mib: number | null;
  checker: unknown;
  scoring: unknown;
  subtasks: unknown;
  checker_source: string | null;
  io: unknown;
  interactive: boolean;
  interactor_source: string | null;
  data_version: string;
  updated_at: Date;
}

/** Where question <id> at a given data version lives in the cache. */
export function questionCacheDir(cacheDir: string, id: number, version: string): string {
  return join(cacheDir, 'questions', `${id}-${version}`);
}

/**
 * The question's problem directory in `cacheDir`, written on first use: into a temporary
 * directory first and renamed into place, so a worker that dies half-way leaves no half
 * directory behind and two workers writing the same question do not see each other's partial
 * files.
 */
export async function materialiseQuestion(
  db: Queryable,
  questionId: number,
  cacheDir: string,
): Promise<Problem> {
  const { rows } = await queryPrepared<QuestionRow>(
    db,
    `SELECT id, type, title, difficulty, time_limit_ms, memory_limit_mib, checker, scoring,
            subtasks, checker_source, io, interactive, interactor_source, data_version,
            updated_at
       FROM questions WHERE id = $1`,
    [questionId],
  );
  const q = rows[0];
  if (!q) throw new QuestionDataError(`题目 ${questionId} 不存在`);
  if (q.type !== 'programming') throw new QuestionDataError(`题目 ${questionId} 不是编程题`);
  // A question saved without a data version still gets a key that changes with every edit.
  const version = /^[A-Za-z0-9]{1,128}$/.test(q.data_version)
    ? q.data_version
    : `u${q.updated_at.getTime()}`;
  const dir = questionCacheDir(cacheDir, q.id, version);
  if (!existsSync(dir)) await writeQuestionDir(db, q, dir);
  return loadProblem(dir);
}

async function writeQuestionDir(db: Queryable, q: QuestionRow, dir: string): Promise<void> {
  const meta = parseProblemMeta({
    title: q.title,
    difficulty: q.difficulty,
    timeLimitMs: q.time_limit_ms,
    memoryLimitMiB: q.memory_limit_mib,
    checker: q.checker,
    scoring: q.scoring,
    subtasks: q.subtasks ?? undefined,
    io: q.io,
    interactive: q.interactive,
  });
  if (!meta.success) {
    throw new QuestionDataError(
      `题目 ${q.id} 的判题设置无效：${describeProblemIssues(meta.error)}`,
    );
  }
  const cases = await db.query<{ idx: number; input: Buffer; answer: Buffer }>(
    `SELECT idx, input, answer FROM question_cases WHERE question_id = $1 ORDER BY idx`,
    [q.id],
  );
  if (cases.rows.length === 0) throw new QuestionDataError(`题目 ${q.id} 没有测试数据`);
  if (isCompiledChecker(meta.data.checker.type) && !q.checker_source) {
    throw new QuestionDataError(
      `题目 ${q.id} 使用 ${meta.data.checker.type} 检查器但没有检查器源码`,
    );
  }
  if (meta.data.interactive && !q.interactor_source) {
    throw new QuestionDataError(`题目 ${q.id} 是交互题但没有交互器源码`);
  }

  const parent = join(dir, '..');
  mkdirSync(parent, { recursive: true, mode: 0o755 });
  // The sandboxed checker (uid 65534) reads the case files.
  chmodSync(parent, 0o755);
  const tmp = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    mkdirSync(join(tmp, 'tests'), { recursive: true, mode: 0o755 });
    writeFileSync(join(tmp, 'problem.json'), JSON.stringify(meta.data, null, 2), { mode: 0o644 });
    for (const c of cases.rows) {
      writeFileSync(join(tmp, 'tests', `${c.idx}.in`), c.input, { mode: 0o644 });
      writeFileSync(join(tmp, 'tests', `${c.idx}.out`), c.answer, { mode: 0o644 });
    }
    if (q.checker_source)
      writeFileSync(join(tmp, 'checker.cpp'), q.checker_source, { mode: 0o644 });
    if (meta.data.interactive && q.interactor_source)
      writeFileSync(join(tmp, 'interactor.cpp'), q.interactor_source, { mode: 0o644 });
    try {
      renameSync(tmp, dir);
    } catch (err) {
      // Another worker sharing this cache got there first; its copy is the same data.
      if (!existsSync(dir)) throw err;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
