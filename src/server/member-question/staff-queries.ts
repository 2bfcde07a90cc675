/**
 * Reading answers as staff, under the caller's scope (access/predicates.ts learnerRows): a
 * teacher their students' (and their own), an organization admin their organization's,
 * platform staff everyone's. Staff see records a member cleaned from their own history, and the
 * failing case's data whatever the member's rights.
 */
import type { AnswerSummary } from '../../contract/member-question/common.ts';
import type {
  MemberAnswerStatistics,
  StaffAnswerDetail,
} from '../../contract/member-question/staff-queries.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { learnerRows } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { orderBy, pagedRows } from '../http/paging.ts';
import { validationError } from '../http/validation-error.ts';
import { ANSWER_SELECT, failingCases, readCaseData, toDetail, toSummary } from './answers.ts';
import type { AnswerRow } from './answers.ts';
import type { ANSWER_SORT } from '../../contract/member-question/answers.ts';
import type { MEMBER_STATISTICS_SORT } from '../../contract/member-question/staff-queries.ts';
import type { SortColumns } from '../http/paging.ts';

type StaffRow = AnswerRow & {
  member_nickname: string;
  organization_id: number;
  entered_by_nickname: string | null;
};

/**
 * An answer with its member, the member's organization limiting what a teacher sees, and who
 * entered it when the platform did (补录).
 */
const STAFF_COLUMNS =
  'a.*, m.nickname AS member_nickname, m.organization_id, e.nickname AS entered_by_nickname';
const STAFF_FROM = `FROM (${ANSWER_SELECT}) a JOIN members m ON m.id = a.member_id
  LEFT JOIN members e ON e.id = a.entered_by`;
const STAFF_SELECT = `SELECT ${STAFF_COLUMNS} ${STAFF_FROM}`;

const staffMarks = (row: StaffRow) => ({
  enteredBy:
    row.entered_by === null ? null : { id: row.entered_by, nickname: row.entered_by_nickname! },
  cleanedAt: row.cleaned_at?.toISOString() ?? null,
});

const withMember = (row: StaffRow) => ({
  ...toSummary(row),
  memberId: row.member_id,
  memberNickname: row.member_nickname,
  organizationId: row.organization_id,
  ...staffMarks(row),
});

const listSortable: SortColumns<typeof ANSWER_SORT> = { id: 'a.id', createdAt: 'a.created_at' };

export interface AnswerFilter {
  /** Platform staff narrowing to one organization. */
  organizationId?: number;
  memberId?: number;
  questionId?: number;
  /** Omitted: graded answers (submissions and reviews). */
  kind?: AnswerSummary['kind'];
  verdict?: string;
}

/** Answers, newest first, with whose they are. */
export function staffAnswerList(
  db: Queryable,
  scope: Scope,
  filter: AnswerFilter,
  page: PageQuery,
): Promise<Page<ReturnType<typeof withMember>>> {
  const sql = new SqlParams();
  const clauses = [
    learnerRows(scope, 'a.member_id', sql),
    filter.kind ? `a.kind = ${sql.add(filter.kind)}` : `a.kind IN ('submit', 'review')`,
  ];
  const add = (clause: (p: string) => string, value: unknown) => {
    if (value !== undefined) clauses.push(clause(sql.add(value)));
  };
  add((p) => `m.organization_id = ${p}`, filter.organizationId);
  add((p) => `a.member_id = ${p}`, filter.memberId);
  add((p) => `a.question_id = ${p}`, filter.questionId);
  add((p) => `a.verdict = ${p}`, filter.verdict);
  return pagedRows<StaffRow>(
    db,
    {
      select: STAFF_COLUMNS,
      from: `${STAFF_FROM} WHERE ${clauses.join(' AND ')}`,
      params: sql.values,
      order: orderBy(page, listSortable, 'a.id DESC', 'a.id DESC'),
    },
    page,
  ).then((p) => ({ ...p, content: p.content.map(withMember) }));
}

