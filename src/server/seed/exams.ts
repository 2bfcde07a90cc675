/**
 * Demo exams (issue 7 item 8), made through the exam stores and flows themselves (lifecycle
 * records, orders, settlement), once, when the demo accounts are created:
 * - a free mock exam open now for a year (4 objective + 2 programming questions), so a new user
 *   can sit an exam right after `npm start`;
 * - a paid one (¥9.90) on a shorter paper;
 * - last month's exam the demo student already sat, with its report;
 * - an organization's exam on its own paper waiting for the platform's review (the queue).
 */
import type { Pool } from '../db/pool.ts';
import type { Logger } from '../logger.ts';
import { createExam } from '../exam/exams.ts';
import { paperStore } from '../exam/papers.ts';
import { completeSitting, settleSitting, judgeSitting } from '../exam/sittings.ts';
import type { Scope } from '../access/scope.ts';
import { placeOrder } from '../orders/flow.ts';
import { NO_PROVIDER } from '../payments/none.ts';
import { allOrderKinds } from '../order-kinds.ts';
import { applyTransition } from '../lifecycle/transition.ts';
import { examLifecycle } from '../../machines/lifecycles/exam.ts';
import { EXAM_ROWS } from '../exam/exams.ts';
import type { Services } from '../services.ts';
import { DEMO_ACCOUNTS } from './demo-data.ts';

export const DEMO_EXAMS = {
  free: '信奥入门模拟赛（免费）',
  paid: 'GESP 二级模拟考试',
  past: '十月月考',
  review: '示范校周测',
} as const;

const DAY = 24 * 60 * 60_000;

async function memberOf(pool: Pool, username: string) {
  const { rows } = await pool.query<{ id: number; user_id: number; organization_id: number }>(
    `SELECT m.id, m.user_id, m.organization_id FROM members m JOIN users u ON u.id = m.user_id
      WHERE u.username = $1 ORDER BY m.id LIMIT 1`,
    [username],
  );
  return rows[0];
}

async function questionIds(pool: Pool, keys: string[]): Promise<number[]> {
  const { rows } = await pool.query<{ id: number; seed_key: string }>(
    'SELECT id, seed_key FROM questions WHERE seed_key = ANY($1::text[])',
    [keys],
  );
  const byKey = new Map(rows.map((r) => [r.seed_key, r.id]));
  return keys.map((k) => {
    const id = byKey.get(k);
    if (id === undefined) throw new Error(`seed question ${k} is missing`);
    return id;
  });
}

