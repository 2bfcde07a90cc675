/**
 * The question bank's store, under a scope: the platform admin sees and changes everything; a
 * teacher sees the platform bank and their organization's questions and changes only the
 * latter; a learner reads active questions without answers, analysis, test data, checker
 * source or reference solutions (the learner queries never select those columns).
 */
import type { z } from 'zod';
import type {
  learnerQuestionItem,
  learnerQuestionListItem,
  questionFilter,
  questionItem,
  questionListItem,
  questionSimpleItem,
} from '../../contract/question/questions.ts';
import type { questionUpdate, questionWithCases } from '../../contract/question/write.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { chapterUsing } from './chapter-usage.ts';
import { accessOf, refuseLocked, rightNames } from '../content-access/paid.ts';
import { questionOfOpenCourse } from '../content-access/open-courses.ts';
import type { Queryable } from '../db/pool.ts';
import { withTransaction } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import {
  assertWritable,
  findOwned,
  mayWrite,
  ownedFilter,
  ownerOf,
  pageOfOwned,
  type OwnedTable,
  type OwnerScope,
} from '../http/owned-rows.ts';
import { containsPattern } from '../http/paging.ts';
import type { ResourceStore, StoreContext } from '../http/resource.ts';
import {
  casesFromText,
  insertCases,
  insertQuestion,
  readCases,
  refreshDataVersion,
  updateQuestion,
} from './write.ts';
import type { CaseData } from './write.ts';
import type { QUESTION_SORT } from '../../contract/question/questions.ts';
import type { SortColumns } from '../http/paging.ts';

export type QuestionScope = OwnerScope;

type Filter = z.output<typeof questionFilter>;
type Item = z.input<typeof questionItem>;
type ListItem = z.input<typeof questionListItem>;
type Ctx = StoreContext<QuestionScope>;

const sortable: SortColumns<typeof QUESTION_SORT> = {
  id: 'q.id',
  title: 'q.title',
  difficulty: 'q.difficulty',
  type: 'q.type',
  updatedAt: 'q.updated_at',
};

interface QuestionRow {
  id: number;
  organization_id: number | null;
  type: Item['type'];
  title: string;
  content: string;
  difficulty: Item['difficulty'];
  tags: string[];
  source: string;
  options: Item['options'];
  answer: string;
  analysis: string;
  time_limit_ms: number | null;
  memory_limit_mib: number | null;
  checker: Item['checker'];
  scoring: Item['scoring'];
  subtasks: Item['subtasks'];
  samples: Item['samples'];
  checker_source: string | null;
  io: Item['io'];
  interactive: boolean;
  interactor_source: string | null;
  reference_solutions: Record<string, string>;
  price_fen: number;
  right_code: string | null;
  data_version: string;
  case_count: number;
  seed_key: string | null;
  status: Item['status'];
  publication: Item['publication'];
  created_at: Date;
  updated_at: Date;
}

/** A staff row as `scope` sees it, with whether it may change it (owned-rows.ts mayWrite). */
const listItemOf = (scope: QuestionScope, r: QuestionRow): ListItem => ({
  id: r.id,
  type: r.type,
  title: r.title,
  difficulty: r.difficulty,
  tags: r.tags,
  source: r.source,
  organizationId: r.organization_id,
  caseCount: r.case_count,
  status: r.status,
  publication: r.publication,
  seedKey: r.seed_key,
  manageable: mayWrite(scope, r),
  updatedAt: r.updated_at.toISOString(),
});

const itemOf = (scope: QuestionScope, r: QuestionRow): Item => ({
  ...listItemOf(scope, r),
  content: r.content,
  options: r.options,
  answer: r.answer,
  analysis: r.analysis,
  timeLimitMs: r.time_limit_ms,
  memoryLimitMiB: r.memory_limit_mib,
  checker: r.checker,
  scoring: r.scoring,
  subtasks: r.subtasks,
  samples: r.samples,
  checkerSource: r.checker_source,
  io: r.io,
  interactive: r.interactive,
  interactorSource: r.interactor_source,
  referenceSolutions: r.reference_solutions,
  priceFen: r.price_fen,
  rightCode: r.right_code,
  dataVersion: r.data_version,
  createdAt: r.created_at.toISOString(),
});

/** The learner's view: only the listed columns ever leave the database. */
const learnerColumns = `q.id, q.type, q.title, q.difficulty, q.tags, q.source, q.content, q.options,
  q.time_limit_ms, q.memory_limit_mib, q.samples, q.case_count, q.price_fen, q.right_code, q.io,
  q.interactive`;

