/**
 * Activities (issue 10 item 1): a contest linking published questions of the platform's bank,
 * or an event without questions, in a time window, free or paid, with an optional capacity,
 * moved through lifecycles/activity.ts. Staff manage their own (platform all, an organization
 * its own); learners see published activities and any they hold a place in.
 */
import type { z } from 'zod';
import type {
  ACTIVITY_SORT,
  activityCreate,
  activityFilter,
  ActivityItem,
  activityUpdate,
} from '../../contract/activity/calls.ts';
import { activityRules } from '../../contract/activity/calls.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import {
  ACTIVITY_OPEN,
  activityLifecycle,
  isReviewedActivity,
} from '../../machines/lifecycles/activity.ts';
import { HOLDS_PLACE } from '../../machines/lifecycles/enrollment.ts';
import { isFinalState, nextState } from '../../machines/lifecycles/lifecycle.ts';
import { submitDetails } from '../../machines/lifecycles/review.ts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { validationError } from '../http/validation-error.ts';
import { recordTransition, transitionRow, type LifecycleRows } from '../lifecycle/transition.ts';
import { managedBy } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';
import { SEAT_STATES } from '../grade/order-kind.ts';

export const ACTIVITY_ROWS: LifecycleRows = {
  entity: 'activity',
  table: 'activities',
  column: 'state',
  where: "status = 'active'",
};

type Filter = z.output<typeof activityFilter>;
export interface Actor {
  userId: number;
  memberId: number;
}

const sortable: SortColumns<typeof ACTIVITY_SORT> = {
  startAt: 'a.start_at',
  id: 'a.id',
  title: 'a.title',
};

const HOLDS = `'{${HOLDS_PLACE.join(',')}}'::text[]`;
const SEATS = `'{${SEAT_STATES.join(',')}}'::text[]`;

/** When the activity's window closes: its end, or when it was stopped. */
export const CLOSES_AT = 'coalesce(a.stopped_at, a.end_at)';

export const PHASE_SQL = `CASE WHEN a.state = 'stopped' OR now() >= a.end_at THEN 'ended'
       WHEN now() >= a.start_at THEN 'running' ELSE 'upcoming' END`;

const COLUMNS = `a.id, a.title, a.summary, a.description, a.kind, a.organization_id,
  org.name AS organization_name, a.state, a.review_reason, a.start_at, a.end_at, a.stopped_at,
  a.price_fen, a.capacity, a.show_ranking, a.created_at, a.updated_at, now() AS server_now,
  ${PHASE_SQL} AS phase,
  (SELECT count(*) FROM orders o WHERE o.kind = 'activity' AND o.item_id = a.id
     AND o.deleted_at IS NULL AND o.state = ANY(${HOLDS}))::int AS enrolled_count,
  (SELECT count(*) FROM orders o WHERE o.kind = 'activity' AND o.item_id = a.id
     AND o.deleted_at IS NULL AND o.state = ANY(${SEATS}))::int AS seats_taken`;
const FROM = `FROM activities a LEFT JOIN organizations org ON org.id = a.organization_id`;

export interface ActivityRow {
  id: number;
  title: string;
  summary: string;
  description: string;
  kind: ActivityItem['kind'];
  organization_id: number | null;
  organization_name: string | null;
  state: ActivityItem['state'];
  review_reason: string | null;
  start_at: Date;
  end_at: Date;
  stopped_at: Date | null;
  price_fen: number;
  capacity: number | null;
  show_ranking: boolean;
  created_at: Date;
  updated_at: Date;
  server_now: Date;
  phase: ActivityItem['phase'];
  enrolled_count: number;
  seats_taken: number;
}

type Question = ActivityItem['questions'][number];

async function questionsOf(db: Queryable, ids: number[]): Promise<Map<number, Question[]>> {
  const { rows } = await db.query<{
    activity_id: number;
    question_id: number;
    sort: number;
    score: number;
    title: string;
    type: Question['type'];
    difficulty: Question['difficulty'];
  }>(
    `SELECT aq.activity_id, aq.question_id, aq.sort, aq.score, q.title, q.type, q.difficulty
       FROM activity_questions aq JOIN questions q ON q.id = aq.question_id
      WHERE aq.activity_id = ANY($1::int[]) ORDER BY aq.activity_id, aq.sort`,
    [ids],
  );
  const byActivity = new Map<number, Question[]>();
  for (const r of rows) {
    const list = byActivity.get(r.activity_id) ?? [];
    list.push({
      questionId: r.question_id,
      sort: r.sort,
      score: r.score,
      title: r.title,
      type: r.type,
      difficulty: r.difficulty,
    });
    byActivity.set(r.activity_id, list);
  }
  return byActivity;
}

