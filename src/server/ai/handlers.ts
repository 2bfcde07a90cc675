/** The AI assistant's calls (contract/ai/calls.ts). */
import { ai } from '../../contract/ai/calls.ts';
import type { AiScene } from '../../contract/ai/calls.ts';
import * as f from '../../contract/fields.ts';
import { decodeTextValue } from '../../contract/text-input.ts';
import type { Auth } from '../http/sessions.ts';
import { withTransaction, type Pool, type Queryable } from '../db/pool.ts';
import { controlAllows } from '../grade-controls/controls.ts';
import { fail } from '../http/app-error.ts';
import { handle } from '../http/handler.ts';
import { resourceHandlers } from '../http/resource.ts';
import { validationError } from '../http/validation-error.ts';
import { balanceOf, ledgerAccount } from '../ledger/ledger.ts';
import { SAVE_GRACE_MS } from '../exam/sittings.ts';
import { checkSessionContext, replyContext } from './context.ts';
import type { ChatTurn } from './providers/types.ts';
import { aiFor, askToStop, endOrphan, generatedElsewhere } from './registry.ts';
import {
  createSession,
  findOwnMessage,
  findOwnSession,
  historyOf,
  learnerPromptStore,
  messagePage,
  sessionPage,
  staffPromptStore,
  systemPromptOf,
  toMessage,
  type MessageRow,
} from './store.ts';
import { openReplyStream, streamReply } from './stream.ts';
import type { TutorInput } from './tutor/tutor.ts';
import { pieces } from './tutor/tutor.ts';
import { sleep } from './providers/types.ts';

/**
 * Refusals before anything is stored or generated: an exam sitting of the learner's that is still
 * open (the assistant would answer the exam), a class that turned the assistant off, and an empty
 * AI token balance (docs/product-rules.md#errors "times used up": the client offers to buy more).
 */
async function assertMayAsk(db: Queryable, memberId: number): Promise<void> {
  const sitting = await db.query(
    `SELECT 1 FROM exam_paper_enrolls
      WHERE member_id = $1 AND state = 'inProgress' AND deleted_at IS NULL
        AND deadline + make_interval(secs => $2::double precision / 1000) > now() LIMIT 1`,
    [memberId, SAVE_GRACE_MS],
  );
  if (sitting.rowCount !== 0) {
    throw fail('FORBIDDEN', '考试作答期间不能使用 AI 助手，交卷后可在考试报告中使用');
  }
  if (!(await controlAllows(db, memberId, 'useAiAssistant'))) {
    throw fail('FORBIDDEN', '你所在的班级已关闭 AI 助手，如有需要请联系老师');
  }
  if ((await balanceOf(db, ledgerAccount.aiTokens(memberId))) <= 0) throw quotaUsedUp();
}

