/**
 * Chapters under a scope, like the question bank (../question/store.ts): the platform admin sees
 * and changes every chapter; a teacher sees the platform's chapters and their organization's and
 * changes only the latter; a learner reads the same chapters and changes nothing.
 */
import type { z } from 'zod';
import type {
  chapterFilter,
  chapterInput,
  chapterItem,
  chapterListItem,
  chapterQuestionItem,
  chapterSimpleItem,
  chapterUpdate,
} from '../../contract/chapter/calls.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { withTransaction } from '../db/pool.ts';
import {
  assertWritable,
  findOwned,
  mayWrite,
  ownedFilter,
  type OwnerScope,
  ownerOf,
  pageOfOwned,
  type OwnedTable,
} from '../http/owned-rows.ts';
import { containsPattern, orderBy, pagedRows } from '../http/paging.ts';
import { QUESTIONS } from '../question/store.ts';
import type { ResourceStore, StoreContext } from '../http/resource.ts';
import { fail } from '../http/app-error.ts';
import { validationError } from '../http/validation-error.ts';
import { accessOf, refuseLocked, rightNames, type ContentReader } from '../content-access/paid.ts';
import { unitOfOpenCourse } from '../content-access/open-courses.ts';
import { fileUrl } from '../files/urls.ts';
import type { CHAPTER_QUESTION_SORT, CHAPTER_SORT } from '../../contract/chapter/calls.ts';
import type { SortColumns } from '../http/paging.ts';

export type ChapterScope =
  | { kind: 'platform'; memberId: number }
  | { kind: 'organization'; organizationId: number; memberId: number }
  | { kind: 'learner'; organizationId: number; memberId: number };

type Filter = z.output<typeof chapterFilter>;
type Item = z.input<typeof chapterItem>;
type ListItem = z.input<typeof chapterListItem>;
export type ChapterCtx = StoreContext<ChapterScope>;

const sortable: SortColumns<typeof CHAPTER_SORT> = {
  id: 'c.id',
  title: 'c.title',
  sort: 'c.sort',
  updatedAt: 'c.updated_at',
};

