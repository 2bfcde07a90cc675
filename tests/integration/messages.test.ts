/**
 * Messages (issue 27 item 4; docs/decisions/admin-and-identity.md, "Messages"), over real HTTP
 * against the real database: a teacher's hand score reaches the learner as 已批改 in the same
 * commit, and the learner's open bell (message.stream) hears the new unread count without
 * asking; reading one and reading all bring it down; nobody reads another's message; an event
 * rolled back leaves no message; a homework due tomorrow is told once; the seeded demo
 * learner's paid orders are already in their list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/refs.ts';
import type { MessageItem } from '../../src/contract/message/calls.ts';
import { message } from '../../src/contract/message/refs.ts';
import { homework } from '../../src/contract/homework/refs.ts';
import { DEFAULT_SEED_PASSWORD } from '../../src/server/config.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { remindHomeworkDue } from '../../src/server/homework/clock.ts';
import { sendMessage } from '../../src/server/messages/send.ts';
import type { Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;

async function logIn(username: string, password = DEFAULT_SEED_PASSWORD) {
  const api = sdk(platform.apiUrl);
  const user = await api.call(accounts.loginByPwd, { body: { username, password } });
  return { api, memberId: user.id };
}

/** Follows a bell: every `unread` count it receives, until stopped. */
function bell(api: Transport) {
  const counts: number[] = [];
  const abort = new AbortController();
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const done = (async () => {
    const response = await api.stream(message['message.stream'], { signal: abort.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) return;
      text += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, cut);
        text = text.slice(cut + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (/^event: unread$/m.test(block) && data) {
          counts.push((JSON.parse(data) as { unread: number }).unread);
        }
      }
    }
  })().catch((err: unknown) => {
    if (!abort.signal.aborted) console.error('bell failed', err);
  });
  return {
    counts,
    stop: async () => {
      abort.abort();
      await reader?.cancel().catch(() => undefined);
      await done;
    },
  };
}

const list = (api: Transport, unread?: boolean) =>
  api.call(message['message.queryList'], {
    query: { page: 0, size: 50 },
    body: unread === undefined ? {} : { unread },
  });

/** A learner's homework in a class of the demo teacher, with one of its questions. */
async function gradable() {
  const { rows } = await platform.pool.query<{
    order_id: number;
    question_id: number;
    username: string;
    title: string;
  }>(
    `SELECT he.order_id, hq.question_id, u.username, h.title
       FROM homework_enrolls he JOIN homeworks h ON h.id = he.homework_id
       JOIN homework_questions hq ON hq.homework_id = h.id
       JOIN grade_teachers gt ON gt.grade_id = h.grade_id
       JOIN members t ON t.id = gt.member_id JOIN users tu ON tu.id = t.user_id
       JOIN members m ON m.id = he.member_id JOIN users u ON u.id = m.user_id
      WHERE tu.username = $1 AND h.deleted_at IS NULL AND m.role = 'student'
      ORDER BY (u.username = $2) DESC, he.order_id, hq.sort LIMIT 1`,
    [platform.accounts.teacher.username, platform.accounts.student.username],
  );
  return rows[0]!;
}