export async function seedDemoExams(pool: Pool, logger: Logger): Promise<void> {
  const present = await pool.query('SELECT 1 FROM exams WHERE name = $1', [DEMO_EXAMS.free]);
  if (present.rowCount !== 0) return;
  const admin = await memberOf(pool, DEMO_ACCOUNTS.admin.username);
  const teacher = await memberOf(pool, DEMO_ACCOUNTS.teacher.username);
  const student = await memberOf(pool, DEMO_ACCOUNTS.student.username);
  if (!admin || !teacher || !student) return;
  const services = {
    pool,
    logger,
    payments: { provider: NO_PROVIDER, online: false, publicUrl: () => '', checkoutTtlMs: 0 },
    orderKinds: allOrderKinds,
  } as unknown as Services;
  const platform: Scope = { kind: 'platform', memberId: admin.id };
  const ctx = { services, scope: platform };
  const adminActor = { userId: admin.user_id, memberId: admin.id };
  const requestId = 'seed:exams';

  const [s1, s8, m11, j15, aPlusB, sum] = await questionIds(pool, [
    'question:1',
    'question:8',
    'question:11',
    'question:15',
    'problem:01-a-plus-b',
    'problem:05-sum-1-to-n',
  ]);
  const mock = await paperStore.create(
    ctx,
    {
      name: '信奥入门模拟卷（一）',
      description: '4 道客观题与 2 道编程题，满分 100 分。',
      durationMinutes: 60,
      questions: [
        { questionId: s1!, score: 5 },
        { questionId: s8!, score: 5 },
        { questionId: m11!, score: 5 },
        { questionId: j15!, score: 5 },
        { questionId: aPlusB!, score: 40 },
        { questionId: sum!, score: 40 },
      ],
    },
    requestId,
  );
  const [s4, s5, j17, leap] = await questionIds(pool, [
    'question:4',
    'question:5',
    'question:17',
    'problem:04-leap-year',
  ]);
  const gesp = await paperStore.create(
    ctx,
    {
      name: 'GESP 二级模拟卷',
      description: '3 道客观题与 1 道编程题。',
      durationMinutes: 45,
      questions: [
        { questionId: s4!, score: 10 },
        { questionId: s5!, score: 10 },
        { questionId: j17!, score: 10 },
        { questionId: leap!, score: 70 },
      ],
    },
    requestId,
  );

  const now = Date.now();
  const iso = (t: number) => new Date(t).toISOString();
  const notes = [
    '1. 考试采用弹性时间：报名后可在开放期内任意时间开考，开考后计时，时间到自动交卷。',
    '2. 作答自动保存；刷新页面或更换设备后，已保存的作答都在。',
    '3. 编程题可用自定义输入运行，交卷后统一评测，评测完成即出成绩。',
    '4. 考试中请勿切换页面或粘贴大段代码，系统会记录供老师查看。',
  ].join('\n');
  const open = async (name: string, paperId: number, priceFen: number, description: string) => {
    const created = await createExam(
      ctx,
      {
        name,
        description,
        notes,
        enrollStartAt: iso(now - DAY),
        enrollEndAt: iso(now + 365 * DAY),
        startAt: iso(now - DAY),
        endAt: iso(now + 365 * DAY),
        schedule: 'flexible',
        durationMinutes: null,
        priceFen,
        visibility: 'public',
        gradeIds: [],
        results: 'auto',
        examPaperIds: [paperId],
      },
      requestId,
    );
    await applyTransition(pool, examLifecycle, EXAM_ROWS, {
      id: created.id,
      action: 'publish',
      actor: adminActor,
      requestId,
    });
    return created.id;
  };
  await open(DEMO_EXAMS.free, mock.id, 0, '面向入门学员的免费模拟赛，随时开考，时长 60 分钟。');
  await open(DEMO_EXAMS.paid, gesp.id, 990, 'GESP 二级考前模拟，报名费 9.90 元，时长 45 分钟。');

  // Last month's exam, already sat by the demo student: their report and the rank list are real.
  const past = await createExam(
    ctx,
    {
      name: DEMO_EXAMS.past,
      description: '上月的客观题月考。',
      notes,
      enrollStartAt: iso(now - 40 * DAY),
      enrollEndAt: iso(now - 30 * DAY),
      startAt: iso(now - 31 * DAY),
      endAt: iso(now - 30 * DAY),
      schedule: 'fixed',
      durationMinutes: null,
      priceFen: 0,
      visibility: 'public',
      gradeIds: [],
      results: 'auto',
      examPaperIds: [gesp.id],
    },
    requestId,
  );
  await applyTransition(pool, examLifecycle, EXAM_ROWS, {
    id: past.id,
    action: 'publish',
    actor: adminActor,
    requestId,
  });
  const studentActor = { userId: student.user_id, memberId: student.id };
  const orderId = await placeOrder(
    { services, actor: studentActor, requestId },
    {
      kind: 'exam',
      memberId: student.id,
      organizationId: student.organization_id,
      itemId: past.id,
      itemName: DEMO_EXAMS.past,
      itemUnits: null,
      amountFen: 0,
    },
  );
  const started = new Date(now - 31 * DAY + 10 * 60_000);
  const sitting = await pool.query<{ id: number }>(
    `INSERT INTO exam_paper_enrolls (exam_id, exam_paper_id, order_id, member_id, state, started_at,
                                     deadline)
     VALUES ($1, $2, $3, $4, 'inProgress', $5, $6) RETURNING id`,
    [past.id, gesp.id, orderId, student.id, started, new Date(now - 30 * DAY)],
  );
  const sittingId = sitting.rows[0]!.id;
  const correct = await pool.query<{ id: number; answer: string }>(
    'SELECT id, answer FROM questions WHERE id = ANY($1::int[])',
    [[s4, s5, j17]],
  );
  // Two right, one wrong, and no program: a report with something to learn from.
  for (const [i, q] of correct.rows.entries()) {
    const answer = i < 2 ? q.answer : [...q.answer].reverse().join('');
    await pool.query(
      `INSERT INTO exam_member_questions (exam_paper_enroll_id, question_id, member_id, answer,
                                         revision, saved_at)
       VALUES ($1, $2, $3, $4, 1, $5)`,
      [sittingId, q.id, student.id, answer, new Date(started.getTime() + (i + 1) * 60_000)],
    );
  }
  await completeSitting(pool, sittingId, 'member', studentActor, requestId);
  await pool.query('UPDATE exam_paper_enrolls SET completed_at = $2 WHERE id = $1', [
    sittingId,
    new Date(started.getTime() + 20 * 60_000),
  ]);
  await judgeSitting(pool, sittingId, 'judge', studentActor, requestId);
  await settleSitting(pool, sittingId, studentActor, requestId);

  // An organization's exam on its own paper, waiting in the platform's review queue: the demo
  // school keeps 考试审核 on (exam_review's default), so the queue has an exam and a paper to
  // decide; with it off both would be trusted at once.
  const org: Scope = {
    kind: 'organization',
    organizationId: teacher.organization_id,
    memberId: teacher.id,
    role: 'teacher',
  };
  const orgPaper = await paperStore.create(
    { services, scope: org },
    {
      name: '示范校周测卷',
      description: '机构自编试卷，待平台审核。',
      durationMinutes: 30,
      questions: [
        { questionId: s1!, score: 50 },
        { questionId: j15!, score: 50 },
      ],
    },
    requestId,
  );
  await createExam(
    { services, scope: org },
    {
      name: DEMO_EXAMS.review,
      description: '机构内部周测。',
      notes: '',
      enrollStartAt: iso(now),
      enrollEndAt: iso(now + 7 * DAY),
      startAt: iso(now + 7 * DAY),
      endAt: iso(now + 7 * DAY + 2 * 60 * 60_000),
      schedule: 'fixed',
      durationMinutes: null,
      priceFen: 0,
      visibility: 'organization',
      gradeIds: [],
      results: 'manual',
      examPaperIds: [orgPaper.id],
    },
    requestId,
  );
}
