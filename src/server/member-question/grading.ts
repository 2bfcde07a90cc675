/**
 * A graded answer (submission, correction 订正, homework submission): objective questions are
 * graded at once against the question's answer flags, programming answers queued for the judge
 * (./queue.ts). Homework grades its answers through the same path with its own precondition
 * (`beforeWrite`), so a practice and a homework answer are graded by one rule.
 */
import type { GradedAnswer } from '../../contract/member-question/answers.ts';
import type { ValidCard } from '../accounts/rights.ts';
import type { Pool, Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import type { Auth } from '../http/sessions.ts';
import { validationError } from '../http/validation-error.ts';
import { assertQuestionOpen } from '../question/store.ts';
import { findOwnAnswer, toSummary, type AnswerRow } from './answers.ts';
import { findQuestion, type QuestionRow } from './learner-question.ts';
import { queueAnswer, type HomeworkLink } from './queue.ts';
import type { QuotaPolicy } from './quota.ts';

/** Option flags that fit the question: one per option, exactly one set unless multiple choice. */
function checkObjectiveFlags(q: QuestionRow, flags: string): void {
  if (flags.length !== q.options.length) {
    throw validationError([
      { field: 'body.answer', message: `该题有 ${q.options.length} 个选项，答案应有同样多位` },
    ]);
  }
  if (q.type !== 'multiple' && flags.replace(/0/g, '').length !== 1) {
    throw validationError([{ field: 'body.answer', message: '单选题与判断题只能选一个选项' }]);
  }
}

/** Grades an objective answer (flags already checked): right only when every flag matches. */
async function gradeObjective(
  pool: Pool,
  auth: Auth,
  q: QuestionRow,
  flags: string,
  kind: GradedKind,
  link?: HomeworkLink,
): Promise<AnswerRow> {
  const correct = flags === q.answer;
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO member_questions (member_id, question_id, kind, source, status, verdict, score,
                                   max_score, result, judged_at, homework_member_question_id,
                                   late)
     VALUES ($1, $2, $7, $3, 'done', $4, $5, 100, $6::jsonb, now(), $8, $9) RETURNING id`,
    [
      auth.memberId,
      q.id,
      flags,
      correct ? 'AC' : 'WA',
      correct ? 100 : 0,
      JSON.stringify({ type: 'objective', answer: flags }),
      kind,
      link?.homeworkMemberQuestionId ?? null,
      link?.late ?? false,
    ],
  );
  return (await findOwnAnswer(pool, auth.memberId, rows[0]!.id))!;
}

/** The graded answer kinds: practice submissions, corrections (订正), homework submissions. */
type GradedKind = 'submit' | 'review' | 'homework';

export type AnswerBody = {
  questionId: number;
  language?: string;
  source?: string;
  answer?: string;
};

/**
 * A graded answer (submitAnswer, reviewSubmit): objective questions are graded at once,
 * programming answers queued for the judge. `beforeWrite` runs once the body is known valid.
 */
export async function answerQuestion(
  services: { pool: Pool; quota: QuotaPolicy },
  auth: Auth,
  body: AnswerBody,
  kind: GradedKind,
  beforeWrite: (q: QuestionRow) => Promise<HomeworkLink | void> = async () => undefined,
  read?: { question: QuestionRow; cards?: ValidCard[] },
): Promise<GradedAnswer> {
  // The practice calls read the question with their checks in one statement (./practice-gate.ts).
  const q = read?.question ?? (await findQuestion(services.pool, auth, body.questionId));
  // Homework is assigned by the learner's teacher: a paid question in it is theirs to answer.
  if (kind !== 'homework') await assertQuestionOpen(services.pool, auth.memberId, q);
  if (q.type !== 'programming') {
    if (body.answer === undefined) {
      throw validationError([{ field: 'body.answer', message: '客观题请提交 answer' }]);
    }
    checkObjectiveFlags(q, body.answer);
    const link = (await beforeWrite(q)) ?? undefined;
    const graded = await gradeObjective(services.pool, auth, q, body.answer, kind, link);
    // The learner has answered: the correct flags and the analysis are theirs to read now —
    // except in homework, where the next submission could simply copy them.
    const solution = kind === 'homework' ? null : { answer: q.answer, analysis: q.analysis };
    return { ...toSummary(graded), solution };
  }
  if (body.language === undefined) {
    throw validationError([{ field: 'body.language', message: '编程题请选择语言' }]);
  }
  if (body.source === undefined) {
    throw validationError([{ field: 'body.source', message: '代码不能为空' }]);
  }
  const link = (await beforeWrite(q)) ?? undefined;
  const row = await queueAnswer(services.pool, services.quota, auth, {
    kind,
    questionId: q.id,
    language: body.language,
    source: body.source,
    input: null,
    link,
    cards: read?.cards,
  });
  return { ...toSummary(row), solution: null };
}

/**
 * A review (订正) needs something to correct: a judged, not accepted first-attempt submission
 * of the question that the member has not cleaned from their history.
 */
export async function requireFailedSubmission(db: Queryable, memberId: number, questionId: number) {
  const { rows } = await db.query(
    `SELECT 1 FROM member_questions
      WHERE member_id = $1 AND question_id = $2 AND kind = 'submit' AND cleaned_at IS NULL
        AND verdict IS NOT NULL AND verdict <> 'AC'
      LIMIT 1`,
    [memberId, questionId],
  );
  if (rows.length === 0) {
    throw fail('CONFLICT', '该题没有未通过的提交记录，无需订正；请先用“提交”作答，未通过后再订正');
  }
}