const quotaUsedUp = () =>
  fail('QUOTA_USED_UP', 'AI 助手次数已用完：你的 AI 额度为 0，请购买 AI 额度后再提问');

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}\n…（已截断）` : s);

/** What the server knows, as text for a model's system turn (never taken from the client). */
function contextText(t: TutorInput): string {
  const parts: string[] = [`场景：${t.scene}`];
  if (t.question) {
    const q = t.question;
    parts.push(
      `题目：${q.title}`,
      `标签：${q.tags.join('、') || '无'}`,
      `时间限制：${q.timeLimitMs ?? '-'} ms，内存限制：${q.memoryLimitMib ?? '-'} MiB`,
      `题面：\n${clip(q.statement, 3000)}`,
    );
  }
  if (t.answer) {
    const a = t.answer;
    parts.push(
      `学员的提交（${a.language}）：结果 ${a.verdict ?? '评测中'}，通过 ${a.casesPassed}/${a.casesRun} 个测试点`,
      `代码：\n${clip(a.source, 6000)}`,
    );
    if (a.compileOutput) parts.push(`编译输出：\n${clip(a.compileOutput, 2000)}`);
    const fc = a.failing;
    if (fc) {
      parts.push(
        fc.input === null
          ? `第一个未通过的测试点：第 ${fc.index} 个（${fc.verdict}），数据对学员不可见，不要猜测或透露其内容`
          : `第一个未通过的测试点：第 ${fc.index} 个（${fc.verdict}）\n输入：\n${clip(fc.input, 1000)}\n期望输出：\n${clip(fc.expected ?? '', 1000)}\n学员输出：\n${clip(fc.got ?? '', 1000)}`,
      );
      if (fc.stderr) parts.push(`程序的错误输出：\n${clip(fc.stderr, 1000)}`);
      else if (fc.exception) parts.push(`程序以异常 ${fc.exception} 结束（异常信息不提供）`);
    }
  }
  return parts.join('\n\n');
}

/** How long a stop asked through this process waits for the generating process to end it. */
const STOP_WAIT_MS = 3_000;

/** Waits (a few seconds at most) for a reply stopped by another process to be stored ended. */
async function untilEnded(pool: Pool, replyId: number): Promise<void> {
  for (let waited = 0; waited < STOP_WAIT_MS; waited += 100) {
    const { rows } = await pool.query<{ status: string }>(
      'SELECT status FROM ai_messages WHERE id = $1',
      [replyId],
    );
    if (rows[0]?.status !== 'streaming') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function createMessage(
  services: Parameters<Parameters<typeof handle>[1]>[0]['services'],
  auth: Auth,
  body: {
    sessionId: number;
    content: string;
    context?: { answerId?: number | undefined } | undefined;
    clientKey?: string | undefined;
  },
) {
  const session = await findOwnSession(services.pool, auth.memberId, body.sessionId);
  // A resend of a question already taken: its question and reply, whatever happened since (the
  // tokens it cost, a reply still being written), and nothing new.
  const taken = await askedBefore(services.pool, session.id, body.clientKey);
  if (taken) return taken;
  await assertMayAsk(services.pool, auth.memberId);
  const context = await replyContext(
    services.pool,
    auth,
    { scene: session.scene, context: session.context },
    body.content,
    body.context?.answerId,
  );
  const registry = aiFor(services.pool, services.logger);
  const provider = registry.provider;
  // Everything the model is sent is read before the reply row exists: a failure here stores
  // nothing, rather than leaving a reply `streaming` that nothing generates.
  const turns: ChatTurn[] = [
    { role: 'system', content: await systemPromptOf(services.pool, session.scene) },
    { role: 'system', content: `以下是平台提供的背景信息：\n\n${contextText(context.tutor)}` },
    ...(await historyOf(services.pool, session.id, null)),
    { role: 'user', content: body.content },
  ];
  let reserved: number | null = null;
  const rows = await withTransaction(services.pool, async (client) => {
    // The session's row lock, then the member's token account's: questions sent at once — in
    // one session or in many — are decided one after another, against the balance as it is.
    await client.query('SELECT id FROM ai_sessions WHERE id = $1 FOR UPDATE', [session.id]);
    // The same question sent twice at once: the second waited for the first's lock.
    const racing = await askedBefore(client, session.id, body.clientKey);
    if (racing) return { taken: racing };
    const account = await client.query<{ balance: string }>(
      'SELECT balance FROM ledger_accounts WHERE id = $1 FOR UPDATE',
      [ledgerAccount.aiTokens(auth.memberId)],
    );
    if (Number(account.rows[0]?.balance ?? 0) <= 0) throw quotaUsedUp();
    // One reply at a time per member: the charge of a reply is taken at its end, so replies
    // in parallel would each be let through by the same balance.
    const streaming = await client.query<{ id: number; session_id: number }>(
      `SELECT id, session_id FROM ai_messages WHERE member_id = $1 AND status = 'streaming'`,
      [auth.memberId],
    );
    for (const r of streaming.rows) {
      if (registry.isLive(r.id) || (await generatedElsewhere(client, r.id, services.instance))) {
        throw fail(
          'CONFLICT',
          r.session_id === session.id
            ? '上一条回答还在生成中，请等它结束或先停止'
            : '你在另一个会话中还有一条回答正在生成，请等它结束或先停止',
        );
      }
      // Nothing generates it (its process is gone, or this one could not start it): it never
      // ends by itself.
      await endOrphan(client, r.id, services.instance);
    }
    const inserted = await client.query<MessageRow>(
      `INSERT INTO ai_messages (session_id, member_id, role, content, status, answer_id, provider,
                                model, client_key, owner)
       VALUES ($1, $2, 'user', $3, 'done', $4, NULL, NULL, $7, NULL),
              ($1, $2, 'assistant', '', 'streaming', $4, $5, $6, NULL, $8)
       RETURNING id, session_id, member_id, role, content, status, tokens, provider, model, error,
                 answer_id, seq, created_at, finished_at`,
      [
        session.id,
        auth.memberId,
        body.content,
        context.answerId,
        provider.name,
        provider.model,
        body.clientKey ?? null,
        services.instance,
      ],
    );
    await client.query('UPDATE ai_sessions SET updated_at = now() WHERE id = $1', [session.id]);
    const sorted = [...inserted.rows].sort((a, b) => a.id - b.id);
    reserved = sorted[1]!.id;
    registry.reserve(reserved);
    return { taken: null, question: sorted[0]!, reply: sorted[1]! };
  }).catch((err: unknown) => {
    if (reserved !== null) registry.release(reserved);
    throw err;
  });
  if (rows.taken) return rows.taken;
  try {
    registry.start(rows.reply.id, auth.memberId, { messages: turns, tutor: context.tutor });
  } catch (err) {
    registry.release(rows.reply.id);
    services.logger.error({ err, replyId: rows.reply.id }, 'AI 回答无法开始生成');
    await endOrphan(services.pool, rows.reply.id, services.instance);
    const failed = await findOwnMessage(services.pool, auth.memberId, rows.reply.id);
    return { question: toMessage(rows.question), reply: toMessage(failed ?? rows.reply) };
  }
  return { question: toMessage(rows.question), reply: toMessage(rows.reply) };
}

type AskedBefore = { question: ReturnType<typeof toMessage>; reply: ReturnType<typeof toMessage> };

/** The question stored in the session with `clientKey`, and the reply that answers it. */
async function askedBefore(
  db: Queryable,
  sessionId: number,
  clientKey: string | undefined,
): Promise<AskedBefore | null> {
  if (clientKey === undefined) return null;
  const { rows } = await db.query<MessageRow>(
    `SELECT m.* FROM ai_messages q
       JOIN LATERAL (SELECT * FROM ai_messages r WHERE r.session_id = q.session_id AND r.id >= q.id
                      ORDER BY r.id LIMIT 2) m ON true
      WHERE q.session_id = $1 AND q.client_key = $2
      ORDER BY m.id`,
    [sessionId, clientKey],
  );
  const [question, reply] = rows;
  if (!question || reply?.role !== 'assistant') return null;
  return { question: toMessage(question), reply: toMessage(reply) };
}

function sessionIdParam(params: unknown): number {
  // A path segment is text: plain digits are the id.
  const raw = (params as { sessionId?: unknown }).sessionId;
  const parsed = f.id.safeParse(decodeTextValue(f.id, raw));
  if (!parsed.success) {
    throw validationError([
      { field: 'path.sessionId', message: parsed.error.issues[0]?.message ?? '会话 id 不合规' },
    ]);
  }
  return parsed.data as number;
}

const TEST_SENTENCE = '连接正常：这是 AI 助手的测试消息，用于检查事件流是否畅通。';

export const aiHandlers = [
  ...resourceHandlers(
    {
      create: ai['bms.aiPrompt.create'],
      update: ai['bms.aiPrompt.update'],
      delete: ai['bms.aiPrompt.delete'],
      queryById: ai['bms.aiPrompt.queryById'],
      queryList: ai['bms.aiPrompt.queryList'],
    },
    staffPromptStore as never,
    (auth) => auth,
  ),
  ...resourceHandlers(
    { queryById: ai['oj.aiPrompt.queryById'], queryList: ai['oj.aiPrompt.queryList'] },
    learnerPromptStore as never,
    (auth) => auth,
  ),
  handle(ai['oj.aiSession.create'], async ({ services, requireAuth, body }) => {
    const auth = requireAuth();
    const scene: AiScene = body.scene;
    const context = await checkSessionContext(services.pool, auth, scene, body.context ?? {});
    return createSession(services.pool, auth.memberId, { title: body.title, scene, context });
  }),
  handle(ai['oj.aiSession.queryList'], ({ services, requireAuth, body, query }) =>
    sessionPage(services.pool, requireAuth().memberId, body, query),
  ),
  handle(ai['oj.aiSession.message.create'], ({ services, requireAuth, body }) =>
    createMessage(services, requireAuth(), body),
  ),
  handle(ai['oj.aiSession.message.queryList'], ({ services, requireAuth, body, query }) =>
    messagePage(services.pool, requireAuth().memberId, body.sessionId, query),
  ),
  handle(ai['oj.aiSession.message.stop'], async ({ services, requireAuth, body }) => {
    const auth = requireAuth();
    const row = await findOwnMessage(services.pool, auth.memberId, body.messageId);
    if (!row || row.role !== 'assistant') throw fail('NOT_FOUND', `回答 ${body.messageId} 不存在`);
    if (row.status === 'streaming') {
      const registry = aiFor(services.pool, services.logger);
      if (await generatedElsewhere(services.pool, row.id, services.instance)) {
        // Another process generates it: asked to stop, it ends the reply in a moment.
        await askToStop(services.pool, row.id);
        await untilEnded(services.pool, row.id);
      } else if (!(await registry.stop(row.id)) && !registry.isLive(row.id)) {
        // A streaming reply nothing generates would never end: it ends failed, uncharged, and
        // the answer says so (its error), rather than a stop that changes nothing.
        await endOrphan(services.pool, row.id, services.instance);
      }
    }
    return toMessage((await findOwnMessage(services.pool, auth.memberId, row.id))!);
  }),
  handle(
    ai['oj.aiSession.message.chatStream.{sessionId}'],
    async ({ services, requireAuth, query, request, reply }) => {
      const auth = requireAuth();
      const sessionId = sessionIdParam(request.params);
      await findOwnSession(services.pool, auth.memberId, sessionId);
      const row = await findOwnMessage(services.pool, auth.memberId, query.messageId);
      if (!row || row.role !== 'assistant' || row.session_id !== sessionId) {
        throw fail('NOT_FOUND', `会话 ${sessionId} 中没有回答 ${query.messageId}`);
      }
      const writer = openReplyStream(request, reply);
      await streamReply({
        pool: services.pool,
        registry: aiFor(services.pool, services.logger),
        memberId: auth.memberId,
        replyId: row.id,
        after: query.after,
        writer,
        self: services.instance,
      });
      return undefined as never;
    },
  ),
  handle(
    ai['oj.aiSession.message.test-stream'],
    async ({ services, requireAuth, request, reply }) => {
      const auth = requireAuth();
      const writer = openReplyStream(request, reply);
      const abort = new AbortController();
      void writer.closed.then(() => abort.abort(new Error('closed')));
      let seq = 0;
      try {
        for (const piece of pieces(TEST_SENTENCE, 8)) {
          await sleep(50, abort.signal);
          writer.delta(++seq, piece);
        }
      } catch {
        return undefined as never;
      }
      writer.done({
        messageId: 0,
        status: 'done',
        tokens: 0,
        balance: await balanceOf(services.pool, ledgerAccount.aiTokens(auth.memberId)),
      });
      return undefined as never;
    },
  ),
];
