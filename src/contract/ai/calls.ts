/**
 * The AI assistant (issue 10; docs/product-rules.md#the-call-catalogue aiPrompt, aiSession, aiSession/message): staff write
 * a system prompt per scene; a learner opens sessions and asks; each answer is generated on the
 * server (independent of any connection, docs/decisions.md "The AI assistant") and read as an
 * event stream that can be resumed with `after`. Answers are charged in AI tokens (ai-token/).
 */
import { z } from 'zod';
import { defineCalls } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { defineResource, resourceCalls } from '../resource.ts';

import { AI_MESSAGE_STATUSES, AI_PROVIDERS, AI_SCENES, MAX_AI_CONTENT } from './scenes.ts';

export * from './scenes.ts';

export const aiScene = z.enum(
  AI_SCENES,
  '场景须为 question、examReport、homeworkReport 或 general',
);

// ---------------------------------------------------------------------------------------------
// System prompts

export const aiPromptItem = z.object({
  id: z.number().int(),
  scene: aiScene,
  name: z.string(),
  description: z.string(),
  /** The system text given to the model; staff only. */
  system: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  updatedAt: f.isoTime,
});
export type AiPromptItem = z.infer<typeof aiPromptItem>;

/**
 * What a learner reads of a prompt: what it is for, not its text (the text is the staff's
 * tuning of the model and would only invite learners to argue with it).
 */
export const aiPromptPublic = aiPromptItem.pick({
  id: true,
  scene: true,
  name: true,
  description: true,
  sort: true,
});
export type AiPromptPublic = z.infer<typeof aiPromptPublic>;

export const AI_PROMPT_SORT = ['sort', 'id', 'updatedAt'] as const;

const promptName = z.string().trim().min(1, '名称不能为空').max(40, '名称最多 40 个字符');
const promptDescription = z.string().trim().max(500, '说明最多 500 个字符');
const promptSystem = z
  .string()
  .trim()
  .min(1, '系统提示词不能为空')
  .max(8000, '系统提示词最多 8000 个字符');
const promptSort = f.wholeNumber(0, 9999);

export const aiPromptResource = defineResource({
  noun: 'AI 提示词',
  segment: 'aiPrompt',
  item: aiPromptItem,
  listItem: aiPromptItem,
  simpleItem: aiPromptItem.pick({ id: true, scene: true, name: true }),
  create: z.strictObject({
    scene: aiScene,
    name: promptName,
    description: promptDescription.default(''),
    system: promptSystem,
    enabled: z.boolean().default(true),
    sort: promptSort.default(0),
  }),
  update: z.strictObject({
    id: f.id,
    scene: aiScene.optional(),
    name: promptName.optional(),
    description: promptDescription.optional(),
    system: promptSystem.optional(),
    enabled: z.boolean().optional(),
    sort: promptSort.optional(),
  }),
  filter: z.strictObject({
    scene: aiScene.optional(),
    enabled: z.boolean().optional(),
    keyword: z.string().trim().max(40).optional(),
  }),
  sortFields: AI_PROMPT_SORT,
});

// ---------------------------------------------------------------------------------------------
// Sessions and messages

/** What a session is about; checked against what the learner owns, never trusted as given. */
export const aiContext = z.strictObject({
  questionId: f.id.optional(),
  answerId: f.id.optional(),
  examId: f.id.optional(),
  homeworkId: f.id.optional(),
});
export type AiContext = z.infer<typeof aiContext>;

export const aiSession = z.object({
  id: z.number().int(),
  title: z.string(),
  scene: aiScene,
  context: z.object({
    questionId: z.number().int().optional(),
    answerId: z.number().int().optional(),
    examId: z.number().int().optional(),
    homeworkId: z.number().int().optional(),
  }),
  /** Messages in the session (questions and answers). */
  messageCount: z.number().int(),
  createdAt: f.isoTime,
  updatedAt: f.isoTime,
});
export type AiSession = z.infer<typeof aiSession>;

export const aiMessage = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  role: z.enum(['user', 'assistant']),
  /** A streaming reply's text so far; the stream's deltas continue it. */
  content: z.string(),
  status: z.enum(AI_MESSAGE_STATUSES),
  /** Tokens charged for this reply (0 for questions, and for failed replies). */
  tokens: z.number().int(),
  /** Which assistant answered; null on the learner's own messages. */
  provider: z.enum(AI_PROVIDERS).nullable(),
  model: z.string().nullable(),
  /** Why a reply failed, in Chinese; null otherwise. */
  error: z.string().nullable(),
  /** The answer (memberQuestion) the message was about, when it was about one. */
  answerId: z.number().int().nullable(),
  createdAt: f.isoTime,
  finishedAt: f.isoTime.nullable(),
});
export type AiMessage = z.infer<typeof aiMessage>;

