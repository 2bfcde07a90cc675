/**
 * Courses under a reader (issue 9 item 1). Who sees a course:
 * - anyone, a visitor included: published courses the platform has passed (the platform's own
 *   are passed when written, lifecycles/review.ts trusted submit);
 * - a learner also their organization's published courses, passed or not (their school's own);
 * - a teacher or organization admin also every course of their organization;
 * - platform staff every course.
 * Who changes one: platform staff the platform's, and may pass or reject an organization's;
 * a teacher or organization admin their organization's. A change of an organization's passed
 * course goes back to review before it reaches learners outside it again.
 */
import type { z } from 'zod';
import type {
  COURSE_SORT,
  courseFilter,
  courseInput,
  courseItem,
  courseListItem,
  courseSimpleItem,
  courseUpdate,
} from '../../contract/course/courses.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { courseLifecycle } from '../../machines/lifecycles/course.ts';
import { nextState } from '../../machines/lifecycles/lifecycle.ts';
import { submitDetails } from '../../machines/lifecycles/review.ts';
import type { Scope } from '../access/scope.ts';
import { withTransaction, type PoolClient, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { mayWrite } from '../http/owned-rows.ts';
import { containsPattern, orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { validationError } from '../http/validation-error.ts';
import { recordTransition, transitionRow } from '../lifecycle/transition.ts';
import type { Services } from '../services.ts';
import { fileUrls } from '../files/urls.ts';
import { openCourse } from '../content-access/open-courses.ts';

/** The caller as courses see them: a scope, or null for a visitor. */
export type CourseReader = Scope | null;

export interface CourseCtx {
  services: Services;
  reader: CourseReader;
  requestId: string;
}

type Filter = z.output<typeof courseFilter>;
type Item = z.input<typeof courseItem>;
type ListItem = z.input<typeof courseListItem>;

export const COURSE_ROWS = {
  entity: 'course',
  table: 'courses',
  column: 'review',
  where: "status = 'active'",
} as const;

interface CourseRow {
  id: number;
  organization_id: number | null;
  organization_name: string | null;
  title: string;
  summary: string;
  notes: string;
  cover: string | null;
  tags: string[];
  level: string | null;
  camp_level: number | null;
  published: boolean;
  review: Item['review'];
  review_reason: string | null;
  sort: number;
  unit_count: number;
  question_count: number;
  solved_count: number;
  created_at: Date;
  updated_at: Date;
}

const sortable: SortColumns<typeof COURSE_SORT> = {
  id: 'c.id',
  title: 'c.title',
  sort: 'c.sort',
  updatedAt: 'c.updated_at',
};

/**
 * The learner whose progress the answer carries (0: nobody), written into the select list as a
 * literal: the session's own member id, a whole number, never caller text. A bound parameter
 * there would go unused (and untyped) in pagedRows' separate count query.
 */
const learnerOf = (reader: CourseReader): string => {
  const id = reader?.kind === 'learner' ? reader.memberId : 0;
  if (!Number.isSafeInteger(id)) throw new Error(`member id ${id} is not a whole number`);
  return String(id);
};

/**
 * The columns of a course with its counts; `learner` is the member whose solved questions are
 * counted (0: nobody). A question counts once per course even when two
 * units hold it.
 */
const columns = (learner: string) => `c.*, o.name AS organization_name,
  (SELECT count(*)::int FROM course_chapters cc JOIN chapters ch ON ch.id = cc.chapter_id
     WHERE cc.course_id = c.id AND ch.status = 'active') AS unit_count,
  (SELECT count(DISTINCT cq.question_id)::int
     FROM course_chapters cc JOIN chapters ch ON ch.id = cc.chapter_id AND ch.status = 'active'
     JOIN chapter_questions cq ON cq.chapter_id = cc.chapter_id
    WHERE cc.course_id = c.id) AS question_count,
  (SELECT count(DISTINCT cq.question_id)::int
     FROM course_chapters cc JOIN chapters ch ON ch.id = cc.chapter_id AND ch.status = 'active'
     JOIN chapter_questions cq ON cq.chapter_id = cc.chapter_id
    WHERE cc.course_id = c.id AND EXISTS (
      SELECT 1 FROM member_questions mq
       WHERE mq.member_id = ${learner} AND mq.question_id = cq.question_id AND mq.verdict = 'AC'
         AND mq.kind IN ('submit', 'review') AND mq.cleaned_at IS NULL)) AS solved_count`;

const FROM = 'FROM courses c LEFT JOIN organizations o ON o.id = c.organization_id';

/** The WHERE clause of the courses the reader may see. */
export function visibleCourses(reader: CourseReader, sql: SqlParams): string {
  const active = `c.status = 'active'`;
  const open = openCourse('c');
  if (reader === null) return `${active} AND ${open}`;
  if (reader.kind === 'platform') return active;
  const org = sql.add(reader.organizationId);
  if (reader.kind === 'organization')
    return `${active} AND (c.organization_id = ${org} OR ${open})`;
  return `${active} AND (${open} OR (c.published AND c.organization_id = ${org}))`;
}

function filtered(reader: CourseReader, filter: Filter, sql: SqlParams): string {
  const clauses = [visibleCourses(reader, sql)];
  if (filter.keyword) {
    const p = sql.add(containsPattern(filter.keyword));
    clauses.push(`(c.title ILIKE ${p} OR c.summary ILIKE ${p})`);
  }
  if (filter.tag) clauses.push(`${sql.add(filter.tag)} = ANY(c.tags)`);
  if (filter.level) clauses.push(`c.level = ${sql.add(filter.level)}`);
  if (filter.camp !== undefined) {
    clauses.push(filter.camp ? 'c.camp_level IS NOT NULL' : 'c.camp_level IS NULL');
  }
  if (filter.campLevel) clauses.push(`c.camp_level = ${sql.add(filter.campLevel)}`);
  if (filter.bank === 'platform') clauses.push('c.organization_id IS NULL');
  if (filter.bank === 'organization') {
    clauses.push(
      reader && reader.kind !== 'platform'
        ? `c.organization_id = ${sql.add(reader.organizationId)}`
        : 'c.organization_id IS NOT NULL',
    );
  }
  if (filter.review) clauses.push(`c.review = ${sql.add(filter.review)}`);
  return clauses.join(' AND ');
}

async function withCoverUrls<T extends { cover: string | null }>(
  services: Services,
  items: T[],
): Promise<(T & { coverUrl: string | null })[]> {
  const names = items.flatMap((i) => (i.cover ? [i.cover] : []));
  const urls = names.length > 0 ? await fileUrls(services, names) : new Map<string, string>();
  return items.map((i) => ({ ...i, coverUrl: i.cover ? (urls.get(i.cover) ?? null) : null }));
}

/**
 * Who may change a course (edit, arrange its units, delete): the rule of chapters and questions
 * (owned-rows.ts mayWrite), a visitor nobody. The writes refuse with it (findWritableCourse) and
 * every item carries it as `manageable`: an organization's course the platform passed for
 * everyone is listed to other organizations' staff, and must read as theirs to read only.
 */
const managesCourse = (reader: CourseReader, row: { organization_id: number | null }): boolean =>
  reader !== null && mayWrite(reader, row);

const listItemOf = (reader: CourseReader, r: CourseRow): Omit<ListItem, 'coverUrl'> => ({
  id: r.id,
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  title: r.title,
  summary: r.summary,
  cover: r.cover,
  tags: r.tags,
  level: r.level,
  campLevel: r.camp_level,
  published: r.published,
  review: r.review,
  reviewReason: r.review === 'rejected' ? r.review_reason : null,
  sort: r.sort,
  unitCount: r.unit_count,
  questionCount: r.question_count,
  solvedCount: r.solved_count,
  manageable: managesCourse(reader, r),
  updatedAt: r.updated_at.toISOString(),
});

/**
 * The course when the reader may see it; NOT_FOUND otherwise (another organization's too).
 * `followedByClass`: the reader reads it through a class they may read, whatever its visibility.
 */
export async function findCourse(
  db: Queryable,
  reader: CourseReader,
  id: number,
  options: { followedByClass?: boolean } = {},
): Promise<CourseRow> {
  const sql = new SqlParams();
  const learner = learnerOf(reader);
  const where = options.followedByClass ? `c.status = 'active'` : visibleCourses(reader, sql);
  const { rows } = await db.query<CourseRow>(
    `SELECT ${columns(learner)} ${FROM} WHERE ${where} AND c.id = ${sql.add(id)}`,
    sql.values,
  );
  if (!rows[0]) throw fail('NOT_FOUND', `课程 ${id} 不存在`);
  return rows[0];
}

/** The course when the reader may change it: FORBIDDEN for a learner or another owner's. */
export async function findWritableCourse(
  db: Queryable,
  reader: CourseReader,
  id: number,
): Promise<CourseRow> {
  if (reader === null || reader.kind === 'learner') throw fail('FORBIDDEN');
  const row = await findCourse(db, reader, id);
  if (!managesCourse(reader, row)) {
    throw fail('FORBIDDEN', '平台或其他机构的课程只读，不能修改或删除');
  }
  return row;
}

async function itemOf(ctx: CourseCtx, row: CourseRow): Promise<Item> {
  const [withUrl] = await withCoverUrls(ctx.services, [listItemOf(ctx.reader, row)]);
  return { ...withUrl!, notes: row.notes, createdAt: row.created_at.toISOString() };
}

export const readCourse = async (
  ctx: CourseCtx,
  id: number,
  options: { followedByClass?: boolean } = {},
): Promise<Item> => itemOf(ctx, await findCourse(ctx.services.pool, ctx.reader, id, options));

async function pageOfCourses<T>(
  ctx: CourseCtx,
  filter: Filter,
  page: PageQuery,
  map: (rows: CourseRow[]) => Promise<T[]>,
): Promise<Page<T>> {
  const sql = new SqlParams();
  const learner = learnerOf(ctx.reader);
  const where = filtered(ctx.reader, filter, sql);
  const rows = await pagedRows<CourseRow>(
    ctx.services.pool,
    {
      select: columns(learner),
      from: `${FROM} WHERE ${where}`,
      params: sql.values,
      order: orderBy(page, sortable, 'c.sort ASC', 'c.id ASC'),
    },
    page,
  );
  return { ...rows, content: await map(rows.content) };
}

/** The dictionary values the course names must exist (courseTag, courseLevel). */
async function checkDictValues(
  db: Queryable,
  input: { tags?: string[] | undefined; level?: string | null | undefined },
): Promise<void> {
  const wanted = [
    ...(input.tags ?? []).map((value, i) => ({
      code: 'courseTag',
      value,
      field: `body.tags.${i}`,
    })),
    ...(input.level ? [{ code: 'courseLevel', value: input.level, field: 'body.level' }] : []),
  ];
  if (wanted.length === 0) return;
  const { rows } = await db.query<{ code: string; value: string }>(
    `SELECT d.code, i.value FROM dict_items i JOIN dicts d ON d.id = i.dict_id
      WHERE d.code = ANY($1::text[])`,
    [['courseTag', 'courseLevel']],
  );
  const known = new Set(rows.map((r) => `${r.code}:${r.value}`));
  const refused = wanted
    .filter((w) => !known.has(`${w.code}:${w.value}`))
    .map((w) => ({
      field: w.field,
      message: `「${w.value}」不在${w.code === 'courseTag' ? '课程标签' : '课程难度'}字典中`,
    }));
  if (refused.length > 0) throw validationError(refused);
}

async function checkCover(services: Services, cover: string | null | undefined) {
  if (!cover) return;
  const urls = await fileUrls(services, [cover]);
  if (!urls.has(cover)) {
    throw validationError([
      { field: 'body.cover', message: `封面文件 ${cover} 不存在，请重新上传` },
    ]);
  }
}

function refuseDuplicateTitle(err: unknown, title: string): never {
  if ((err as { code?: string }).code === '23505') {
    throw validationError([{ field: 'body.title', message: `已有名为「${title}」的课程` }]);
  }
  throw err;
}

const actorOf = async (db: Queryable, memberId: number) => {
  const { rows } = await db.query<{ user_id: number }>(
    'SELECT user_id FROM members WHERE id = $1',
    [memberId],
  );
  return { userId: rows[0]!.user_id, memberId };
};

/** An organization's change to a passed or rejected course sends it (back) to review. */
export async function resubmitCourse(client: PoolClient, ctx: CourseCtx, id: number) {
  const reader = ctx.reader;
  if (reader?.kind !== 'organization') return;
  const { rows } = await client.query<{ review: Item['review'] }>(
    'SELECT review FROM courses WHERE id = $1',
    [id],
  );
  if (nextState(courseLifecycle, rows[0]!.review, 'submit', submitDetails(false)) === null) return;
  await transitionRow(client, courseLifecycle, COURSE_ROWS, {
    id,
    action: 'submit',
    actor: await actorOf(client, reader.memberId),
    requestId: ctx.requestId,
    details: submitDetails(false),
  });
  await client.query('UPDATE courses SET review_reason = NULL WHERE id = $1', [id]);
}

export const courseStore = {
  async create(ctx: CourseCtx, input: z.output<typeof courseInput>): Promise<Item> {
    const reader = ctx.reader;
    if (reader === null || reader.kind === 'learner') throw fail('FORBIDDEN', '学员不能创建课程');
    await checkDictValues(ctx.services.pool, input);
    await checkCover(ctx.services, input.cover);
    const trusted = reader.kind === 'platform';
    const review = nextState(courseLifecycle, 'none', 'submit', submitDetails(trusted))!;
    const id = await withTransaction(ctx.services.pool, async (client) => {
      const inserted = await client
        .query<{ id: number }>(
          `INSERT INTO courses (organization_id, title, summary, notes, cover, tags, level,
                                camp_level, published, review, sort, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
          [
            reader.kind === 'platform' ? null : reader.organizationId,
            input.title,
            input.summary,
            input.notes,
            input.cover,
            input.tags,
            input.level,
            input.campLevel,
            input.published,
            review,
            input.sort,
            reader.memberId,
          ],
        )
        .catch((err: unknown) => refuseDuplicateTitle(err, input.title));
      const courseId = inserted.rows[0]!.id;
      await recordTransition(
        client,
        COURSE_ROWS.entity,
        {
          id: courseId,
          action: 'submit',
          actor: await actorOf(client, reader.memberId),
          requestId: ctx.requestId,
        },
        'none',
        review,
      );
      return courseId;
    });
    return readCourse(ctx, id);
  },

  async update(ctx: CourseCtx, { id, ...input }: z.output<typeof courseUpdate>): Promise<Item> {
    const row = await findWritableCourse(ctx.services.pool, ctx.reader, id);
    await checkDictValues(ctx.services.pool, input);
    await checkCover(ctx.services, input.cover);
    const next = {
      title: input.title ?? row.title,
      summary: input.summary ?? row.summary,
      notes: input.notes ?? row.notes,
      cover: input.cover === undefined ? row.cover : input.cover,
      tags: input.tags ?? row.tags,
      level: input.level === undefined ? row.level : input.level,
      campLevel: input.campLevel === undefined ? row.camp_level : input.campLevel,
      published: input.published ?? row.published,
      sort: input.sort ?? row.sort,
    };
    // Only what learners read sends a course back to review, not its place or visibility.
    const contentChanged =
      next.title !== row.title ||
      next.summary !== row.summary ||
      next.notes !== row.notes ||
      next.cover !== row.cover ||
      next.level !== row.level ||
      next.campLevel !== row.camp_level ||
      next.tags.join('\u0000') !== row.tags.join('\u0000');
    await withTransaction(ctx.services.pool, async (client) => {
      await client.query('SELECT 1 FROM courses WHERE id = $1 FOR UPDATE', [id]);
      await client
        .query(
          `UPDATE courses SET title = $2, summary = $3, notes = $4, cover = $5, tags = $6,
                  level = $7, camp_level = $8, published = $9, sort = $10, updated_at = now()
            WHERE id = $1`,
          [
            id,
            next.title,
            next.summary,
            next.notes,
            next.cover,
            next.tags,
            next.level,
            next.campLevel,
            next.published,
            next.sort,
          ],
        )
        .catch((err: unknown) => refuseDuplicateTitle(err, next.title));
      if (contentChanged) await resubmitCourse(client, ctx, id);
    });
    return readCourse(ctx, id);
  },

  async remove(ctx: CourseCtx, id: number): Promise<void> {
    await findWritableCourse(ctx.services.pool, ctx.reader, id);
    const followed = await ctx.services.pool.query<{ name: string }>(
      'SELECT name FROM grades WHERE course_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1',
      [id],
    );
    if (followed.rows[0]) {
      throw fail(
        'CONFLICT',
        `班级「${followed.rows[0].name}」正在跟随这门课程，请先为该班级解除课程`,
      );
    }
    await ctx.services.pool.query(
      `UPDATE courses SET status = 'deleted', updated_at = now() WHERE id = $1`,
      [id],
    );
  },

  get: (ctx: CourseCtx, id: number) => readCourse(ctx, id),

  list: (ctx: CourseCtx, filter: Filter, page: PageQuery): Promise<Page<ListItem>> =>
    pageOfCourses(ctx, filter, page, (rows) =>
      withCoverUrls(
        ctx.services,
        rows.map((r) => listItemOf(ctx.reader, r)),
      ),
    ),

  simpleList: (ctx: CourseCtx, filter: Filter, page: PageQuery) =>
    pageOfCourses<z.input<typeof courseSimpleItem>>(ctx, filter, page, async (rows) =>
      rows.map((r) => ({ id: r.id, title: r.title, unitCount: r.unit_count })),
    ),

  async notes(ctx: CourseCtx, id: number) {
    const row = await findCourse(ctx.services.pool, ctx.reader, id);
    return { id: row.id, title: row.title, notes: row.notes };
  },
};
