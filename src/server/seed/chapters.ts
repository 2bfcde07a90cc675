/**
 * Demo chapters of the demo organization, grouping seeded questions (seed/problems and
 * seed/questions.json, by seed key), so a new teacher sees a chapter with its questions and
 * statistics right after `npm start`. Idempotent by seed_key ('chapter:<slug>'): a chapter is
 * written once with its questions, and never touched again, so a teacher's edits stay.
 */
import type { PoolClient } from '../db/pool.ts';
import { DEMO_ORGANIZATION } from './demo-data.ts';

export interface SeedChapter {
  slug: string;
  title: string;
  notes: string;
  sort: number;
  /** Seed keys of the questions, in the chapter's order. */
  questions: string[];
}

export const DEMO_CHAPTERS: readonly SeedChapter[] = [
  {
    slug: 'unit-1-sequence',
    title: '入门：顺序结构',
    notes: [
      '## 学习目标',
      '',
      '- 会用 `cin` / `cout`（或 Python 的 `input` / `print`）读入和输出',
      '- 理解整数除法、取整与浮点数运算',
      '- 写出“读入 → 计算 → 输出”的顺序结构程序',
    ].join('\n'),
    sort: 1,
    questions: [
      'problem:01-a-plus-b',
      'question:1',
      'question:3',
      'question:6',
      'problem:21-circle-area',
    ],
  },
  {
    slug: 'unit-2-branch',
    title: '分支结构入门',
    notes: [
      '## 学习目标',
      '',
      '- 会用 `if` / `else` 按条件选择执行',
      '- 注意 `=` 与 `==` 的区别，以及负数取余的结果',
      '- 用多个条件的组合（`&&`、`||`）判断闰年',
    ].join('\n'),
    sort: 2,
    questions: [
      'question:15',
      'question:2',
      'problem:02-odd-even',
      'problem:03-max-of-three',
      'problem:04-leap-year',
    ],
  },
];

/** Inserts the demo chapters that are missing; returns how many it inserted. */
export async function seedChapters(
  client: PoolClient,
  chapters: readonly SeedChapter[] = DEMO_CHAPTERS,
): Promise<number> {
  let inserted = 0;
  for (const chapter of chapters) {
    const created = await client.query<{ id: number }>(
      `INSERT INTO chapters (organization_id, title, notes, sort, seed_key)
       SELECT o.id, $2, $3, $4, $5 FROM organizations o WHERE o.name = $1
       ON CONFLICT (seed_key) DO NOTHING RETURNING id`,
      [DEMO_ORGANIZATION, chapter.title, chapter.notes, chapter.sort, `chapter:${chapter.slug}`],
    );
    const id = created.rows[0]?.id;
    if (id === undefined) continue;
    // Position follows the list; a seed key whose question is gone (or deleted) is skipped.
    await client.query(
      `INSERT INTO chapter_questions (chapter_id, question_id, position)
       SELECT $1, q.id, row_number() OVER (ORDER BY k.ord)
         FROM unnest($2::text[]) WITH ORDINALITY AS k(seed_key, ord)
         JOIN questions q ON q.seed_key = k.seed_key AND q.status = 'active'`,
      [id, chapter.questions],
    );
    inserted++;
  }
  return inserted;
}