const learnerListItemOf = (r: QuestionRow): z.input<typeof learnerQuestionListItem> => ({
  id: r.id,
  type: r.type,
  title: r.title,
  difficulty: r.difficulty,
  tags: r.tags,
  source: r.source,
});

/**
 * The learner's view of one question: a paid one they have not opened (content-access/paid.ts) keeps
 * its statement, options and samples to itself, and says how to open it.
 */
async function learnerItemOf(
  ctx: Ctx,
  r: QuestionRow,
  memberId: number,
): Promise<z.input<typeof learnerQuestionItem>> {
  const db = ctx.services.pool;
  const [access, names] = await Promise.all([
    accessOf(db, { staff: false, memberId }, 'question', [r]).then((m) => m.get(r.id)!),
    rightNames(db, [r.right_code]),
  ]);
  const open = access !== 'locked';
  return {
    ...learnerListItemOf(r),
    priceFen: r.price_fen,
    access,
    rightName: r.right_code ? (names.get(r.right_code) ?? null) : null,
    content: open ? r.content : '',
    options: open ? r.options : [],
    timeLimitMs: r.time_limit_ms,
    memoryLimitMiB: r.memory_limit_mib,
    samples: open ? r.samples : [],
    caseCount: r.case_count,
    io: r.io,
    interactive: r.interactive,
  };
}

/** Refuses an answer to a paid question the learner has not opened (FORBIDDEN, saying how). */
export async function assertQuestionOpen(
  db: Queryable,
  memberId: number,
  q: { id: number; price_fen: number; right_code: string | null },
): Promise<void> {
  if (q.price_fen === 0) return;
  const access = (await accessOf(db, { staff: false, memberId }, 'question', [q])).get(q.id);
  if (access !== 'locked') return;
  const names = await rightNames(db, [q.right_code]);
  refuseLocked('question', q.right_code ? (names.get(q.right_code) ?? null) : null);
}

/** The question bank's visibility rule, the one every reader of questions goes through. */
export const QUESTIONS: OwnedTable = {
  table: 'questions',
  alias: 'q',
  noun: '题目',
  readOnlyMessage: '平台题库与其他机构的题目只读，不能修改或删除',
  publication: 'publication',
  openToLearners: questionOfOpenCourse,
};

/** What the scope may see, narrowed by the list filters. */
function filtered(scope: QuestionScope, filter: Filter) {
  const { add, params, where } = ownedFilter(QUESTIONS, scope, filter.bank);
  if (filter.type) add((p) => `q.type = ${p}`, filter.type);
  if (filter.types) add((p) => `q.type = ANY(${p}::text[])`, filter.types);
  if (filter.difficulty) add((p) => `q.difficulty = ${p}`, filter.difficulty);
  if (filter.tags?.length) add((p) => `q.tags @> ${p}::text[]`, filter.tags);
  if (filter.keyword) add((p) => `q.title ILIKE ${p}`, containsPattern(filter.keyword));
  if (filter.publication) add((p) => `q.publication = ${p}`, filter.publication);
  return { where: where(), params };
}

const pageOfRows = <T>(
  ctx: Ctx,
  columns: string,
  filter: Filter,
  page: PageQuery,
  map: (r: QuestionRow) => T,
): Promise<Page<T>> =>
  pageOfOwned(
    ctx.services.pool,
    QUESTIONS,
    { columns, ...filtered(ctx.scope, filter) },
    page,
    { sortable, fallback: 'q.id ASC', tieBreaker: 'q.id ASC' },
    map,
  );

const findVisible = (ctx: Ctx, id: number, columns = 'q.*') =>
  findOwned<QuestionRow>(ctx.services.pool, QUESTIONS, ctx.scope, id, columns);

/** The row, when the scope may change it: FORBIDDEN for another bank's question. */
export async function findWritable(ctx: Ctx, id: number): Promise<QuestionRow> {
  const row = await findVisible(ctx, id);
  assertWritable(QUESTIONS, ctx.scope, row);
  return row;
}

/** Inserts questions (with inline cases) into the scope's bank in one transaction. */
export async function importQuestions(
  ctx: Ctx,
  questions: z.output<typeof questionWithCases>[],
): Promise<number[]> {
  const { organizationId, memberId } = ownerOf(ctx.scope);
  return withTransaction(ctx.services.pool, async (client) => {
    const ids: number[] = [];
    for (const { cases, ...input } of questions) {
      ids.push(
        await insertQuestion(client, {
          input,
          cases: casesFromText(cases ?? []),
          organizationId,
          createdBy: memberId,
        }),
      );
    }
    return ids;
  });
}

