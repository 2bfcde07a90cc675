/**
 * Feedback (issue 27 item 5; docs/decisions/admin-and-identity.md, "Feedback"), over real HTTP
 * against the real database: a learner sends feedback with the page, the version and a
 * screenshot they uploaded; bad input is refused by field; only platform staff list it (the
 * screenshot by a signed address, which the learner's school cannot read); staff move it
 * forward only, and resolving needs a reply, which reaches the learner as a message; a member
 * may send only so many in ten minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/refs.ts';
import type { FeedbackItem } from '../../src/contract/feedback/calls.ts';
import { FEEDBACK_RATE_LIMIT } from '../../src/contract/feedback/calls.ts';
import { feedback } from '../../src/contract/feedback/refs.ts';
import { file } from '../../src/contract/file/refs.ts';
import { message } from '../../src/contract/message/refs.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import type { Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
let student: Transport;
let admin: Transport;

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function logIn(role: 'student' | 'admin' | 'orgAdmin' | 'teacher') {
  const api = sdk(platform.apiUrl);
  const { username, password } = platform.accounts[role];
  await api.call(accounts.loginByPwd, { body: { username, password } });
  return api;
}

const screenshot = async (api: Transport) => {
  const form = new FormData();
  form.append('purpose', 'feedbackImage');
  form.append('file', new Blob([new Uint8Array(PNG)]), 'screen.png');
  const stored = await api.call(file['common.file.upload'], {
    body: form as unknown as { purpose: 'feedbackImage' },
  });
  return stored.fileName;
};

const fieldsOf = async (promise: Promise<unknown>) => {
  const refused = await failureOf(promise);
  expect(refused.status).toBe(400);
  return Object.keys(refused.fieldErrors);
};

beforeAll(async () => {
  platform = await startTestPlatform();
  student = await logIn('student');
  admin = await logIn('admin');
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

describe('feedback', () => {
  let sent: FeedbackItem;

  it('refuses bad input by field, and keeps nothing', async () => {
    const base = {
      content: '题目 1001 的样例输出有误',
      page: '/question/detail',
      appVersion: '1.0',
    };
    expect(
      await fieldsOf(
        student.call(feedback['feedback.submit'], { body: { ...base, content: ' ' } }),
      ),
    ).toEqual(['body.content']);
    expect(
      await fieldsOf(
        student.call(feedback['feedback.submit'], { body: { ...base, page: 'http://x' } }),
      ),
    ).toEqual(['body.page']);
    // Somebody else's file, or one uploaded for something else, is not a screenshot of this.
    const othersFile = await screenshot(admin);
    expect(
      await fieldsOf(
        student.call(feedback['feedback.submit'], { body: { ...base, screenshot: othersFile } }),
      ),
    ).toEqual(['body.screenshot']);
    const { rows } = await platform.pool.query('SELECT 1 FROM feedback');
    expect(rows).toHaveLength(0);
  });

  it('keeps what a learner sends, with page, version and screenshot; staff see it', async () => {
    const shot = await screenshot(student);
    sent = await student.call(feedback['feedback.submit'], {
      body: {
        content: '题目 1001 的样例输出有误',
        page: '/question/detail?id=1001',
        appVersion: '2026.12.02',
        screenshot: shot,
      },
    });
    expect(sent).toMatchObject({
      status: 'pending',
      page: '/question/detail?id=1001',
      appVersion: '2026.12.02',
      username: platform.accounts.student.username,
      reply: null,
    });
    expect(sent.screenshotUrl).toMatch(/signature=/);
    expect((await fetch(platform.url + sent.screenshotUrl!)).status).toBe(200);

    const listed = await admin.call(feedback['feedback.queryList'], {
      query: { page: 0, size: 20 },
      body: { status: 'pending', keyword: '样例' },
    });
    expect(listed.content.map((f) => f.id)).toEqual([sent.id]);
    const mine = await student.call(feedback['feedback.queryMine'], {
      query: { page: 0, size: 20 },
    });
    expect(mine.content.map((f) => f.id)).toEqual([sent.id]);
    const one = await admin.call(feedback['feedback.queryById'], { query: { id: sent.id } });
    expect(one).toMatchObject({ id: sent.id, status: 'pending' });
    const unknown = await failureOf(
      admin.call(feedback['feedback.queryById'], { query: { id: 999_999 } }),
    );
    expect(unknown.status).toBe(404);

    // The learner's school does not read what they told the platform.
    const school = await logIn('orgAdmin');
    const refused = await failureOf(
      school.call(file['common.file.queryUrl'], { query: { fileName: shot } }),
    );
    expect(refused.status).toBe(403);
    expect(
      (await failureOf(school.call(feedback['feedback.queryList'], { query: {}, body: {} })))
        .status,
    ).toBe(403);
  });

  it('moves forward only; resolving needs a reply, which reaches the learner', async () => {
    const update = feedback['feedback.updateStatus'];
    expect(
      await fieldsOf(admin.call(update, { body: { id: sent.id, status: 'resolved' } })),
    ).toEqual(['body.reply']);
    const processing = await admin.call(update, { body: { id: sent.id, status: 'processing' } });
    expect(processing.status).toBe('processing');

    const before = (await student.call(message['message.queryUnreadCount'], {})).unread;
    const resolved = await admin.call(update, {
      body: { id: sent.id, status: 'resolved', reply: '已修正样例，谢谢指出！' },
    });
    expect(resolved).toMatchObject({
      status: 'resolved',
      reply: '已修正样例，谢谢指出！',
      repliedBy: platform.accounts.admin.username,
    });
    expect((await student.call(message['message.queryUnreadCount'], {})).unread).toBe(before + 1);
    const [latest] = (
      await student.call(message['message.queryList'], { query: { page: 0, size: 1 }, body: {} })
    ).content;
    expect(latest).toMatchObject({ kind: 'feedbackAnswered', body: '已修正样例，谢谢指出！' });

    const again = await failureOf(
      admin.call(update, { body: { id: sent.id, status: 'processing' } }),
    );
    expect(again.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(again.message).toContain('已解决');
  });

  it(`lets a member send at most ${FEEDBACK_RATE_LIMIT.max} in ten minutes`, async () => {
    const teacher = await logIn('teacher');
    const body = { content: '希望增加暗色主题', page: '/', appVersion: '1' };
    for (let i = 0; i < FEEDBACK_RATE_LIMIT.max; i++) {
      await teacher.call(feedback['feedback.submit'], { body });
    }
    const limited = await failureOf(teacher.call(feedback['feedback.submit'], { body }));
    expect(limited.code).toBe(ErrorCode.RATE_LIMITED);
  });
});