export const AI_SESSION_SORT = ['updatedAt', 'id'] as const;
export const AI_MESSAGE_SORT = ['id'] as const;

/** `event: delta` — seq starts at 1 and grows by 1; the texts in seq order are the reply. */
export const aiDeltaEvent = z.object({ seq: z.number().int().min(1), text: z.string() });
/** `event: done` — the last event of a stream. */
export const aiDoneEvent = z.object({
  messageId: z.number().int(),
  status: z.enum(['done', 'stopped', 'failed']),
  tokens: z.number().int(),
  /** The member's AI token balance after this reply was charged. */
  balance: z.number().int(),
  message: z.string().optional(),
});
export type AiDeltaEvent = z.infer<typeof aiDeltaEvent>;
export type AiDoneEvent = z.infer<typeof aiDoneEvent>;
export const aiStreamEvent = z.union([aiDeltaEvent, aiDoneEvent]);

const chatStreamQuery = z.strictObject({
  messageId: f.id,
  /** The last seq the client holds; deltas after it are sent (replayed, then live). */
  after: f.wholeNumber(0, f.MAX_ID).default(0),
});

export const ai = {
  ...resourceCalls(aiPromptResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: ['create', 'update', 'delete', 'queryById', 'queryList'],
  }),
  ...resourceCalls(aiPromptResource, {
    area: 'oj',
    access: 'member',
    ops: ['queryById', 'queryList'],
    item: aiPromptPublic,
    listItem: aiPromptPublic,
    note: '学员只见启用的提示词的名称与说明，不含提示词正文',
  }),
  ...defineCalls({
    'oj.aiSession.create': {
      method: 'POST',
      access: 'member',
      summary:
        '新建 AI 助手会话：scene 与 context（题目、本人的作答、考试、作业）；context 由服务端核对为本人可见',
      body: z.strictObject({
        title: z.string().trim().max(60, '标题最多 60 个字符').optional(),
        scene: aiScene,
        context: aiContext.optional(),
      }),
      response: aiSession,
    },
    'oj.aiSession.queryList': {
      method: 'POST',
      access: 'member',
      summary: '本人的 AI 助手会话（分页，最近的在前），可按场景与题目筛选',
      query: pageQueryOf(AI_SESSION_SORT),
      body: z.strictObject({ scene: aiScene.optional(), questionId: f.id.optional() }),
      response: pageOf(aiSession),
    },
    'oj.aiSession.message.create': {
      method: 'POST',
      access: 'member',
      summary:
        '提问：保存问题并立即开始生成回答（status streaming），用 chatStream 读取；AI 额度为 0 时 QUOTA_USED_UP；考试作答中或班级关闭 AI 助手时 FORBIDDEN；同一 clientKey 再次提交时返回已保存的问题与回答',
      body: z.strictObject({
        sessionId: f.id,
        content: z
          .string()
          .trim()
          .min(1, '请输入问题')
          .max(MAX_AI_CONTENT, `问题最多 ${MAX_AI_CONTENT} 个字符`),
        context: z.strictObject({ answerId: f.id.optional() }).optional(),
        /**
         * The client's key for this question, the same on a resend: a question already stored
         * with it in the session is answered with that question and its reply, nothing new.
         */
        clientKey: z
          .string()
          .regex(/^[A-Za-z0-9_-]{8,64}$/, '问题的客户端标识须为 8–64 个字母、数字、- 或 _')
          .optional(),
      }),
      response: z.object({ question: aiMessage, reply: aiMessage }),
    },
    'oj.aiSession.message.queryList': {
      method: 'POST',
      access: 'member',
      summary: '本人会话中的消息（分页，默认按先后顺序）',
      query: pageQueryOf(AI_MESSAGE_SORT),
      body: z.strictObject({ sessionId: f.id }),
      response: pageOf(aiMessage),
    },
    'oj.aiSession.message.chatStream.{sessionId}': {
      method: 'POST',
      responseKind: 'event-stream',
      access: 'member',
      summary:
        '回答的事件流（text/event-stream）：先重放 seq > after 的 event: delta，再推送新的，最后 event: done（status、tokens、balance）后结束；已结束的回答重放后即结束',
      query: chatStreamQuery,
      response: aiStreamEvent,
    },
    'oj.aiSession.message.stop': {
      method: 'POST',
      access: 'member',
      summary: '停止生成：回答记为 stopped，只按已生成的内容扣 AI 额度；已结束的回答原样返回',
      body: z.strictObject({ messageId: f.id }),
      response: aiMessage,
    },
    'oj.aiSession.message.test-stream': {
      method: 'GET',
      responseKind: 'event-stream',
      access: 'member',
      summary: '测试事件流：发送几段固定的中文 delta 与 done，不扣额度，用于检查连接',
      response: aiStreamEvent,
    },
  }),
};
