/**
 * A programming answer and its judge job, written by one statement (docs/architecture.md
 * "judge-queue"): the one way a run, a submission, a correction or a homework answer reaches the
 * judge, used by the practice calls and by homework alike; a worker judges it and records the
 * verdict (judge-service/jobs.ts). Practice answers take their daily quota (./quota.ts) in the
 * same statement; assigned work never does.
 */
import type { ValidCard } from '../accounts/rights.ts';
import type { Pool } from '../db/pool.ts';
import { queryPrepared } from '../db/prepared.ts';
import type { Auth } from '../http/sessions.ts';
import { enqueuePart } from '../judge-queue/index.ts';
import { isGraded, jobKindOf, type AnswerKind } from '../judge-service/jobs.ts';
import { answerSelectFrom, type AnswerRow } from './answers.ts';
import {
  quotaUnit,
  quotaUsedUp,
  TAKE_UNIT_SQL,
  takeUnitParams,
  type QuotaCounter,
  type QuotaPolicy,
} from './quota.ts';

/** Graded answers use the submission quota; runs on custom input the run quota. */
const quotaCounterOf = (kind: AnswerKind): QuotaCounter =>
  isGraded(kind) ? 'submissions' : 'runs';

/** A homework answer's submission: the answer it belongs to, and whether it came late. */
export interface HomeworkLink {
  homeworkMemberQuestionId: number;
  late: boolean;
}

/**
 * Writes a programming answer and its judge job, after taking one unit of the daily quota its
 * kind uses (QUOTA_USED_UP: nothing is written); returns the answer. Assigned work never runs
 * into the practice quota.
 *
 * One statement does it all (the unit, the answer, the job, and the answer as AnswerRow reads
 * it), so it is atomic without a transaction and costs one round trip instead of seven: under a
 * class's burst of submissions the API and the database share the CPU, and each round trip
 * wakes the other (docs/decisions/scale-out.md, "The submit path in one statement").
 */
export async function queueAnswer(
  pool: Pool,
  quota: QuotaPolicy,
  auth: Auth,
  answer: {
    kind: AnswerKind;
    questionId: number | null;
    language: string;
    source: string;
    input: string | null;
    link?: HomeworkLink | undefined;
    /** The member's valid cards when read already (./practice-gate.ts): they price the unit. */
    cards?: ValidCard[] | undefined;
  },
): Promise<AnswerRow> {
  const unit = answer.link
    ? null
    : await quotaUnit(pool, quota, auth.memberId, quotaCounterOf(answer.kind), answer.cards);
  // $1–$4 are the quota unit's (TAKE_UNIT_SQL); a homework answer's statement has no unit.
  const values: unknown[] = unit ? takeUnitParams(unit) : [];
  const param = (value: unknown) => `$${values.push(value)}`;
  const columns = [
    param(auth.memberId),
    param(answer.questionId) + '::int',
    param(answer.kind) + '::text',
    param(answer.language) + '::text',
    param(answer.source) + '::text',
    param(answer.input) + '::text',
    param(answer.link?.homeworkMemberQuestionId ?? null) + '::int',
    param(answer.link?.late ?? false) + '::boolean',
  ];
  const drawnIf = unit ? 'WHERE EXISTS (SELECT 1 FROM unit)' : '';
  const text = `
    WITH ${unit ? `unit AS (${TAKE_UNIT_SQL} RETURNING 1),` : ''}
    drawn AS (
      SELECT nextval(pg_get_serial_sequence('member_questions', 'id'))::int AS answer_id ${drawnIf}
    ),
    job AS (${enqueuePart(
      { kind: jobKindOf(answer.kind) },
      { source: 'drawn', payload: `jsonb_build_object('answerId', drawn.answer_id)` },
      param,
    )}),
    answer AS (
      INSERT INTO member_questions (id, member_id, question_id, kind, language, source, input,
                                    homework_member_question_id, late, judge_job_id)
      OVERRIDING SYSTEM VALUE
      SELECT drawn.answer_id, ${columns.join(', ')}, job.id FROM drawn, job
      RETURNING *
    )
    ${answerSelectFrom('answer', 'job')}`;
  // Two texts in all (with and without the unit): prepared (db/prepared.ts).
  const { rows } = await queryPrepared<AnswerRow>(pool, text, values);
  const row = rows[0];
  if (row) return row;
  // Only the quota unit can leave the statement without a row.
  if (unit) throw quotaUsedUp(unit);
  throw new Error('queueAnswer: the statement wrote no answer');
}
