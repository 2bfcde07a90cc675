/**
 * Feedback (contract/feedback/; docs/decisions/admin-and-identity.md, "Feedback"). A member sends
 * it with the page and version it came from and, if they like, a screenshot they uploaded first
 * (purpose feedbackImage, which only they and platform staff may read). Staff move it forward
 * only — 待处理 → 处理中 → 已解决 — and a reply reaches the sender as a message in the same
 * transaction.
 */
import type { z } from 'zod';
import type {
  FeedbackItem,
  FeedbackStatus,
  feedbackFilter,
  feedbackStatusUpdate,
  feedbackSubmit,
} from '../../contract/feedback/calls.ts';
import type { FEEDBACK_SORT } from '../../contract/feedback/calls.ts';
import type { PageQuery } from '../../contract/paging.ts';
import { withTransaction } from '../db/pool.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { liveFile } from '../files/rows.ts';
import { fileUrls } from '../files/urls.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows } from '../http/paging.ts';
import type { SortColumns } from '../http/paging.ts';
import type { Auth } from '../http/sessions.ts';
import { validationError } from '../http/validation-error.ts';
import { sendMessage } from '../messages/send.ts';
import type { Services } from '../services.ts';

interface FeedbackRow {
  id: number;
  content: string;
  page: string;
  app_version: string;
  screenshot: string | null;
  status: FeedbackStatus;
  reply: string | null;
  replied_by: string | null;
  replied_at: Date | null;
  member_id: number;
  username: string;
  nickname: string;
  organization_name: string;
  created_at: Date;
  updated_at: Date;
}

const SELECT = `f.id, f.content, f.page, f.app_version, f.screenshot, f.status, f.reply,
  ru.username AS replied_by, f.replied_at, f.member_id, u.username, m.nickname,
  o.name AS organization_name, f.created_at, f.updated_at`;
const FROM = `FROM feedback f JOIN members m ON m.id = f.member_id
  JOIN users u ON u.id = m.user_id JOIN organizations o ON o.id = m.organization_id
  LEFT JOIN users ru ON ru.id = f.replied_by`;

/** Where each status may go: forward only, and never from 已解决. */
const NEXT: Record<FeedbackStatus, readonly FeedbackStatus[]> = {
  pending: ['processing', 'resolved'],
  processing: ['resolved'],
  resolved: [],
};
const STATUS_NAMES: Record<FeedbackStatus, string> = {
  pending: '待处理',
  processing: '处理中',
  resolved: '已解决',
};

type FileServices = Pick<Services, 'pool' | 'files'>;

async function toItems(services: FileServices, rows: FeedbackRow[]): Promise<FeedbackItem[]> {
  const urls = await fileUrls(
    services,
    rows.flatMap((r) => (r.screenshot ? [r.screenshot] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    content: r.content,
    page: r.page,
    appVersion: r.app_version,
    screenshotUrl: r.screenshot ? (urls.get(r.screenshot) ?? null) : null,
    status: r.status,
    reply: r.reply,
    repliedBy: r.replied_by,
    repliedAt: r.replied_at?.toISOString() ?? null,
    memberId: r.member_id,
    username: r.username,
    nickname: r.nickname,
    organizationName: r.organization_name,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }));
}

export async function feedbackById(services: FileServices, id: number): Promise<FeedbackItem> {
  const { rows } = await services.pool.query<FeedbackRow>(
    `SELECT ${SELECT} ${FROM} WHERE f.id = $1`,
    [id],
  );
  if (!rows[0]) throw fail('NOT_FOUND', `反馈 ${id} 不存在`);
  return (await toItems(services, rows))[0]!;
}

export async function submitFeedback(
  services: FileServices,
  auth: Auth,
  input: z.output<typeof feedbackSubmit>,
): Promise<FeedbackItem> {
  if (input.screenshot) {
    const file = await liveFile(services.pool, input.screenshot);
    if (!file || file.ownerMemberId !== auth.memberId || file.purpose !== 'feedbackImage') {
      throw validationError([{ field: 'body.screenshot', message: '截图须是你刚上传的反馈截图' }]);
    }
  }
  const { rows } = await services.pool.query<{ id: number }>(
    `INSERT INTO feedback (member_id, content, page, app_version, screenshot)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [auth.memberId, input.content, input.page, input.appVersion, input.screenshot ?? null],
  );
  return feedbackById(services, rows[0]!.id);
}

const SORT: SortColumns<typeof FEEDBACK_SORT> = { createdAt: 'f.created_at' };

async function page(services: FileServices, where: string[], sql: SqlParams, query: PageQuery) {
  const result = await pagedRows<FeedbackRow>(
    services.pool,
    {
      select: SELECT,
      from: `${FROM} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}`,
      params: sql.values,
      order: orderBy(query, SORT, 'f.created_at DESC', 'f.id DESC'),
    },
    query,
  );
  return { ...result, content: await toItems(services, result.content) };
}

export function feedbackPage(
  services: FileServices,
  filter: z.output<typeof feedbackFilter>,
  query: PageQuery,
) {
  const sql = new SqlParams();
  const where: string[] = [];
  if (filter.status) where.push(`f.status = ${sql.add(filter.status)}`);
  if (filter.keyword) {
    const p = sql.add(containsPattern(filter.keyword));
    where.push(`(f.content ILIKE ${p} OR u.username ILIKE ${p} OR m.nickname ILIKE ${p})`);
  }
  return page(services, where, sql, query);
}

export function myFeedback(services: FileServices, auth: Auth, query: PageQuery) {
  const sql = new SqlParams();
  return page(services, [`f.member_id = ${sql.add(auth.memberId)}`], sql, query);
}

export async function updateFeedbackStatus(
  services: FileServices,
  auth: Auth,
  input: z.output<typeof feedbackStatusUpdate>,
): Promise<FeedbackItem> {
  const reply = input.reply?.trim() || undefined;
  if (input.status === 'resolved' && !reply) {
    throw validationError([{ field: 'body.reply', message: '解决反馈须填写回复' }]);
  }
  await withTransaction(services.pool, async (db: Queryable) => {
    const { rows } = await db.query<{ status: FeedbackStatus; member_id: number; content: string }>(
      'SELECT status, member_id, content FROM feedback WHERE id = $1 FOR UPDATE',
      [input.id],
    );
    const current = rows[0];
    if (!current) throw fail('NOT_FOUND', `反馈 ${input.id} 不存在`);
    if (!NEXT[current.status].includes(input.status)) {
      throw fail(
        'TRANSITION_NOT_ALLOWED',
        `反馈已是「${STATUS_NAMES[current.status]}」，不能改为「${STATUS_NAMES[input.status]}」`,
        { state: current.status, action: input.status },
      );
    }
    await db.query(
      `UPDATE feedback SET status = $2, updated_at = now(),
              reply = coalesce($3, reply),
              replied_by = CASE WHEN $3::text IS NULL THEN replied_by ELSE $4 END,
              replied_at = CASE WHEN $3::text IS NULL THEN replied_at ELSE now() END
        WHERE id = $1`,
      [input.id, input.status, reply ?? null, auth.userId],
    );
    if (reply) {
      await sendMessage(db, {
        memberId: current.member_id,
        kind: 'feedbackAnswered',
        title: `你的反馈有了回复（${STATUS_NAMES[input.status]}）`,
        body: reply,
        link: '/user/feedback',
      });
    }
  });
  return feedbackById(services, input.id);
}
