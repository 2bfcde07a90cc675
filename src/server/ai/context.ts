/**
 * What the assistant knows, read on the server and never taken from the client: the question
 * of the session (one the learner may see in that scene), the learner's own answer to it (given,
 * or their latest), its code, verdict, compile output and first failing case. A failing case's
 * data and the program's output on it (stderr included) are shown only where the learner could
 * read them themselves (canViewCases); otherwise the case is described without them, and a
 * Python exception by its built-in name alone.
 */
import type { AiContext, AiScene } from '../../contract/ai/calls.ts';
import type { Auth } from '../http/sessions.ts';
import type { Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { findOwned } from '../http/owned-rows.ts';
import { validationError } from '../http/validation-error.ts';
import {
  canViewCases,
  failingCases,
  findOwnAnswer,
  readCaseData,
} from '../member-question/answers.ts';
import type { AnswerRow } from '../member-question/answers.ts';
import type { StoredResult } from '../judge-service/jobs.ts';
import { learnerScope } from '../access/scope.ts';
import { QUESTIONS } from '../question/store.ts';
import { builtinExceptionOf } from './tutor/python.ts';
import type { TutorAnswer, TutorInput, TutorQuestion } from './tutor/tutor.ts';

/** Which kinds of answer each scene talks about (debug and playground runs are not verdicts). */
const ANSWER_KINDS: Record<AiScene, string[]> = {
  question: ['submit', 'review'],
  examReport: ['exam'],
  homeworkReport: ['homework'],
  general: ['submit', 'review', 'exam', 'homework'],
};

interface QuestionRow {
  id: number;
  title: string;
  content: string;
  tags: string[];
  time_limit_ms: number | null;
  memory_limit_mib: number | null;
}
const QUESTION_COLUMNS = 'q.id, q.title, q.content, q.tags, q.time_limit_ms, q.memory_limit_mib';

const notFound = (field: string, message: string) => validationError([{ field, message }]);

/**
 * Checks a session's context when it is created: each id must be something the learner may
 * see in that scene. Answers VALIDATION naming the field (the session is not created).
 */
export async function checkSessionContext(
  db: Queryable,
  auth: Auth,
  scene: AiScene,
  context: AiContext,
): Promise<AiContext> {
  if (scene === 'examReport' && context.examId === undefined) {
    throw notFound('body.context.examId', '考试报告场景须指定考试');
  }
  if (scene === 'homeworkReport' && context.homeworkId === undefined) {
    throw notFound('body.context.homeworkId', '作业报告场景须指定作业');
  }
  if (scene === 'question' && context.questionId === undefined && context.answerId === undefined) {
    throw notFound('body.context.questionId', '做题场景须指定题目');
  }
  if (context.examId !== undefined) {
    const { rowCount } = await db.query(
      `SELECT 1 FROM exam_paper_enrolls WHERE exam_id = $1 AND member_id = $2
          AND deleted_at IS NULL AND state = 'reported' LIMIT 1`,
      [context.examId, auth.memberId],
    );
    if (rowCount === 0) {
      throw notFound('body.context.examId', `考试 ${context.examId} 没有你已出成绩的报告`);
    }
  }
  if (context.homeworkId !== undefined) {
    const { rowCount } = await db.query(
      'SELECT 1 FROM homework_enrolls WHERE homework_id = $1 AND member_id = $2 LIMIT 1',
      [context.homeworkId, auth.memberId],
    );
    if (rowCount === 0) {
      throw notFound('body.context.homeworkId', `作业 ${context.homeworkId} 不是你的作业`);
    }
  }
  let questionId = context.questionId;
  if (context.answerId !== undefined) {
    const answer = await findOwnAnswer(db, auth.memberId, context.answerId);
    if (!answer || answer.question_id === null || !ANSWER_KINDS[scene].includes(answer.kind)) {
      throw notFound('body.context.answerId', `作答 ${context.answerId} 不存在`);
    }
    if (questionId !== undefined && answer.question_id !== questionId) {
      throw notFound('body.context.answerId', '该作答不是这道题的');
    }
    questionId = answer.question_id;
  }
  if (questionId !== undefined) await readQuestion(db, auth, scene, context, questionId);
  return { ...context, ...(questionId !== undefined ? { questionId } : {}) };
}

/** The question as the learner may see it in the scene: NOT_FOUND (as a field error) otherwise. */
async function readQuestion(
  db: Queryable,
  auth: Auth,
  scene: AiScene,
  context: AiContext,
  id: number,
): Promise<QuestionRow> {
  if (scene === 'examReport' || scene === 'homeworkReport') {
    const inPaper =
      scene === 'examReport'
        ? `EXISTS (SELECT 1 FROM exam_paper_enrolls s
             JOIN exam_paper_questions pq ON pq.exam_paper_id = s.exam_paper_id
            WHERE s.exam_id = $2 AND s.member_id = $3 AND s.deleted_at IS NULL
              AND s.state = 'reported' AND pq.question_id = q.id)`
        : `EXISTS (SELECT 1 FROM homework_questions hq JOIN homework_enrolls he
               ON he.homework_id = hq.homework_id
            WHERE hq.homework_id = $2 AND he.member_id = $3 AND hq.question_id = q.id)`;
    const { rows } = await db.query<QuestionRow>(
      `SELECT ${QUESTION_COLUMNS} FROM questions q WHERE q.id = $1 AND ${inPaper}`,
      [id, scene === 'examReport' ? context.examId : context.homeworkId, auth.memberId],
    );
    if (!rows[0]) throw notFound('body.context.questionId', `题目 ${id} 不在这份报告里`);
    return rows[0];
  }
  try {
    return await findOwned<QuestionRow>(db, QUESTIONS, learnerScope(auth), id, QUESTION_COLUMNS);
  } catch {
    throw notFound('body.context.questionId', `题目 ${id} 不存在`);
  }
}

const toQuestion = (q: QuestionRow): TutorQuestion => ({
  title: q.title,
  statement: q.content,
  tags: q.tags,
  timeLimitMs: q.time_limit_ms,
  memoryLimitMib: q.memory_limit_mib,
});

async function toAnswer(db: Queryable, memberId: number, row: AnswerRow): Promise<TutorAnswer> {
  const result = row.status === 'done' ? (row.result as StoredResult | null) : null;
  const cases = result?.type === 'judge' ? result.cases : [];
  const first = failingCases(row)[0];
  let failing: TutorAnswer['failing'] = null;
  if (first) {
    const kept = result?.type === 'judge' ? result.failingOutput : undefined;
    const own = kept?.index === first.index ? kept : undefined;
    const visible = await canViewCases(db, memberId);
    const data = visible
      ? (await readCaseData(db, row, [first.index])).get(first.index)
      : undefined;
    failing = {
      index: first.index,
      verdict: first.verdict,
      message: first.message ?? null,
      input: data?.input ?? null,
      expected: data?.answer ?? null,
      got: data ? data.output : null,
      // What the program printed is the case's data too (it can print its input, or raise an
      // exception carrying it): only where the case is visible, as memberQuestion.queryById.
      stderr: visible ? (own?.stderr ?? '') : '',
      exception: row.language === 'python' ? builtinExceptionOf(own?.stderr ?? '') : null,
      truncated: data?.truncated ?? false,
    };
  }
  return {
    id: row.id,
    language: row.language ?? 'cpp',
    source: row.source,
    verdict: row.verdict,
    compileOutput: result && 'compileOutput' in result ? result.compileOutput : '',
    timeMs: row.time_ms,
    memoryKiB: row.memory_kib,
    failing,
    casesPassed: cases.filter((c) => c.verdict === 'AC').length,
    casesRun: cases.length,
  };
}

export interface ReplyContext {
  tutor: TutorInput;
  /** The answer the reply is about, stored on both messages. */
  answerId: number | null;
}

/**
 * The context of one question to the assistant: the session's question, and the answer named
 * by the message, else the session's, else the learner's latest answer of the scene's kinds.
 */
export async function replyContext(
  db: Queryable,
  auth: Auth,
  session: { scene: AiScene; context: AiContext },
  text: string,
  answerId: number | undefined,
): Promise<ReplyContext> {
  const { scene, context } = session;
  let answerRow: AnswerRow | undefined;
  const chosen = answerId ?? context.answerId;
  if (chosen !== undefined) {
    answerRow = await findOwnAnswer(db, auth.memberId, chosen);
    const fits =
      answerRow !== undefined &&
      ANSWER_KINDS[scene].includes(answerRow.kind) &&
      (context.questionId === undefined || answerRow.question_id === context.questionId);
    if (!fits) {
      if (answerId !== undefined) {
        throw notFound('body.context.answerId', `作答 ${answerId} 不存在或不属于这个会话的题目`);
      }
      throw fail('NOT_FOUND', '会话关联的作答已不存在');
    }
  }
  const questionId = context.questionId ?? answerRow?.question_id ?? undefined;
  const question =
    questionId !== undefined && questionId !== null
      ? await readQuestion(db, auth, scene, context, questionId)
      : null;
  if (!answerRow && question) {
    const { rows } = await db.query<{ id: number }>(
      `SELECT id FROM member_questions
        WHERE member_id = $1 AND question_id = $2 AND kind = ANY($3::text[]) AND cleaned_at IS NULL
        ORDER BY id DESC LIMIT 1`,
      [auth.memberId, question.id, ANSWER_KINDS[scene]],
    );
    if (rows[0]) answerRow = await findOwnAnswer(db, auth.memberId, rows[0].id);
  }
  return {
    tutor: {
      scene,
      question: question ? toQuestion(question) : null,
      answer: answerRow ? await toAnswer(db, auth.memberId, answerRow) : null,
      text,
    },
    answerId: answerRow?.id ?? null,
  };
}
