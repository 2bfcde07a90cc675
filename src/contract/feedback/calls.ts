/**
 * Feedback (issue 27 item 5; server/feedback/): a learner or teacher tells the platform what is
 * wrong or wanted, from the page they were on, with the app's version and an optional
 * screenshot; platform staff move it through 待处理 → 处理中 → 已解决, and their reply reaches
 * the sender as a message.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import * as f from '../fields.ts';
import { storedFileName } from '../file/calls.ts';
import { pageOf, pageQueryOf } from '../paging.ts';

export const FEEDBACK_STATUSES = ['pending', 'processing', 'resolved'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** Sends a member may make in a window: feedback is for people, not scripts. */
export const FEEDBACK_RATE_LIMIT = { max: 5, timeWindowMs: 10 * 60_000, per: 'account' } as const;

const content = z
  .string('请填写反馈内容')
  .trim()
  .min(1, '请填写反馈内容')
  .max(1000, '反馈内容最多 1000 个字符');
const reply = z.string('回复须为文字').trim().max(1000, '回复最多 1000 个字符');

export const feedbackItem = z.object({
  id: z.number().int(),
  content: z.string(),
  /** The page it was sent from (a path below /web). */
  page: z.string(),
  appVersion: z.string(),
  /** A signed address of the screenshot, good for a few minutes; null without one. */
  screenshotUrl: z.string().nullable(),
  status: z.enum(FEEDBACK_STATUSES),
  reply: z.string().nullable(),
  repliedBy: z.string().nullable(),
  repliedAt: f.isoTime.nullable(),
  memberId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  organizationName: z.string(),
  createdAt: f.isoTime,
  updatedAt: f.isoTime,
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

export const feedbackSubmit = z.strictObject({
  content,
  page: z
    .string('页面须为本站路径')
    .max(200, '页面路径最多 200 个字符')
    .regex(/^\/[^\s]*$/, '页面须为本站路径（以 / 开头）'),
  appVersion: z.string('版本须为文字').trim().max(40, '版本最多 40 个字符'),
  /** A file uploaded with purpose feedbackImage by the sender. */
  screenshot: storedFileName.optional(),
});

export const feedbackStatusUpdate = z.strictObject({
  id: f.id,
  status: z.enum(['processing', 'resolved'], '状态须为 processing 或 resolved'),
  /** Required to resolve; sent to the member as a message whenever given. */
  reply: reply.optional(),
});

export const feedbackFilter = z.strictObject({
  status: z.enum(FEEDBACK_STATUSES, '状态须为 pending、processing 或 resolved').optional(),
  /** Content, username or nickname contains this. */
  keyword: z.string('关键词须为文字').trim().max(50, '关键词最多 50 个字符').optional(),
});

export const FEEDBACK_SORT = ['createdAt'] as const;

export const feedback = defineCalls({
  'feedback.submit': spec({
    method: 'POST',
    access: 'member',
    summary: '提交意见反馈（内容、所在页面、版本，可附截图）；每个账号 10 分钟内最多 5 条',
    body: feedbackSubmit,
    response: feedbackItem,
    rateLimit: FEEDBACK_RATE_LIMIT,
  }),
  'feedback.queryMine': spec({
    method: 'POST',
    access: 'member',
    summary: '本人提交的反馈及其处理状态与回复',
    query: pageQueryOf(FEEDBACK_SORT),
    response: pageOf(feedbackItem),
  }),
  'feedback.queryList': spec({
    method: 'POST',
    access: 'platformAdmin',
    summary: '分页查询意见反馈（按状态与关键词筛选）',
    query: pageQueryOf(FEEDBACK_SORT),
    body: feedbackFilter,
    response: pageOf(feedbackItem),
  }),
  'feedback.queryById': spec({
    method: 'GET',
    access: 'platformAdmin',
    summary: '一条意见反馈',
    query: z.strictObject({ id: f.id }),
    response: feedbackItem,
  }),
  'feedback.updateStatus': spec({
    method: 'PUT',
    access: 'platformAdmin',
    summary: '处理意见反馈：待处理 → 处理中 → 已解决（解决须填写回复，回复以消息告知提交人）',
    body: feedbackStatusUpdate,
    response: feedbackItem,
  }),
});