/** The activities among `ids` in which the member holds a place. */
async function heldBy(db: Queryable, memberId: number, ids: number[]): Promise<Set<number>> {
  const { rows } = await db.query<{ item_id: number }>(
    `SELECT item_id FROM orders WHERE kind = 'activity' AND member_id = $1
        AND item_id = ANY($2::int[]) AND deleted_at IS NULL AND state = ANY(${HOLDS})`,
    [memberId, ids],
  );
  return new Set(rows.map((r) => r.item_id));
}

/** Items for the reader: a learner reads the questions once enrolled and the activity started. */
async function toItems(db: Queryable, reader: Scope, rows: ActivityRow[]): Promise<ActivityItem[]> {
  const ids = rows.map((r) => r.id);
  const questions = await questionsOf(db, ids);
  const held = reader.kind === 'learner' ? await heldBy(db, reader.memberId, ids) : null;
  return rows.map((r) => {
    const all = questions.get(r.id) ?? [];
    const open = held === null || (held.has(r.id) && r.phase !== 'upcoming');
    return {
      id: r.id,
      title: r.title,
      summary: r.summary,
      description: r.description,
      kind: r.kind,
      organizationId: r.organization_id,
      organizationName: r.organization_name,
      state: r.state,
      reviewReason: r.review_reason,
      startAt: r.start_at.toISOString(),
      endAt: r.end_at.toISOString(),
      stoppedAt: r.stopped_at?.toISOString() ?? null,
      phase: r.phase,
      priceFen: r.price_fen,
      capacity: r.capacity,
      seatsLeft: r.capacity === null ? null : Math.max(0, r.capacity - r.seats_taken),
      showRanking: r.show_ranking,
      enrolledCount: r.enrolled_count,
      questionCount: all.length,
      totalScore: all.reduce((n, q) => n + q.score, 0),
      questionsOpen: open,
      questions: open ? all : [],
      serverNow: r.server_now.toISOString(),
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    };
  });
}

/** Activities a learner sees: published ones, and any they hold a place in. */
export function openActivities(memberId: number, sql: SqlParams): string {
  return `a.status = 'active' AND (a.state = '${ACTIVITY_OPEN}'
    OR EXISTS (SELECT 1 FROM orders o WHERE o.kind = 'activity' AND o.item_id = a.id
         AND o.member_id = ${sql.add(memberId)} AND o.deleted_at IS NULL
         AND o.state = ANY(${HOLDS})))`;
}

/** The WHERE of what the scope reads: staff what they manage, learners what is open to them. */
export function readableActivities(scope: Scope, sql: SqlParams): string {
  if (scope.kind === 'learner') return openActivities(scope.memberId, sql);
  return `a.status = 'active' AND ${managedBy(scope, 'a.organization_id', sql)}`;
}