/** One answer in full; NOT_FOUND outside the scope. */
export async function staffAnswerById(
  db: Queryable,
  scope: Scope,
  id: number,
): Promise<StaffAnswerDetail> {
  const sql = new SqlParams();
  const { rows } = await db.query<StaffRow>(
    `${STAFF_SELECT} WHERE a.id = ${sql.add(id)} AND ${learnerRows(scope, 'a.member_id', sql)}`,
    sql.values,
  );
  const row = rows[0];
  if (!row) throw fail('NOT_FOUND', '作答记录不存在');
  const first = failingCases(row)[0];
  const data = first ? await readCaseData(db, row, [first.index]) : new Map();
  return {
    ...toDetail(row),
    memberId: row.member_id,
    memberNickname: row.member_nickname,
    organizationId: row.organization_id,
    ...staffMarks(row),
    failingCase: first ? (data.get(first.index) ?? null) : null,
    failingCaseHidden: false,
  };
}

/** A member's latest graded answer per question; NOT_FOUND for a member outside the scope. */
export async function staffLatestList(
  db: Queryable,
  scope: Scope,
  memberId: number,
  questionIds: number[],
) {
  const sql = new SqlParams();
  const member = await db.query(
    `SELECT 1 FROM members m WHERE m.id = ${sql.add(memberId)}
        AND ${learnerRows(scope, 'm.id', sql)}`,
    sql.values,
  );
  if (member.rowCount === 0) throw fail('NOT_FOUND', `成员 ${memberId} 不存在`);
  const { rows } = await db.query<StaffRow>(
    `SELECT DISTINCT ON (a.question_id) * FROM (${STAFF_SELECT}
       WHERE a.member_id = $1 AND a.kind IN ('submit', 'review')
         AND a.question_id = ANY($2::int[])) a
      ORDER BY a.question_id, a.id DESC`,
    [memberId, questionIds],
  );
  return rows.map(withMember);
}

const statisticsSortable: SortColumns<typeof MEMBER_STATISTICS_SORT> = {
  solvedQuestions: 'solved_questions',
  accepted: 'accepted',
  submissions: 'submissions',
  reviews: 'reviews',
  corrected: 'corrected',
  memberId: 'm.id',
};

/**
 * Every active student of an organization the scope may read (a teacher: their students) with
 * their totals (zeros for those who submitted nothing). First-attempt figures count `submit`
 * answers; reviews (订正) are counted apart, and `corrected` counts questions with an accepted
 * review whose first submission was not accepted.
 */
export async function memberStatistics(
  db: Queryable,
  scope: Scope,
  organizationId: number,
  questionId: number | undefined,
  page: PageQuery,
): Promise<Page<MemberAnswerStatistics>> {
  const sql = new SqlParams();
  const org = sql.add(organizationId);
  const question = sql.add(questionId ?? null);
  const whose = learnerRows(scope, 'm.id', sql);
  const rows = await pagedRows<{
    member_id: number;
    nickname: string;
    submissions: number;
    accepted: number;
    solved_questions: number;
    last_submitted_at: Date | null;
    reviews: number;
    corrected: number;
  }>(
    db,
    {
      select: `m.id AS member_id, m.nickname,
        count(mq.id) FILTER (WHERE mq.kind = 'submit')::int AS submissions,
        count(mq.id) FILTER (WHERE mq.kind = 'submit' AND mq.verdict = 'AC')::int AS accepted,
        count(DISTINCT mq.question_id)
          FILTER (WHERE mq.kind = 'submit' AND mq.verdict = 'AC')::int AS solved_questions,
        max(mq.created_at) FILTER (WHERE mq.kind = 'submit') AS last_submitted_at,
        count(mq.id) FILTER (WHERE mq.kind = 'review')::int AS reviews,
        count(DISTINCT mq.question_id) FILTER (
          WHERE mq.kind = 'review' AND mq.verdict = 'AC'
            AND (SELECT first.verdict FROM member_questions first
                  WHERE first.member_id = mq.member_id
                    AND first.question_id = mq.question_id AND first.kind = 'submit'
                  ORDER BY first.id LIMIT 1) <> 'AC')::int AS corrected`,
      from: `FROM members m
        LEFT JOIN member_questions mq
          ON mq.member_id = m.id AND mq.kind IN ('submit', 'review')
         AND (${question}::int IS NULL OR mq.question_id = ${question})
        WHERE m.organization_id = ${org} AND m.role = 'student' AND m.status = 'active'
          AND ${whose}
        GROUP BY m.id, m.nickname`,
      params: sql.values,
      order: orderBy(page, statisticsSortable, 'solved_questions DESC, accepted DESC', 'm.id ASC'),
    },
    page,
  );
  return {
    ...rows,
    content: rows.content.map((r) => ({
      memberId: r.member_id,
      memberNickname: r.nickname,
      submissions: r.submissions,
      accepted: r.accepted,
      solvedQuestions: r.solved_questions,
      lastSubmittedAt: r.last_submitted_at?.toISOString() ?? null,
      reviews: r.reviews,
      corrected: r.corrected,
    })),
  };
}

