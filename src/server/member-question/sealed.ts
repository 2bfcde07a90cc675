/**
 * Questions sealed from practice (issue 25 item 12; docs/decisions/questions-and-practice.md
 * "Questions sealed from practice"). While a learner holds an open sitting of an exam paper, its
 * questions are refused in practice: a practice answer shows an objective question's key and
 * analysis, a programming answer its cases and (with the right) the failing case's expected output,
 * none of which the exam room shows before the report. Open homework seals its objective questions
 * the same way (the homework room withholds their key); its programming questions stay open, since
 * the homework room shows their judge results exactly as practice does. Once the sitting is handed
 * in (by the learner, staff or the clock) or the homework closes, practice is as before. The
 * practice calls that answer or run a question read it with the question (./practice-gate.ts); the reads
 * that show none of the key do not.
 *
 * Open is what the lifecycles say: a sitting in an answering state (exam-paper-enroll.ts), a
 * place held in published homework (enrollment.ts, homework.ts) inside its working window, which
 * is the one homework's own submit uses (homework/answers.ts openForWork).
 */
import { HOLDS_PLACE } from '../../machines/lifecycles/enrollment.ts';
import { isAnswering, SITTING_STATES } from '../../machines/lifecycles/exam-paper-enroll.ts';
import { HOMEWORK_OPEN } from '../../machines/lifecycles/homework.ts';
import { fail } from '../http/app-error.ts';

const ANSWERING = SITTING_STATES.filter(isAnswering);

/** Where a question is sealed for the learner: the open exam or homework that holds it. */
export interface Seal {
  kind: 'exam' | 'homework';
  name: string;
}

/**
 * The open exam sitting or homework holding the question for the member, as one JSON column (a
 * Seal, or null) of a larger read: the practice gate reads it with the question in one statement
 * (./practice-gate.ts). `member` and `question` are placeholders of that read; `param` places
 * the lifecycles' open states among its parameters.
 */
export function sealColumn(
  param: (value: unknown) => string,
  member: string,
  question: string,
): string {
  return `(SELECT row_to_json(seal) FROM (
     SELECT 'exam' AS kind, e.name
       FROM exam_paper_enrolls s
       JOIN exam_paper_questions pq ON pq.exam_paper_id = s.exam_paper_id
       JOIN exams e ON e.id = s.exam_id
      WHERE s.member_id = ${member} AND pq.question_id = ${question} AND s.deleted_at IS NULL
        AND s.state = ANY(${param(ANSWERING)}::text[])
     UNION ALL
     SELECT 'homework' AS kind, h.title AS name
       FROM homework_enrolls he
       JOIN orders o ON o.id = he.order_id AND o.deleted_at IS NULL
       JOIN homeworks h ON h.id = he.homework_id AND h.deleted_at IS NULL
       JOIN homework_questions hq ON hq.homework_id = h.id
       JOIN questions sq ON sq.id = hq.question_id AND sq.type <> 'programming'
      WHERE he.member_id = ${member} AND hq.question_id = ${question}
        AND o.state = ANY(${param(HOLDS_PLACE)}::text[])
        AND h.state = ${param(HOMEWORK_OPEN)} AND h.settled_at IS NULL
        AND now() >= h.start_at AND now() < coalesce(h.late_until, h.due_at)
     LIMIT 1) seal)`;
}

/** The refusal's words: which open work holds the question, and when practice opens again. */
export function sealMessage(seal: Seal): string {
  return seal.kind === 'exam'
    ? `这道题在你正在作答的考试「${seal.name}」中：交卷前不能在练习中提交或运行`
    : `这道题在你的作业「${seal.name}」中：作业截止前请在作业里作答，不能在练习中提交或运行`;
}

/** FORBIDDEN when the question is sealed for the member (sealColumn); nothing otherwise. */
export function refuseSeal(seal: Seal | null): void {
  if (seal) throw fail('FORBIDDEN', sealMessage(seal));
}
