/**
 * Read queries of the AI assistant (issue 10): the member's sessions and a session's messages
 * (/user/chatHistory), and whether a class lets its students use the assistant (the class
 * control `useAiAssistant`, known before asking on a homework report). Keys start with the
 * member's id, so another login never reads this member's conversations.
 */
import type { CallResult } from '../../contract/call.ts';
import { ai } from '../../contract/ai/refs.ts';
import { grade as gradeApi } from '../../contract/grade/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import { definedQuery as defined, memberKey } from './defined-query.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { aiSessionsTag } from './modules/ai.ts';

export type AiSessionPage = CallResult<(typeof ai)['oj.aiSession.queryList']>;
export type AiMessagePage = CallResult<(typeof ai)['oj.aiSession.message.queryList']>;
export type GradeControls = CallResult<(typeof gradeApi)['oj.grade.controls.queryList']>;

/** The member's sessions and messages, tagged `aiSessions`: stale once a reply is charged. */
const AI_PREFIX = 'ai:';

/** One page of the member's sessions, most recent first. */
export function aiSessionPage(runtime: Runtime, page: number): QueryDef<AiSessionPage> {
  return defined(
    runtime,
    pageKey(`${AI_PREFIX}${memberKey(runtime)}:sessions`, page),
    () =>
      runtime.transport.call(ai['oj.aiSession.queryList'], {
        query: { page, size: DEFAULT_PAGE_SIZE },
        body: {},
      }),
    [aiSessionsTag],
  );
}

/** One page of a session's messages, oldest first. */
export function aiMessagePage(
  runtime: Runtime,
  sessionId: number,
  page: number,
): QueryDef<AiMessagePage> {
  return defined(
    runtime,
    pageKey(`${AI_PREFIX}${memberKey(runtime)}:messages:${sessionId}`, page),
    () =>
      runtime.transport.call(ai['oj.aiSession.message.queryList'], {
        query: { page, size: DEFAULT_PAGE_SIZE },
        body: { sessionId },
      }),
    [aiSessionsTag],
  );
}

/** What a class lets its students do (the learner's own class). */
export function myGradeControls(runtime: Runtime, gradeId: number): QueryDef<GradeControls> {
  return defined(
    runtime,
    `${AI_PREFIX}${memberKey(runtime)}:gradeControls:${gradeId}`,
    () =>
      runtime.transport.call(gradeApi['oj.grade.controls.queryList'], {
        body: { gradeId },
        // Only decides whether the panel opens disabled; the server refuses anyway.
        skipErrorHandler: true,
      }),
    [aiSessionsTag],
  );
}

/** Whether the class's control lets the assistant be used; undefined while unknown. */
export const aiAllowedBy = (controls: GradeControls | undefined): boolean | undefined =>
  controls?.find((c) => c.code === 'useAiAssistant')?.enabled;
