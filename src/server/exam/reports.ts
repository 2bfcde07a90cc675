/**
 * What an exam's results say (issue 7 item 6): a learner's report of one sitting, the exam's
 * statistics with the score distribution, the rank list by member, and per-question figures.
 * Scores are counted only from settled sittings; ranks are read from the scores
 * (./sittings.ts RANKED), never stored.
 */
import type { ReportAnswer, ReportItem } from '../../contract/exam/sittings.ts';
import {
  awaitsPublication,
  hasReport,
  isJudging,
} from '../../machines/lifecycles/exam-paper-enroll.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import type { StoredResult } from '../judge-service/jobs.ts';
import { papersOf, readExamRow, type ExamReader } from './exams.ts';
import { sittingQuestions } from './papers.ts';
import type { Scope } from '../access/scope.ts';
import { readSittingRow, toSittingItem } from './sittings.ts';

/** Settled scores only: a sitting being judged again keeps out of the figures until settled. */
const SCORED = `s.deleted_at IS NULL AND s.score IS NOT NULL AND s.state IN ('settled', 'reported')`;

/**
 * The learner's report of their sitting once results are out; before that, where it stands
 * (judging, or waiting for staff to publish) as an answer of its own, which the report screen
 * shows and asks again about while judging. A paper not handed in has no report: refused.
 */
export async function readReport(db: Queryable, scope: Scope, id: number): Promise<ReportAnswer> {
  const row = await readSittingRow(db, scope, id);
  if (scope.kind === 'learner' && !hasReport(row.state)) {
    const judging = isJudging(row.state);
    if (!judging && !awaitsPublication(row.state)) {
      throw fail('CONFLICT', '考试进行中，交卷后才有成绩');
    }
    const sitting = toSittingItem(row, true);
    return {
      status: judging ? 'judging' : 'unpublished',
      id: sitting.id,
      examId: sitting.examId,
      examName: sitting.examName,
      state: sitting.state,
      completedAt: sitting.completedAt,
    };
  }
  const questions = await sittingQuestions(db, row.exam_paper_id);
  const { rows } = await db.query<{
    question_id: number;
    answer: string;
    language: string | null;
    source: string;
    score: number | null;
    override_score: number | null;
    judge_answer_id: number | null;
    verdict: ReportItem['questions'][number]['verdict'];
    result: StoredResult | null;
    correct: string;
    analysis: string;
  }>(
    `SELECT q.id AS question_id, coalesce(a.answer, '') AS answer, a.language,
            coalesce(a.source, '') AS source, a.score, a.override_score, a.judge_answer_id,
            mq.verdict, mq.result, q.answer AS correct, q.analysis
       FROM exam_paper_questions pq JOIN questions q ON q.id = pq.question_id
       LEFT JOIN exam_member_questions a ON a.exam_paper_enroll_id = $1 AND a.question_id = q.id
       LEFT JOIN member_questions mq ON mq.id = a.judge_answer_id
      WHERE pq.exam_paper_id = $2`,
    [id, row.exam_paper_id],
  );
  const byQuestion = new Map(rows.map((r) => [r.question_id, r]));
  return {
    status: 'ready',
    ...toSittingItem(row, scope.kind === 'learner'),
    questions: questions.map((q) => {
      const a = byQuestion.get(q.questionId);
      const result = a?.result?.type === 'judge' ? a.result : null;
      return {
        ...q,
        answer: a?.answer ?? '',
        correctAnswer: a?.correct ?? '',
        analysis: a?.analysis ?? '',
        language: a?.language ?? null,
        source: a?.source ?? '',
        got: a?.score ?? 0,
        verdict: a?.verdict ?? null,
        judgeAnswerId: a?.judge_answer_id ?? null,
        cases: (result?.cases ?? []).map((c) => ({
          index: c.index,
          verdict: c.verdict,
          timeMs: c.timeMs,
          memoryKiB: c.memoryKiB,
        })),
        overridden: a?.override_score !== null && a?.override_score !== undefined,
      };
    }),
  };
}