/**
 * Cleans members' records for them (a teacher resetting a class): hidden from the members' own
 * history and wrong list, kept for statistics. Every member must be one the scope reads (a
 * teacher: their students).
 */
export async function cleanForMembers(
  db: Queryable,
  scope: Scope,
  memberIds: number[],
  questionId: number | undefined,
): Promise<{ cleaned: number }> {
  const unique = [...new Set(memberIds)];
  const sql = new SqlParams();
  const { rows } = await db.query<{ id: number }>(
    `SELECT m.id FROM members m WHERE m.id = ANY(${sql.add(unique)}::int[])
        AND ${learnerRows(scope, 'm.id', sql)}`,
    sql.values,
  );
  const known = new Set(rows.map((r) => r.id));
  const missing = memberIds.findIndex((id) => !known.has(id));
  if (missing >= 0) {
    throw validationError([
      {
        field: `body.memberIds.${missing}`,
        message: `成员 ${memberIds[missing]} 不是你管理的学员`,
      },
    ]);
  }
  const { rowCount } = await db.query(
    `UPDATE member_questions SET cleaned_at = now()
      WHERE member_id = ANY($1::int[]) AND cleaned_at IS NULL
        AND ($2::int IS NULL OR question_id = $2)`,
    [unique, questionId ?? null],
  );
  return { cleaned: rowCount ?? 0 };
}

const simpleSortable: SortColumns<typeof ANSWER_SORT> = {
  id: 'mq.id',
  createdAt: 'mq.created_at',
};

/** Graded answers in brief, newest first, for pickers: whose, which question, the verdict. */
export async function simpleAnswerList(
  db: Queryable,
  scope: Scope,
  filter: { memberId?: number; questionId?: number },
  page: PageQuery,
) {
  const sql = new SqlParams();
  const clauses = [learnerRows(scope, 'mq.member_id', sql), `mq.kind IN ('submit', 'review')`];
  if (filter.memberId !== undefined) clauses.push(`mq.member_id = ${sql.add(filter.memberId)}`);
  if (filter.questionId !== undefined) {
    clauses.push(`mq.question_id = ${sql.add(filter.questionId)}`);
  }
  const result = await pagedRows<{
    id: number;
    member_id: number;
    member_nickname: string;
    question_id: number | null;
    question_title: string | null;
    verdict: AnswerSummary['verdict'];
    created_at: Date;
  }>(
    db,
    {
      select: `mq.id, mq.member_id, m.nickname AS member_nickname, mq.question_id,
               q.title AS question_title, mq.verdict, mq.created_at`,
      from: `FROM member_questions mq JOIN members m ON m.id = mq.member_id
        LEFT JOIN questions q ON q.id = mq.question_id WHERE ${clauses.join(' AND ')}`,
      params: sql.values,
      order: orderBy(page, simpleSortable, 'mq.id DESC', 'mq.id DESC'),
    },
    page,
  );
  return {
    ...result,
    content: result.content.map((r) => ({
      id: r.id,
      memberId: r.member_id,
      memberNickname: r.member_nickname,
      questionId: r.question_id,
      questionTitle: r.question_title,
      verdict: r.verdict,
      createdAt: r.created_at.toISOString(),
    })),
  };
}