export async function readActivityRow(db: Queryable, scope: Scope, id: number) {
  const sql = new SqlParams();
  const where = readableActivities(scope, sql);
  const { rows } = await db.query<ActivityRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${where} AND a.id = ${sql.add(id)}`,
    sql.values,
  );
  if (!rows[0]) throw fail('NOT_FOUND', `活动 ${id} 不存在`);
  return rows[0];
}

/**
 * The activity of a learner's own order, whatever became of it since (unpublished, sent back to
 * review, deleted): the order names it, so its holder reads it as it is now. The questions
 * follow the usual rule (shown only while they hold a place and it has started).
 */
export async function readOrderedActivity(db: Queryable, learner: Scope, id: number) {
  const { rows } = await db.query<ActivityRow>(`SELECT ${COLUMNS} ${FROM} WHERE a.id = $1`, [id]);
  if (!rows[0]) throw fail('NOT_FOUND', `活动 ${id} 不存在`);
  const [item] = await toItems(db, learner, rows);
  return item!;
}

export async function readActivity(db: Queryable, scope: Scope, id: number) {
  const [item] = await toItems(db, scope, [await readActivityRow(db, scope, id)]);
  return item!;
}

export async function listActivities(
  db: Queryable,
  scope: Scope,
  filter: Filter,
  page: PageQuery,
): Promise<Page<ActivityItem>> {
  const sql = new SqlParams();
  const clauses = [readableActivities(scope, sql)];
  if (filter.keyword) clauses.push(`a.title ILIKE ${sql.add(containsPattern(filter.keyword))}`);
  if (filter.state) clauses.push(`a.state = ${sql.add(filter.state)}`);
  if (filter.kind) clauses.push(`a.kind = ${sql.add(filter.kind)}`);
  if (filter.organizationId) clauses.push(`a.organization_id = ${sql.add(filter.organizationId)}`);
  if (filter.phase) clauses.push(`${PHASE_SQL} = ${sql.add(filter.phase)}`);
  if (filter.enrolled) {
    clauses.push(`EXISTS (SELECT 1 FROM orders o WHERE o.kind = 'activity' AND o.item_id = a.id
      AND o.member_id = ${sql.add(scope.memberId)} AND o.deleted_at IS NULL
      AND o.state <> 'cancelled')`);
  }
  const rows = await pagedRows<ActivityRow>(
    db,
    {
      select: COLUMNS,
      from: `${FROM} WHERE ${clauses.join(' AND ')}`,
      params: sql.values,
      order: orderBy(page, sortable, 'a.start_at DESC', 'a.id DESC'),
    },
    page,
  );
  return { ...rows, content: await toItems(db, scope, rows.content) };
}

/** Refuses a change the scope may not make; answers the row. */
export async function managedActivity(db: Queryable, scope: Scope, id: number) {
  if (scope.kind === 'learner') throw fail('FORBIDDEN', '学员不能管理活动');
  return readActivityRow(db, scope, id);
}

/**
 * Linked questions must be ones every learner who may see the activity can open: published
 * questions of the platform's bank (a passed activity is public to every organization).
 */
async function checkQuestions(db: Queryable, questions: { questionId: number }[]) {
  if (questions.length === 0) return;
  const ids = questions.map((q) => q.questionId);
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM questions WHERE id = ANY($1::int[]) AND status = 'active'
        AND publication = 'published' AND organization_id IS NULL`,
    [ids],
  );
  const found = new Set(rows.map((r) => r.id));
  const problems = ids.flatMap((id, i) =>
    found.has(id)
      ? []
      : [
          {
            field: `body.questions[${i}].questionId`,
            message: `题目 ${id} 不存在或不是已上架的平台题库题目`,
          },
        ],
  );
  if (problems.length > 0) throw validationError(problems);
}

async function writeQuestions(
  client: PoolClient,
  activityId: number,
  questions: { questionId: number; score: number }[],
) {
  await client.query('DELETE FROM activity_questions WHERE activity_id = $1', [activityId]);
  if (questions.length === 0) return;
  await client.query(
    `INSERT INTO activity_questions (activity_id, question_id, sort, score)
     SELECT $1, q, ordinality::int, s FROM unnest($2::int[], $3::int[]) WITH ORDINALITY AS t(q, s)`,
    [activityId, questions.map((q) => q.questionId), questions.map((q) => q.score)],
  );
}

export async function createActivity(
  pool: Pool,
  scope: Scope,
  input: z.output<typeof activityCreate>,
  actor: Actor,
  requestId: string,
): Promise<ActivityItem> {
  if (scope.kind === 'learner') throw fail('FORBIDDEN', '学员不能管理活动');
  const organizationId = scope.kind === 'organization' ? scope.organizationId : null;
  await checkQuestions(pool, input.questions);
  const state = nextState(
    activityLifecycle,
    'none',
    'submit',
    submitDetails(scope.kind === 'platform'),
  )!;
  const id = await withTransaction(pool, async (client) => {
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO activities (organization_id, title, summary, description, kind, state,
         start_at, end_at, price_fen, capacity, show_ranking, created_by_member_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        organizationId,
        input.title,
        input.summary,
        input.description,
        input.kind,
        state,
        input.startAt,
        input.endAt,
        input.priceFen,
        input.capacity,
        input.showRanking,
        scope.memberId,
      ],
    );
    const activityId = inserted.rows[0]!.id;
    await writeQuestions(client, activityId, input.questions);
    await recordTransition(
      client,
      ACTIVITY_ROWS.entity,
      { id: activityId, action: 'submit', actor, requestId },
      'none',
      state,
    );
    return activityId;
  });
  return readActivity(pool, scope, id);
}

