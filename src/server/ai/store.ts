/**
 * The assistant's rows: staff's prompts, learners' sessions and messages (migration 0020).
 * Every read of a session or message is the caller's own: another member's is NOT_FOUND, the
 * same answer as one that does not exist, so ids cannot be probed.
 */
import type { z } from 'zod';
import type {
  AI_MESSAGE_SORT,
  AI_PROMPT_SORT,
  AI_SESSION_SORT,
  AiContext,
  AiMessage,
  AiPromptItem,
  AiPromptPublic,
  AiScene,
  AiSession,
  aiPromptResource,
} from '../../contract/ai/calls.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import type { Auth } from '../http/sessions.ts';
import type { Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import type { StoreContext } from '../http/resource.ts';

// ---------------------------------------------------------------------------------------------
// Prompts

interface PromptRow {
  id: number;
  scene: AiScene;
  name: string;
  description: string;
  system: string;
  enabled: boolean;
  sort: number;
  updated_at: Date;
}
const PROMPT_COLUMNS =
  'p.id, p.scene, p.name, p.description, p.system, p.enabled, p.sort, p.updated_at';
const toPrompt = (r: PromptRow): AiPromptItem => ({
  id: r.id,
  scene: r.scene,
  name: r.name,
  description: r.description,
  system: r.system,
  enabled: r.enabled,
  sort: r.sort,
  updatedAt: r.updated_at.toISOString(),
});
const toPublicPrompt = (p: AiPromptItem): AiPromptPublic => ({
  id: p.id,
  scene: p.scene,
  name: p.name,
  description: p.description,
  sort: p.sort,
});
const promptSort: SortColumns<typeof AI_PROMPT_SORT> = {
  sort: 'p.sort',
  id: 'p.id',
  updatedAt: 'p.updated_at',
};
type PromptFilter = z.output<typeof aiPromptResource.filter>;

async function findPrompt(db: Queryable, id: number, onlyEnabled: boolean): Promise<AiPromptItem> {
  const { rows } = await db.query<PromptRow>(
    `SELECT ${PROMPT_COLUMNS} FROM ai_prompts p WHERE p.id = $1 ${onlyEnabled ? 'AND p.enabled' : ''}`,
    [id],
  );
  if (!rows[0]) throw fail('NOT_FOUND', `AI 提示词 ${id} 不存在`);
  return toPrompt(rows[0]);
}

async function listPrompts(
  db: Queryable,
  filter: PromptFilter,
  page: PageQuery,
  onlyEnabled: boolean,
): Promise<Page<AiPromptItem>> {
  const rows = await pagedRows<PromptRow>(
    db,
    {
      select: PROMPT_COLUMNS,
      from: `FROM ai_prompts p WHERE ($1::text IS NULL OR p.scene = $1)
        AND ($2::boolean IS NULL OR p.enabled = $2)
        AND ($3::text IS NULL OR p.name ILIKE $3 OR p.description ILIKE $3)`,
      params: [
        filter.scene ?? null,
        onlyEnabled ? true : (filter.enabled ?? null),
        filter.keyword ? containsPattern(filter.keyword) : null,
      ],
      order: orderBy(page, promptSort, 'p.scene, p.sort ASC', 'p.id ASC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toPrompt) };
}

type Ctx = StoreContext<Auth>;

export const staffPromptStore = {
  async create({ services, scope }: Ctx, input: z.output<typeof aiPromptResource.create>) {
    const { rows } = await services.pool.query<{ id: number }>(
      `INSERT INTO ai_prompts (scene, name, description, system, enabled, sort, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        input.scene,
        input.name,
        input.description,
        input.system,
        input.enabled,
        input.sort,
        scope.userId,
      ],
    );
    return findPrompt(services.pool, rows[0]!.id, false);
  },
  async update({ services, scope }: Ctx, input: z.output<typeof aiPromptResource.update>) {
    await findPrompt(services.pool, input.id, false);
    await services.pool.query(
      `UPDATE ai_prompts SET scene = coalesce($2, scene), name = coalesce($3, name),
              description = coalesce($4, description), system = coalesce($5, system),
              enabled = coalesce($6, enabled), sort = coalesce($7, sort), updated_by = $8,
              updated_at = now()
        WHERE id = $1`,
      [
        input.id,
        input.scene ?? null,
        input.name ?? null,
        input.description ?? null,
        input.system ?? null,
        input.enabled ?? null,
        input.sort ?? null,
        scope.userId,
      ],
    );
    return findPrompt(services.pool, input.id, false);
  },
  async remove({ services }: Ctx, id: number) {
    const { rowCount } = await services.pool.query('DELETE FROM ai_prompts WHERE id = $1', [id]);
    if (rowCount === 0) throw fail('NOT_FOUND', `AI 提示词 ${id} 不存在`);
  },
  get: ({ services }: Ctx, id: number) => findPrompt(services.pool, id, false),
  list: ({ services }: Ctx, filter: PromptFilter, page: PageQuery) =>
    listPrompts(services.pool, filter, page, false),
};

export const learnerPromptStore = {
  get: async ({ services }: Ctx, id: number) =>
    toPublicPrompt(await findPrompt(services.pool, id, true)),
  list: async ({ services }: Ctx, filter: PromptFilter, page: PageQuery) => {
    const rows = await listPrompts(services.pool, filter, page, true);
    return { ...rows, content: rows.content.map(toPublicPrompt) };
  },
};

/** The system text of a scene: its first enabled prompt by sort; a fixed line when none. */
export async function systemPromptOf(db: Queryable, scene: AiScene): Promise<string> {
  const { rows } = await db.query<{ system: string }>(
    `SELECT system FROM ai_prompts WHERE scene = $1 AND enabled ORDER BY sort, id LIMIT 1`,
    [scene],
  );
  return (
    rows[0]?.system ??
    '你是信奥训练营的编程学习助教，用简体中文回答，帮助学员理解题目和自己的代码，引导思考而不是直接给出完整答案。'
  );
}

// ---------------------------------------------------------------------------------------------
// Sessions

interface SessionRow {
  id: number;
  member_id: number;
  scene: AiScene;
  title: string;
  context: AiContext;
  message_count: number;
  created_at: Date;
  updated_at: Date;
}
const SESSION_COLUMNS = `s.id, s.member_id, s.scene, s.title, s.context, s.created_at, s.updated_at,
  (SELECT count(*) FROM ai_messages m WHERE m.session_id = s.id)::int AS message_count`;
const toSession = (r: SessionRow): AiSession => ({
  id: r.id,
  title: r.title,
  scene: r.scene,
  context: r.context,
  messageCount: r.message_count,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

export async function findOwnSession(
  db: Queryable,
  memberId: number,
  id: number,
): Promise<AiSession> {
  const { rows } = await db.query<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM ai_sessions s WHERE s.id = $1 AND s.member_id = $2`,
    [id, memberId],
  );
  if (!rows[0]) throw fail('NOT_FOUND', `AI 会话 ${id} 不存在`);
  return toSession(rows[0]);
}

const SCENE_TITLES: Record<AiScene, string> = {
  question: '做题求助',
  examReport: '考试报告解读',
  homeworkReport: '作业报告解读',
  general: '学习问答',
};

export async function createSession(
  db: Queryable,
  memberId: number,
  input: { title?: string | undefined; scene: AiScene; context: AiContext },
): Promise<AiSession> {
  let title = input.title?.trim();
  if (!title && input.context.questionId !== undefined) {
    const q = await db.query<{ title: string }>('SELECT title FROM questions WHERE id = $1', [
      input.context.questionId,
    ]);
    if (q.rows[0]) title = `${SCENE_TITLES[input.scene]}：${q.rows[0].title}`.slice(0, 60);
  }
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO ai_sessions (member_id, scene, title, context) VALUES ($1, $2, $3, $4) RETURNING id`,
    [memberId, input.scene, title || SCENE_TITLES[input.scene], JSON.stringify(input.context)],
  );
  return findOwnSession(db, memberId, rows[0]!.id);
}

const sessionSort: SortColumns<typeof AI_SESSION_SORT> = { updatedAt: 's.updated_at', id: 's.id' };

export async function sessionPage(
  db: Queryable,
  memberId: number,
  filter: { scene?: AiScene | undefined; questionId?: number | undefined },
  page: PageQuery,
): Promise<Page<AiSession>> {
  const rows = await pagedRows<SessionRow>(
    db,
    {
      select: SESSION_COLUMNS,
      from: `FROM ai_sessions s WHERE s.member_id = $1 AND ($2::text IS NULL OR s.scene = $2)
        AND ($3::int IS NULL OR (s.context->>'questionId')::int = $3)`,
      params: [memberId, filter.scene ?? null, filter.questionId ?? null],
      order: orderBy(page, sessionSort, 's.updated_at DESC', 's.id DESC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toSession) };
}

// ---------------------------------------------------------------------------------------------
// Messages

export interface MessageRow {
  id: number;
  session_id: number;
  member_id: number;
  role: 'user' | 'assistant';
  content: string;
  status: AiMessage['status'];
  tokens: number;
  provider: AiMessage['provider'];
  model: string | null;
  error: string | null;
  answer_id: number | null;
  seq: number;
  created_at: Date;
  finished_at: Date | null;
}
const MESSAGE_COLUMNS = `m.id, m.session_id, m.member_id, m.role, m.content, m.status, m.tokens,
  m.provider, m.model, m.error, m.answer_id, m.seq, m.created_at, m.finished_at`;

export const toMessage = (r: MessageRow): AiMessage => ({
  id: r.id,
  sessionId: r.session_id,
  role: r.role,
  content: r.content,
  status: r.status,
  tokens: r.tokens,
  provider: r.provider,
  model: r.model,
  error: r.error,
  answerId: r.answer_id,
  createdAt: r.created_at.toISOString(),
  finishedAt: r.finished_at?.toISOString() ?? null,
});

export async function findOwnMessage(
  db: Queryable,
  memberId: number,
  id: number,
): Promise<MessageRow | undefined> {
  const { rows } = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM ai_messages m WHERE m.id = $1 AND m.member_id = $2`,
    [id, memberId],
  );
  return rows[0];
}

const messageSort: SortColumns<typeof AI_MESSAGE_SORT> = { id: 'm.id' };

export async function messagePage(
  db: Queryable,
  memberId: number,
  sessionId: number,
  page: PageQuery,
): Promise<Page<AiMessage>> {
  await findOwnSession(db, memberId, sessionId);
  const rows = await pagedRows<MessageRow>(
    db,
    {
      select: MESSAGE_COLUMNS,
      from: 'FROM ai_messages m WHERE m.session_id = $1 AND m.member_id = $2',
      params: [sessionId, memberId],
      order: orderBy(page, messageSort, 'm.id ASC', 'm.id ASC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toMessage) };
}

/**
 * Earlier turns of a session (finished ones), oldest first, for a model's conversation: those
 * before `beforeId`, or all of them (null).
 */
export async function historyOf(
  db: Queryable,
  sessionId: number,
  beforeId: number | null,
  limit = 10,
): Promise<{ role: 'user' | 'assistant'; content: string }[]> {
  const { rows } = await db.query<{ role: 'user' | 'assistant'; content: string }>(
    `SELECT role, content FROM (
       SELECT id, role, content FROM ai_messages
        WHERE session_id = $1 AND ($2::int IS NULL OR id < $2)
          AND status IN ('done', 'stopped') AND content <> ''
        ORDER BY id DESC LIMIT $3) t ORDER BY id`,
    [sessionId, beforeId, limit],
  );
  return rows;
}

/** A finished reply's deltas after `after`, in order. */
export async function storedDeltas(
  db: Queryable,
  messageId: number,
  after: number,
): Promise<{ seq: number; text: string }[]> {
  const { rows } = await db.query<{ seq: number; text: string }>(
    'SELECT seq, text FROM ai_message_deltas WHERE message_id = $1 AND seq > $2 ORDER BY seq',
    [messageId, after],
  );
  return rows;
}