export const questionStore: ResourceStore<
  QuestionScope,
  z.output<typeof questionWithCases>,
  z.output<typeof questionUpdate>,
  Filter,
  Item,
  ListItem,
  z.input<typeof questionSimpleItem>
> = {
  async create(ctx, input) {
    const [id] = await importQuestions(ctx, [input]);
    return itemOf(ctx.scope, await findVisible(ctx, id!));
  },
  async update(ctx, { id, cases, ...input }) {
    await findWritable(ctx, id);
    await withTransaction(ctx.services.pool, (client) =>
      updateQuestion(client, id, input, cases ? casesFromText(cases) : undefined),
    );
    return itemOf(ctx.scope, await findVisible(ctx, id));
  },
  async remove(ctx, id) {
    await findWritable(ctx, id);
    await withTransaction(ctx.services.pool, async (client) => {
      // The row lock makes a concurrent chapter updateQuestions (which locks its questions
      // FOR SHARE) either finish first, and be seen below, or find the question deleted.
      await client.query('SELECT 1 FROM questions WHERE id = $1 FOR UPDATE', [id]);
      const chapter = await chapterUsing(client, id);
      if (chapter) {
        throw fail(
          'CONFLICT',
          `题目 ${id} 正被章节「${chapter.title}」（${chapter.id}）使用，请先从章节中移除再删除`,
        );
      }
      await client.query(
        `UPDATE questions SET status = 'deleted', updated_at = now() WHERE id = $1`,
        [id],
      );
    });
  },
  async get(ctx, id) {
    return itemOf(ctx.scope, await findVisible(ctx, id));
  },
  list: (ctx, filter, page) =>
    pageOfRows(ctx, 'q.*', filter, page, (r) => listItemOf(ctx.scope, r)),
  simpleList: (ctx, filter, page) =>
    pageOfRows(ctx, 'q.id, q.type, q.title, q.difficulty', filter, page, (r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      difficulty: r.difficulty,
    })),
};

/** Learners: read only, through the learner columns. */
export const learnerQuestionStore = {
  async get(ctx: Ctx, id: number, memberId: number) {
    return learnerItemOf(ctx, await findVisible(ctx, id, learnerColumns), memberId);
  },
  list: (ctx: Ctx, filter: Filter, page: PageQuery) =>
    pageOfRows(ctx, learnerColumns, filter, page, learnerListItemOf),
};

/** Random `count` visible questions matching the filter (exam and homework paper drafting). */
export async function randomQuestions(ctx: Ctx, filter: Filter, count: number) {
  const { where, params } = filtered(ctx.scope, filter);
  const rows = await ctx.services.pool.query<QuestionRow>(
    `SELECT q.* FROM questions q WHERE ${where} ORDER BY random() LIMIT $${params.length + 1}`,
    [...params, count],
  );
  return rows.rows.map((r) => listItemOf(ctx.scope, r));
}

/** Replaces all of a question's cases (importZip); the scope must be allowed to change it. */
export async function replaceCases(ctx: Ctx, id: number, cases: CaseData[]): Promise<Item> {
  const row = await findWritable(ctx, id);
  if (row.type !== 'programming') throw fail('VALIDATION', '只有编程题有测试点');
  await withTransaction(ctx.services.pool, async (client) => {
    await client.query('DELETE FROM question_cases WHERE question_id = $1', [id]);
    await insertCases(client, id, cases);
    await client.query('UPDATE questions SET updated_at = now() WHERE id = $1', [id]);
    await refreshDataVersion(client, id);
  });
  return itemOf(ctx.scope, await findVisible(ctx, id));
}

/**
 * A question's type and reference solutions, for running one (question debug); never for
 * learners, who must not obtain the solutions.
 */
export async function referenceSolutionsOf(
  ctx: Ctx,
  id: number,
): Promise<{ type: string; solutions: Partial<Record<'cpp' | 'python', string>> }> {
  if (ctx.scope.kind === 'learner') throw fail('FORBIDDEN');
  const row = await findVisible(ctx, id, 'q.type, q.reference_solutions');
  return { type: row.type, solutions: row.reference_solutions ?? {} };
}

/** The cases of a question the scope can see (exportCase); never for learners. */
export async function casesOf(ctx: Ctx, id: number): Promise<{ title: string; cases: CaseData[] }> {
  if (ctx.scope.kind === 'learner') throw fail('FORBIDDEN');
  const row = await findVisible(ctx, id);
  return { title: row.title, cases: await readCases(ctx.services.pool, id) };
}