/** Whether an update changes what learners read (not capacity or the ranking switch). */
function changesContent(
  row: ActivityRow,
  input: z.output<typeof activityUpdate>,
  stored: Question[],
): boolean {
  const differs = <T>(value: T | undefined, current: T) => value !== undefined && value !== current;
  const time = (value: string | undefined, current: Date) =>
    value !== undefined && new Date(value).getTime() !== current.getTime();
  const set = (qs: { questionId: number; score: number }[]) =>
    qs.map((q) => `${q.questionId}:${q.score}`).join(',');
  return (
    differs(input.title, row.title) ||
    differs(input.summary, row.summary) ||
    differs(input.description, row.description) ||
    differs(input.kind, row.kind) ||
    differs(input.priceFen, row.price_fen) ||
    time(input.startAt, row.start_at) ||
    time(input.endAt, row.end_at) ||
    (input.questions !== undefined && set(input.questions) !== set(stored))
  );
}

interface LockedActivity {
  state: ActivityRow['state'];
  start_at: Date;
  end_at: Date;
  started: boolean;
  ended: boolean;
  held: boolean;
  drawn: boolean;
}

/**
 * The window's rules once results exist: after the start with places held the start stays and
 * the end may only move later, before it has passed (earlier would drop answers already
 * scored); after the prizes' draw the window stays as the draw read it.
 */
function refuseWindowChange(locked: LockedActivity, input: z.output<typeof activityUpdate>) {
  const startMoves =
    input.startAt !== undefined && new Date(input.startAt).getTime() !== locked.start_at.getTime();
  const endMoves =
    input.endAt !== undefined && new Date(input.endAt).getTime() !== locked.end_at.getTime();
  if (!startMoves && !endMoves) return;
  if (locked.drawn) throw fail('CONFLICT', '活动已开奖，不能再修改时间');
  if (!locked.started || !locked.held) return;
  if (startMoves) throw fail('CONFLICT', '活动已开始且已有人报名，不能修改开始时间');
  if (locked.ended) throw fail('CONFLICT', '活动已结束，不能修改结束时间');
  if (new Date(input.endAt!).getTime() < locked.end_at.getTime()) {
    throw fail('CONFLICT', '活动已开始且已有人报名，结束时间只能延后');
  }
}