/** Ten equal buckets over [0, total], the last closed: 0–9, 10–19, …, 90–100 of 100. */
export function distributionOf(scores: number[], total: number) {
  const buckets = 10;
  const width = Math.max(1, Math.ceil(total / buckets));
  const result = Array.from({ length: buckets }, (_, i) => ({
    from: i * width,
    to: i === buckets - 1 ? Math.max(total, i * width) : (i + 1) * width - 1,
    count: 0,
  }));
  for (const s of scores) {
    const i = Math.min(buckets - 1, Math.floor(Math.max(0, s) / width));
    result[i]!.count++;
  }
  return result;
}

export async function examStatistics(db: Queryable, reader: ExamReader, examId: number) {
  await readExamRow(db, reader, examId);
  const papers = (await papersOf(db, [examId])).get(examId) ?? [];
  const enrollments = await db.query<{ state: string; count: number; paid: number }>(
    `SELECT state, count(*)::int AS count, coalesce(sum(paid_fen - refunded_fen), 0)::int AS paid
       FROM orders WHERE kind = 'exam' AND item_id = $1 AND deleted_at IS NULL GROUP BY state`,
    [examId],
  );
  const count = (states: string[]) =>
    enrollments.rows.filter((r) => states.includes(r.state)).reduce((n, r) => n + r.count, 0);
  const sittings = await db.query<{ exam_paper_id: number; state: string; score: number | null }>(
    `SELECT s.exam_paper_id, s.state, CASE WHEN ${SCORED} THEN s.score END AS score
       FROM exam_paper_enrolls s WHERE s.exam_id = $1 AND s.deleted_at IS NULL`,
    [examId],
  );
  return {
    examId,
    enrolled: count(['enrolled', 'quitApplied', 'quitApproved']),
    awaitingPayment: count(['awaitingPayment']),
    quit: count(['quit', 'refunded']),
    paidFen: enrollments.rows.reduce((n, r) => n + r.paid, 0),
    papers: papers.map((p) => {
      const mine = sittings.rows.filter((s) => s.exam_paper_id === p.examPaperId);
      const scores = mine.flatMap((s) => (s.score === null ? [] : [s.score]));
      return {
        examPaperId: p.examPaperId,
        name: p.name,
        totalScore: p.totalScore,
        started: mine.length,
        inProgress: mine.filter((s) => s.state === 'inProgress').length,
        completed: mine.filter((s) => s.state !== 'inProgress').length,
        reported: mine.filter((s) => s.state === 'reported').length,
        averageScore:
          scores.length === 0
            ? null
            : Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10,
        highestScore: scores.length === 0 ? null : Math.max(...scores),
        lowestScore: scores.length === 0 ? null : Math.min(...scores),
        distribution: distributionOf(scores, p.totalScore),
      };
    }),
  };
}

/**
 * The rank list: each member's settled score over the exam's papers (or one paper), time used,
 * and rank by score then time. A learner sees it once the exam's results are out.
 */