beforeAll(async () => {
  platform = await startTestPlatform();
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

describe('messages', () => {
  it('the demo learner starts with the messages of their seeded orders', async () => {
    const { api } = await logIn(
      platform.accounts.student.username,
      platform.accounts.student.password,
    );
    const page = await list(api);
    expect(page.content.some((m) => m.kind === 'orderPaid' && m.title.endsWith('已支付'))).toBe(
      true,
    );
  });

  it('a hand score reaches the learner as 已批改, and their open bell hears it', async () => {
    const target = await gradable();
    const learner = await logIn(target.username);
    await learner.api.call(message['message.readAll'], {});
    const ring = bell(learner.api);
    await expect.poll(() => ring.counts.at(-1)).toBe(0);

    const { api: teacher } = await logIn(
      platform.accounts.teacher.username,
      platform.accounts.teacher.password,
    );
    await teacher.call(homework['edms.homeworkMemberQuestion.create'], {
      body: {
        homeworkEnrollId: target.order_id,
        questionId: target.question_id,
        score: 7,
        remark: '',
      },
    });
    await expect.poll(() => ring.counts.at(-1), { timeout: 5_000 }).toBe(1);

    const unread = await list(learner.api, true);
    expect(unread.content).toHaveLength(1);
    const graded: MessageItem = unread.content[0]!;
    expect(graded).toMatchObject({
      kind: 'homeworkGraded',
      title: `作业「${target.title}」已批改`,
      read: false,
      link: '/user/homework',
    });
    expect(graded.body).toMatch(/^第 \d+ 题得分 7（满分 \d+）$/);

    // Graded again: the same message, unread again, with the new score; still one.
    await learner.api.call(message['message.read'], { query: { id: graded.id } });
    await expect.poll(() => ring.counts.at(-1)).toBe(0);
    await teacher.call(homework['edms.homeworkMemberQuestion.create'], {
      body: {
        homeworkEnrollId: target.order_id,
        questionId: target.question_id,
        score: 9,
        remark: '',
      },
    });
    await expect.poll(() => ring.counts.at(-1), { timeout: 5_000 }).toBe(1);
    const again = (await list(learner.api)).content.filter((m) => m.kind === 'homeworkGraded');
    expect(again).toHaveLength(1);
    expect(again[0]!.body).toContain('得分 9');

    expect((await learner.api.call(message['message.readAll'], {})).read).toBe(1);
    await expect.poll(() => ring.counts.at(-1)).toBe(0);
    expect((await learner.api.call(message['message.queryUnreadCount'], {})).unread).toBe(0);
    await ring.stop();
  });

  it('nobody reads another member’s message', async () => {
    const { api, memberId } = await logIn(
      platform.accounts.student.username,
      platform.accounts.student.password,
    );
    const mine = (await list(api)).content[0]!;
    const { api: other } = await logIn(
      platform.accounts.parent.username,
      platform.accounts.parent.password,
    );
    const refused = await failureOf(
      other.call(message['message.read'], { query: { id: mine.id } }),
    );
    expect(refused.status).toBe(404);
    const { rows } = await platform.pool.query(
      'SELECT read_at FROM messages WHERE id = $1 AND member_id = $2',
      [mine.id, memberId],
    );
    expect(rows).toHaveLength(1);
  });

  it('an event rolled back leaves no message, and its bell hears nothing', async () => {
    const { api, memberId } = await logIn(
      platform.accounts.student.username,
      platform.accounts.student.password,
    );
    await api.call(message['message.readAll'], {});
    const ring = bell(api);
    await expect.poll(() => ring.counts.length).toBe(1);
    await expect(
      withTransaction(platform.pool, async (db) => {
        await sendMessage(db, { memberId, kind: 'orderPaid', title: '回滚的消息' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    await sendMessage(platform.pool, { memberId, kind: 'orderPaid', title: '提交的消息' });
    await expect.poll(() => ring.counts.at(-1), { timeout: 5_000 }).toBe(1);
    expect(ring.counts).toEqual([0, 1]);
    const titles = (await list(api)).content.map((m) => m.title);
    expect(titles).toContain('提交的消息');
    expect(titles).not.toContain('回滚的消息');
    await ring.stop();
  });

  it('a homework due tomorrow is told once to whoever has not handed it all in', async () => {
    const target = await gradable();
    await platform.pool.query(
      `UPDATE homeworks SET due_at = now() + interval '12 hours', late_until = NULL
        WHERE id = (SELECT homework_id FROM homework_enrolls WHERE order_id = $1)`,
      [target.order_id],
    );
    expect(await remindHomeworkDue(platform.pool)).toBeGreaterThan(0);
    expect(await remindHomeworkDue(platform.pool)).toBe(0);
    const learner = await logIn(target.username);
    const due = (await list(learner.api)).content.filter((m) => m.kind === 'homeworkDue');
    expect(due).toHaveLength(1);
    expect(due[0]!.title).toBe(`作业「${target.title}」明天截止`);
  });

  it('refuses a bad filter by field', async () => {
    const { api } = await logIn(
      platform.accounts.student.username,
      platform.accounts.student.password,
    );
    const refused = await failureOf(
      api.call(message['message.queryList'], {
        query: { page: 0, size: 10 },
        body: { unread: 'yes' as unknown as boolean },
      }),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain('body.unread');
  });
});