export async function updateActivity(
  pool: Pool,
  scope: Scope,
  input: z.output<typeof activityUpdate>,
  actor: Actor,
  requestId: string,
): Promise<ActivityItem> {
  const row = await managedActivity(pool, scope, input.id);
  if (isFinalState(activityLifecycle, row.state)) throw fail('CONFLICT', '活动已停止，不能修改');
  const stored = (await questionsOf(pool, [row.id])).get(row.id) ?? [];
  // The rules between fields hold for the activity as it would become.
  const merged = {
    kind: input.kind ?? row.kind,
    startAt: input.startAt ?? row.start_at.toISOString(),
    endAt: input.endAt ?? row.end_at.toISOString(),
    questions: input.questions ?? stored,
  };
  const problems: { field: string; message: string }[] = [];
  activityRules(merged, {
    addIssue: (issue: { path?: PropertyKey[]; message?: string }) =>
      problems.push({ field: `body.${String(issue.path?.[0])}`, message: issue.message ?? '' }),
  } as never);
  if (problems.length > 0) throw validationError(problems);
  if (input.questions) await checkQuestions(pool, input.questions);
  await withTransaction(pool, async (client) => {
    // The row lock first (a stop, a delete, another change wait), then the draw's row in the
    // order the prizes take them (activity-prize/store.ts locks only the draw's).
    const { rows: lockedRows } = await client.query<LockedActivity>(
      `SELECT a.state, a.start_at, a.end_at, now() >= a.start_at AS started,
              now() >= ${CLOSES_AT} AS ended,
              EXISTS (SELECT 1 FROM orders o WHERE o.kind = 'activity' AND o.item_id = a.id
                 AND o.deleted_at IS NULL AND o.state = ANY(${HOLDS})) AS held,
              false AS drawn
         FROM activities a WHERE a.id = $1 AND a.status = 'active' FOR UPDATE`,
      [input.id],
    );
    const locked = lockedRows[0];
    if (!locked) throw fail('NOT_FOUND', `活动 ${input.id} 不存在`);
    // Stopped between the read above and the lock.
    if (isFinalState(activityLifecycle, locked.state)) {
      throw fail('CONFLICT', '活动已停止，不能修改');
    }
    const draw = await client.query<{ drawn: boolean }>(
      `SELECT drawn_at IS NOT NULL AS drawn FROM activity_prize_draws WHERE activity_id = $1
          FOR UPDATE`,
      [input.id],
    );
    locked.drawn = draw.rows[0]?.drawn ?? false;
    refuseWindowChange(locked, input);
    if (input.questions) {
      // Scores are read live from the questions: changing them mid-contest would rewrite results.
      if (locked.started && locked.held) {
        throw fail('CONFLICT', '活动已开始且已有人报名，不能再修改题目');
      }
      await writeQuestions(client, input.id, input.questions);
    }
    await client.query(
      `UPDATE activities SET title = coalesce($2, title), summary = coalesce($3, summary),
         description = coalesce($4, description), kind = $5, start_at = $6, end_at = $7,
         price_fen = coalesce($8, price_fen),
         capacity = CASE WHEN $9::boolean THEN $10 ELSE capacity END,
         show_ranking = coalesce($11, show_ranking), updated_at = now()
       WHERE id = $1`,
      [
        input.id,
        input.title ?? null,
        input.summary ?? null,
        input.description ?? null,
        merged.kind,
        merged.startAt,
        merged.endAt,
        input.priceFen ?? null,
        input.capacity !== undefined,
        input.capacity ?? null,
        input.showRanking ?? null,
      ],
    );
    // An organization's change to a rejected activity submits it again; a change to what
    // learners read of a passed one sends it back to review (off the list until passed and
    // published again). The platform's own changes are trusted.
    const resubmit =
      scope.kind === 'organization' &&
      (isReviewedActivity(locked.state) ? changesContent(row, input, stored) : true) &&
      nextState(activityLifecycle, locked.state, 'submit', submitDetails(false)) !== null;
    if (resubmit) {
      await transitionRow(client, activityLifecycle, ACTIVITY_ROWS, {
        id: input.id,
        action: 'submit',
        actor,
        requestId,
        details: submitDetails(false),
      });
      await client.query('UPDATE activities SET review_reason = NULL WHERE id = $1', [input.id]);
    }
  });
  return readActivity(pool, scope, input.id);
}

/**
 * Deletes an activity nobody holds or paid for: the count and the delete in one transaction
 * under the row lock, so an enrollment committed meanwhile (its admit waits on the same lock)
 * is counted.
 */
export async function deleteActivity(pool: Pool, scope: Scope, id: number): Promise<void> {
  await managedActivity(pool, scope, id);
  await withTransaction(pool, async (client) => {
    const locked = await client.query(
      `SELECT 1 FROM activities WHERE id = $1 AND status = 'active' FOR UPDATE`,
      [id],
    );
    if (locked.rowCount === 0) throw fail('NOT_FOUND', `活动 ${id} 不存在`);
    const { rows } = await client.query<{ enrolled: number }>(
      `SELECT count(*)::int AS enrolled FROM orders o WHERE o.kind = 'activity' AND o.item_id = $1
          AND o.deleted_at IS NULL AND (o.paid_fen > 0 OR o.state = ANY(${SEATS}))`,
      [id],
    );
    if (rows[0]!.enrolled > 0) {
      throw fail('CONFLICT', `活动已有 ${rows[0]!.enrolled} 人报名，不能删除（可停止活动）`);
    }
    await client.query(
      `UPDATE activities SET status = 'deleted', updated_at = now() WHERE id = $1`,
      [id],
    );
  });
}

/** What must hold before an activity reaches learners: a contest has its questions. */
export async function checkPublishable(db: Queryable, id: number): Promise<void> {
  const { rows } = await db.query<{ kind: string; questions: number; ended: boolean }>(
    `SELECT a.kind, now() >= a.end_at AS ended,
            (SELECT count(*) FROM activity_questions aq WHERE aq.activity_id = a.id)::int AS questions
       FROM activities a WHERE a.id = $1`,
    [id],
  );
  const r = rows[0]!;
  if (r.kind === 'contest' && r.questions === 0)
    throw fail('CONFLICT', '竞赛活动还没有题目，不能发布');
  if (r.ended) throw fail('CONFLICT', '活动结束时间已过，不能发布（请先修改时间）');
}
