/**
 * Seeds the platform question bank from seed/problems/* (via the judge's loadProblem) and
 * seed/questions.json. Idempotent by seed_key ('problem:<dir>', 'question:<n>', n 1-based): one
 * query finds what is there, and only missing questions are read from disk and inserted.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { questionInput } from '../../contract/question/write.ts';
import { loadProblem } from '../../judge/problem.ts';
import type { PoolClient } from '../db/pool.ts';
import { insertQuestion } from '../question/write.ts';
import type { CaseData, QuestionInput } from '../question/write.ts';

export const SEED_ROOT = path.resolve(import.meta.dirname, '../../../seed');

const solutionFiles = { cpp: 'ref.cpp', python: 'ref.py' } as const;

function readProblem(dir: string): { input: QuestionInput; cases: CaseData[] } {
  const problem = loadProblem(dir);
  const { meta } = problem;
  const referenceSolutions: Partial<Record<'cpp' | 'python', string>> = {};
  for (const [language, file] of Object.entries(solutionFiles)) {
    const p = path.join(dir, 'solutions', file);
    try {
      referenceSolutions[language as 'cpp' | 'python'] = readFileSync(p, 'utf8');
    } catch {
      // A problem may ship one language only.
    }
  }
  const input = questionInput.parse({
    type: 'programming',
    title: meta.title,
    content: readFileSync(path.join(dir, 'statement.md'), 'utf8'),
    difficulty: meta.difficulty,
    tags: meta.tags,
    source: meta.source ?? '',
    timeLimitMs: meta.timeLimitMs,
    memoryLimitMiB: meta.memoryLimitMiB,
    checker: meta.checker,
    scoring: meta.scoring,
    subtasks: meta.subtasks ?? null,
    samples: meta.samples,
    checkerSource: problem.checkerSource ?? null,
    io: meta.io,
    interactive: meta.interactive,
    interactorSource: problem.interactorSource ?? null,
    referenceSolutions,
  });
  const cases = problem.cases.map((c) => ({
    input: readFileSync(c.input),
    answer: readFileSync(c.answer),
  }));
  return { input, cases };
}

const objectiveQuestions = z.array(questionInput);

/** Inserts the seed questions that are missing; returns how many it inserted. */
export async function seedQuestions(client: PoolClient, root = SEED_ROOT): Promise<number> {
  const present = await client.query<{ seed_key: string }>(
    'SELECT seed_key FROM questions WHERE seed_key IS NOT NULL',
  );
  const have = new Set(present.rows.map((r) => r.seed_key));
  let inserted = 0;
  const add = async (seedKey: string, input: QuestionInput, cases: CaseData[]) => {
    await insertQuestion(client, {
      input,
      cases,
      organizationId: null,
      createdBy: null,
      seedKey,
      publication: 'published',
    });
    inserted++;
  };

  const problemsDir = path.join(root, 'problems');
  const dirs = readdirSync(problemsDir)
    .filter((name) => statSync(path.join(problemsDir, name)).isDirectory())
    .sort();
  for (const name of dirs) {
    const key = `problem:${name}`;
    if (have.has(key)) continue;
    const { input, cases } = readProblem(path.join(problemsDir, name));
    await add(key, input, cases);
  }

  const questions = objectiveQuestions.parse(
    JSON.parse(readFileSync(path.join(root, 'questions.json'), 'utf8')),
  );
  for (const [index, question] of questions.entries()) {
    const key = `question:${index + 1}`;
    if (!have.has(key)) await add(key, question, []);
  }
  return inserted;
}