export interface ChapterRow {
  id: number;
  organization_id: number | null;
  title: string;
  notes: string;
  sort: number;
  status: Item['status'];
  question_count: number;
  video_url: string | null;
  pdf_file: string | null;
  price_fen: number;
  right_code: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `c.*,
  (SELECT count(*)::int FROM chapter_questions cq WHERE cq.chapter_id = c.id) AS question_count`;

/** A row as `scope` sees it, with whether it may change it (owned-rows.ts mayWrite). */
const listItemOf = (scope: ChapterScope, r: ChapterRow): ListItem => ({
  id: r.id,
  organizationId: r.organization_id,
  title: r.title,
  sort: r.sort,
  questionCount: r.question_count,
  priceFen: r.price_fen,
  status: r.status,
  manageable: mayWrite(scope, r),
  updatedAt: r.updated_at.toISOString(),
});

/** Who reads a chapter, for its paid content (content-access/paid.ts): staff, or the learner. */
export const contentReaderOfChapter = (scope: ChapterScope): ContentReader =>
  scope.kind === 'learner' ? { staff: false, memberId: scope.memberId } : { staff: true };

/** The chapter as the reader sees it: its material only when the reader may open it. */
async function itemOf(ctx: ChapterCtx, r: ChapterRow): Promise<Item> {
  const db = ctx.services.pool;
  const [access, names] = await Promise.all([
    accessOf(db, contentReaderOfChapter(ctx.scope), 'chapter', [r]).then((m) => m.get(r.id)!),
    rightNames(db, [r.right_code]),
  ]);
  const open = access !== 'locked';
  const pdfUrl = open && r.pdf_file ? await fileUrl(ctx.services, r.pdf_file) : null;
  return {
    ...listItemOf(ctx.scope, r),
    notes: r.notes,
    videoUrl: open ? r.video_url : null,
    pdfFile: open ? r.pdf_file : null,
    pdfUrl,
    rightCode: r.right_code,
    rightName: r.right_code ? (names.get(r.right_code) ?? null) : null,
    access,
    createdAt: r.created_at.toISOString(),
  };
}

/** Refuses a learner's read of a locked chapter's questions (FORBIDDEN, saying how to open it). */
export async function assertChapterOpen(ctx: ChapterCtx, r: ChapterRow): Promise<void> {
  const db = ctx.services.pool;
  const access = (await accessOf(db, contentReaderOfChapter(ctx.scope), 'chapter', [r])).get(r.id);
  if (access !== 'locked') return;
  const names = await rightNames(db, [r.right_code]);
  refuseLocked('chapter', r.right_code ? (names.get(r.right_code) ?? null) : null);
}

type Material = Pick<z.output<typeof chapterInput>, 'pdfFile' | 'rightCode'>;

/** The right must exist and the handout must be an uploaded file (body.rightCode, body.pdfFile). */
async function checkMaterial(ctx: ChapterCtx, input: Material): Promise<void> {
  const refused: { field: string; message: string }[] = [];
  if (input.rightCode) {
    const { rows } = await ctx.services.pool.query('SELECT 1 FROM rights WHERE code = $1', [
      input.rightCode,
    ]);
    if (rows.length === 0) {
      refused.push({ field: 'body.rightCode', message: `会员权益 ${input.rightCode} 不存在` });
    }
  }
  if (input.pdfFile && (await fileUrl(ctx.services, input.pdfFile)) === null) {
    refused.push({
      field: 'body.pdfFile',
      message: `讲义文件 ${input.pdfFile} 不存在，请重新上传`,
    });
  }
  if (refused.length > 0) throw validationError(refused);
}

export const CHAPTERS: OwnedTable = {
  table: 'chapters',
  alias: 'c',
  noun: '章节',
  readOnlyMessage: '平台章节只读，不能修改或删除',
  openToLearners: unitOfOpenCourse,
};

function filtered(scope: ChapterScope, filter: Filter) {
  const { add, params, where } = ownedFilter(CHAPTERS, scope, filter.bank);
  if (filter.keyword) add((p) => `c.title ILIKE ${p}`, containsPattern(filter.keyword));
  return { where: where(), params };
}

const pageOfRows = <T>(
  ctx: ChapterCtx,
  filter: Filter,
  page: PageQuery,
  map: (r: ChapterRow) => T,
): Promise<Page<T>> =>
  pageOfOwned(
    ctx.services.pool,
    CHAPTERS,
    { columns: COLUMNS, ...filtered(ctx.scope, filter) },
    page,
    { sortable, fallback: 'c.sort ASC', tieBreaker: 'c.id ASC' },
    map,
  );

/** The chapter, when the scope may see it; NOT_FOUND otherwise (another organization's too). */
export const findVisibleChapter = (ctx: ChapterCtx, id: number): Promise<ChapterRow> =>
  findOwned<ChapterRow>(ctx.services.pool, CHAPTERS, ctx.scope, id, COLUMNS);

/** The chapter, when the scope may change it: FORBIDDEN for a platform chapter or a learner. */
async function findWritable(ctx: ChapterCtx, id: number): Promise<ChapterRow> {
  const row = await findVisibleChapter(ctx, id);
  assertWritable(CHAPTERS, ctx.scope, row);
  return row;
}

export const chapterStore: ResourceStore<
  ChapterScope,
  z.output<typeof chapterInput>,
  z.output<typeof chapterUpdate>,
  Filter,
  Item,
  ListItem,
  z.input<typeof chapterSimpleItem>
> = {
  async create(ctx, input) {
    const { organizationId, memberId } = ownerOf(ctx.scope);
    await checkMaterial(ctx, input);
    const { rows } = await ctx.services.pool.query<{ id: number }>(
      `INSERT INTO chapters (organization_id, title, notes, sort, created_by, video_url, pdf_file,
                             price_fen, right_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        organizationId,
        input.title,
        input.notes,
        input.sort,
        memberId,
        input.videoUrl,
        input.pdfFile,
        input.priceFen,
        input.rightCode,
      ],
    );
    return itemOf(ctx, await findVisibleChapter(ctx, rows[0]!.id));
  },
  async update(ctx, { id, ...input }) {
    await findWritable(ctx, id);
    await checkMaterial(ctx, input);
    await ctx.services.pool.query(
      `UPDATE chapters SET title = $2, notes = $3, sort = $4, video_url = $5, pdf_file = $6,
              price_fen = $7, right_code = $8, updated_at = now()
        WHERE id = $1`,
      [
        id,
        input.title,
        input.notes,
        input.sort,
        input.videoUrl,
        input.pdfFile,
        input.priceFen,
        input.rightCode,
      ],
    );
    return itemOf(ctx, await findVisibleChapter(ctx, id));
  },
  async remove(ctx, id) {
    await findWritable(ctx, id);
    const followed = await ctx.services.pool.query<{ name: string }>(
      `SELECT g.name FROM grade_chapters gc JOIN grades g ON g.id = gc.grade_id
        WHERE gc.chapter_id = $1 AND g.deleted_at IS NULL ORDER BY g.id LIMIT 1`,
      [id],
    );
    if (followed.rows[0]) {
      throw fail(
        'CONFLICT',
        `班级「${followed.rows[0].name}」的课程包含这个章节，请先从该班级的课程章节中移除`,
      );
    }
    const inCourse = await ctx.services.pool.query<{ title: string }>(
      `SELECT c.title FROM course_chapters cc JOIN courses c ON c.id = cc.course_id
        WHERE cc.chapter_id = $1 AND c.status = 'active' ORDER BY c.id LIMIT 1`,
      [id],
    );
    if (inCourse.rows[0]) {
      throw fail(
        'CONFLICT',
        `课程「${inCourse.rows[0].title}」包含这个章节，请先从该课程的单元中移除`,
      );
    }
    // Soft delete: the chapter leaves every list, and its questions become deletable again.
    await ctx.services.pool.query(
      `UPDATE chapters SET status = 'deleted', updated_at = now() WHERE id = $1`,
      [id],
    );
  },
  async get(ctx, id) {
    return itemOf(ctx, await findVisibleChapter(ctx, id));
  },
  list: (ctx, filter, page) => pageOfRows(ctx, filter, page, (r) => listItemOf(ctx.scope, r)),
  simpleList: (ctx, filter, page) =>
    pageOfRows(ctx, filter, page, (r) => ({
      id: r.id,
      title: r.title,
      questionCount: r.question_count,
    })),
};

/** A chapter's questions are read in the chapter's order; `sort=position,desc` reverses it. */
export const positionSort: SortColumns<typeof CHAPTER_QUESTION_SORT> = {
  position: 'cq.position',
};

export interface ChapterQuestionRow {
  position: number;
  id: number;
  organization_id: number | null;
  type: z.input<typeof chapterQuestionItem>['type'];
  title: string;
  difficulty: z.input<typeof chapterQuestionItem>['difficulty'];
  tags: string[];
  source: string;
  case_count: number;
  status: z.input<typeof chapterQuestionItem>['status'];
  publication: z.input<typeof chapterQuestionItem>['publication'];
  seed_key: string | null;
  updated_at: Date;
}

/**
 * One page of a chapter's questions in order, as the scope may see them (a learner no draft: the
 * question bank's rule, QUESTIONS), with the columns a list shows (never the answer, analysis or
 * test data).
 */
export async function chapterQuestionRows(
  ctx: ChapterCtx,
  chapterId: number,
  page: PageQuery,
): Promise<Page<ChapterQuestionRow>> {
  const { add, params, where } = ownedFilter(QUESTIONS, ctx.scope);
  add((p) => `cq.chapter_id = ${p}`, chapterId);
  return pagedRows<ChapterQuestionRow>(
    ctx.services.pool,
    {
      select: `cq.position, q.id, q.organization_id, q.type, q.title, q.difficulty, q.tags,
               q.source, q.case_count, q.status, q.publication, q.seed_key, q.updated_at`,
      from: `FROM chapter_questions cq JOIN questions q ON q.id = cq.question_id WHERE ${where()}`,
      params,
      order: orderBy(page, positionSort, 'cq.position ASC', 'cq.question_id ASC'),
    },
    page,
  );
}

/** queryQuestionList: the chapter must be visible to the scope. */
export async function chapterQuestions(
  ctx: ChapterCtx,
  chapterId: number,
  page: PageQuery,
): Promise<Page<z.input<typeof chapterQuestionItem>>> {
  await assertChapterOpen(ctx, await findVisibleChapter(ctx, chapterId));
  const rows = await chapterQuestionRows(ctx, chapterId, page);
  return {
    ...rows,
    content: rows.content.map((r) => ({
      position: r.position,
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
      manageable: mayWrite(ctx.scope, r),
      updatedAt: r.updated_at.toISOString(),
    })),
  };
}

/**
 * updateQuestions: replaces the chapter's list with `questionIds` in that order. A chapter holds
 * only active questions its learners can read: a platform chapter platform questions only, an
 * organization's chapter platform questions and its own. The questions are locked (FOR SHARE)
 * so a concurrent delete from the bank waits and then sees the chapter using them.
 */
export async function replaceChapterQuestions(
  ctx: ChapterCtx,
  chapterId: number,
  questionIds: number[],
): Promise<{ id: number; questionIds: number[] }> {
  const chapter = await findWritable(ctx, chapterId);
  await withTransaction(ctx.services.pool, async (client) => {
    await client.query('SELECT 1 FROM chapters WHERE id = $1 FOR UPDATE', [chapterId]);
    // What the chapter's owner sees of the bank; a platform chapter holds platform questions.
    const owner: OwnerScope =
      chapter.organization_id === null
        ? { kind: 'platform', memberId: ctx.scope.memberId }
        : {
            kind: 'organization',
            organizationId: chapter.organization_id,
            memberId: ctx.scope.memberId,
          };
    const visible = ownedFilter(
      QUESTIONS,
      owner,
      chapter.organization_id === null ? 'platform' : undefined,
    );
    visible.add((p) => `q.id = ANY(${p}::int[])`, questionIds);
    const allowed = await client.query<{ id: number }>(
      `SELECT q.id FROM questions q WHERE ${visible.where()} FOR SHARE`,
      visible.params,
    );
    const ok = new Set(allowed.rows.map((r) => r.id));
    const refused = questionIds.flatMap((id, index) =>
      ok.has(id)
        ? []
        : [{ field: `body.questionIds.${index}`, message: `题目 ${id} 不存在或不能收录到本章节` }],
    );
    if (refused.length > 0) throw validationError(refused);
    await client.query('DELETE FROM chapter_questions WHERE chapter_id = $1', [chapterId]);
    await client.query(
      `INSERT INTO chapter_questions (chapter_id, question_id, position)
       SELECT $1, q, ord FROM unnest($2::int[]) WITH ORDINALITY AS t(q, ord)`,
      [chapterId, questionIds],
    );
    await client.query('UPDATE chapters SET updated_at = now() WHERE id = $1', [chapterId]);
  });
  return { id: chapterId, questionIds };
}