export async function scoresByMember(
  db: Queryable,
  reader: ExamReader,
  examId: number,
  examPaperId: number | undefined,
) {
  const exam = await readExamRow(db, reader, examId);
  if (reader?.kind === 'learner' && exam.results === 'manual' && !exam.results_published_at) {
    throw fail('CONFLICT', '成绩尚未公布');
  }
  const sql = new SqlParams();
  const paper = examPaperId ? `AND s.exam_paper_id = ${sql.add(examPaperId)}` : '';
  const { rows } = await db.query<{
    member_id: number;
    member_name: string;
    sittings: number;
    reported: number;
    total: number;
    max: number;
    used: number;
  }>(
    `SELECT s.member_id, m.nickname AS member_name, count(*)::int AS sittings,
            count(*) FILTER (WHERE ${SCORED})::int AS reported,
            coalesce(sum(s.score) FILTER (WHERE ${SCORED}), 0)::int AS total,
            coalesce(sum(s.max_score) FILTER (WHERE ${SCORED}), 0)::int AS max,
            coalesce(sum(extract(epoch FROM s.completed_at - s.started_at))
              FILTER (WHERE s.completed_at IS NOT NULL), 0)::int AS used
       FROM exam_paper_enrolls s JOIN members m ON m.id = s.member_id
      WHERE s.exam_id = ${sql.add(examId)} AND s.deleted_at IS NULL ${paper}
      GROUP BY s.member_id, m.nickname`,
    sql.values,
  );
  const ranked = rows
    .filter((r) => r.reported > 0)
    .sort((a, b) => b.total - a.total || a.used - b.used);
  const rankOf = new Map<number, number>();
  ranked.forEach((r, i) => {
    const prev = ranked[i - 1];
    const rank =
      prev && prev.total === r.total && prev.used === r.used ? rankOf.get(prev.member_id)! : i + 1;
    rankOf.set(r.member_id, rank);
  });
  return rows
    .map((r) => ({
      memberId: r.member_id,
      memberName: r.member_name,
      sittings: r.sittings,
      reported: r.reported,
      totalScore: r.total,
      maxScore: r.max,
      usedSeconds: r.used,
      rank: rankOf.get(r.member_id) ?? null,
    }))
    .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.memberId - b.memberId);
}

/** Per question of a paper: answered, full marks, average, and option counts. */
export async function questionStatistics(
  db: Queryable,
  reader: ExamReader,
  examPaperId: number,
  examId: number | undefined,
) {
  if (examId) {
    const exam = await readExamRow(db, reader, examId);
    if (reader?.kind === 'learner' && exam.results === 'manual' && !exam.results_published_at) {
      throw fail('CONFLICT', '成绩尚未公布');
    }
  } else if (reader?.kind === 'learner') {
    throw fail('FORBIDDEN', '请指定考试');
  }
  const sql = new SqlParams();
  const exam = examId ? `AND s.exam_id = ${sql.add(examId)}` : '';
  const scope =
    reader && reader.kind === 'organization'
      ? `AND e.organization_id = ${sql.add(reader.organizationId)}`
      : '';
  const paper = sql.add(examPaperId);
  const { rows } = await db.query<{
    question_id: number;
    title: string;
    type: 'programming' | 'single' | 'multiple' | 'judge';
    score: number;
    option_count: number;
    answered: number;
    full: number;
    average: string | null;
    answers: string[];
  }>(
    `SELECT pq.question_id, q.title, q.type, pq.score, jsonb_array_length(q.options) AS option_count,
            count(a.id) FILTER (WHERE a.answer ~ '1' OR a.source <> '')::int AS answered,
            count(a.id) FILTER (WHERE a.score = pq.score)::int AS full,
            avg(a.score) FILTER (WHERE a.score IS NOT NULL) AS average,
            coalesce(array_agg(a.answer) FILTER (WHERE a.answer ~ '1'), '{}') AS answers
       FROM exam_paper_questions pq JOIN questions q ON q.id = pq.question_id
       LEFT JOIN (exam_member_questions a
                  JOIN exam_paper_enrolls s ON s.id = a.exam_paper_enroll_id AND ${SCORED} ${exam}
                  JOIN exams e ON e.id = s.exam_id ${scope})
         ON a.question_id = pq.question_id AND s.exam_paper_id = pq.exam_paper_id
      WHERE pq.exam_paper_id = ${paper}
      GROUP BY pq.question_id, q.title, q.type, pq.score, q.options, pq.sort
      ORDER BY pq.sort`,
    sql.values,
  );
  return rows.map((r) => ({
    questionId: r.question_id,
    title: r.title,
    type: r.type,
    score: r.score,
    answered: r.answered,
    fullMarks: r.full,
    averageScore: r.average === null ? null : Math.round(Number(r.average) * 10) / 10,
    optionCounts: Array.from(
      { length: r.option_count },
      (_, i) => r.answers.filter((a) => a[i] === '1').length,
    ),
  }));
}
