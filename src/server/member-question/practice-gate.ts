/**
 * What a practice answer or run must know before it is written, read in one statement: the
 * question as the learner may see it (./learner-question.ts), the practice setting of their
 * classes (grade-controls), the open exam or homework that seals the question (./sealed.ts), and
 * their valid cards, which price the quota unit (./quota.ts). Each part's SQL is its own module's;
 * only the one round trip is this module's. Under a class's burst of submissions the API and
 * the database share the CPU and every round trip wakes the other: three reads fewer per
 * submission (docs/decisions/scale-out.md, "The submit path in one statement").
 */
import { cardsOfColumn, validCardsColumn, type ValidCard } from '../accounts/rights.ts';
import type { GradedAnswer } from '../../contract/member-question/answers.ts';
import type { Pool, Queryable } from '../db/pool.ts';
import { assertMayPractise, controlsColumn } from '../grade-controls/controls.ts';
import { findOwned } from '../http/owned-rows.ts';
import type { Auth } from '../http/sessions.ts';
import { learnerScope } from '../access/scope.ts';
import { QUESTIONS } from '../question/store.ts';
import { answerQuestion, type AnswerBody } from './grading.ts';
import { QUESTION_COLUMNS, type QuestionRow } from './learner-question.ts';
import type { QuotaPolicy } from './quota.ts';
import { refuseSeal, sealColumn, type Seal } from './sealed.ts';

export interface PracticeGate {
  memberId: number;
  question: QuestionRow;
  /** The `practiseOutsideHomework` setting of each of the learner's open classes that has one. */
  practiseOutsideHomework: boolean[];
  seal: Seal | null;
  cards: ValidCard[];
}

interface GateRow extends QuestionRow {
  practise_outside_homework: boolean[];
  seal: Seal | null;
  cards: { rights: string[]; expire_date: string }[];
}

/** The gate of the question the learner names: NOT_FOUND when they may not see it. */
export async function readPracticeGate(
  db: Queryable,
  auth: Auth,
  questionId: number,
): Promise<PracticeGate> {
  const row = await findOwned<GateRow>(db, QUESTIONS, learnerScope(auth), questionId, (param) => {
    const member = param(auth.memberId);
    return `${QUESTION_COLUMNS},
      ${controlsColumn(member, param('practiseOutsideHomework'))} AS practise_outside_homework,
      ${sealColumn(param, member, param(questionId) + '::int')} AS seal,
      ${validCardsColumn(member)} AS cards`;
  });
  const { practise_outside_homework, seal, cards, ...question } = row;
  return {
    memberId: auth.memberId,
    question,
    practiseOutsideHomework: practise_outside_homework,
    seal,
    cards: cardsOfColumn(cards),
  };
}

/**
 * The practice calls' refusals, in their order: a class that closed practice outside homework,
 * then a question sealed by open work. Nothing is read again but the homework that may still
 * open a closed class's practice.
 */
export async function assertPractiseAllowed(db: Queryable, gate: PracticeGate): Promise<void> {
  await assertMayPractise(db, gate.memberId, gate.question.id, gate.practiseOutsideHomework);
  refuseSeal(gate.seal);
}

/**
 * A graded practice answer (a submission or a review): the gate read once, `check` refusing what
 * the call refuses, then graded or queued as every graded answer is (./grading.ts).
 */
export async function answerInPractice(
  services: { pool: Pool; quota: QuotaPolicy },
  auth: Auth,
  body: AnswerBody,
  kind: 'submit' | 'review',
  check: (gate: PracticeGate, auth: Auth) => Promise<void>,
): Promise<GradedAnswer> {
  const gate = await readPracticeGate(services.pool, auth, body.questionId);
  return answerQuestion(services, auth, body, kind, () => check(gate, auth), gate);
}
