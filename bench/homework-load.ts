/**
 * Homework report load (issue 8): one class of STUDENTS learners with homework of QUESTIONS
 * objective questions, every learner with submissions on most questions (some wrong, some
 * late). Measured: the grading overview (learners × questions, bms/homeworkMemberQuestion/
 * queryStatisticsGroupByMember) and one page of the homework's roster with progress
 * (queryEnrolledMemberListByHomework), p50/p95 over ROUNDS calls, against the plain paged class
 * list asked in the same run (the baseline).
 *
 * The learners and their submissions are written straight into the database: what is
 * measured is reading them back.
 *
 *   npx tsx bench/homework-load.ts [students] [questions] [rounds]
 */
import { accounts } from '../src/contract/accounts/refs.ts';
import { grade } from '../src/contract/grade/refs.ts';
import { homework } from '../src/contract/homework/refs.ts';
import { DEFAULT_SEED_PASSWORD } from '../src/server/config.ts';
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-data.ts';
import { createTransport, type Transport } from '../src/transport/client.ts';
import { withPlatform } from './support/server.ts';
import { percentile, timed } from './support/timing.ts';

const STUDENTS = Number(process.argv[2] ?? 500);
const QUESTIONS = Number(process.argv[3] ?? 20);
const ROUNDS = Number(process.argv[4] ?? 40);

await withPlatform('homework', { JUDGE_WORKERS: '0' }, async ({ apiUrl, db }) => {
  const admin: Transport = createTransport({ baseUrl: apiUrl });
  await admin.call(accounts.loginByPwd, {
    body: { username: DEMO_ACCOUNTS.admin.username, password: DEFAULT_SEED_PASSWORD },
  });
  const org = await db.query<{ id: number }>(
    `SELECT id FROM organizations WHERE is_public ORDER BY id LIMIT 1`,
  );
  const orgId = org.rows[0]!.id;
  await db.query(
    `WITH u AS (INSERT INTO users (username, password_hash, nickname)
                  SELECT 'hw_bench_' || g, 'x', '压测学员' || g FROM generate_series(1, $1) g
                  RETURNING id, nickname)
       INSERT INTO members (user_id, organization_id, role, nickname)
       SELECT u.id, $2, 'student', u.nickname FROM u`,
    [STUDENTS, orgId],
  );
  const now = Date.now();
  const cls = await admin.call(grade['bms.grade.create'], {
    body: {
      name: `压测班 ${now}`,
      organizationId: orgId,
      startTime: new Date(now - 86_400_000).toISOString(),
      endTime: new Date(now + 86_400_000 * 90).toISOString(),
    },
  });
  await admin.call(grade['bms.grade.publish'], { body: { id: cls.id } });
  const members = await db.query<{ id: number }>(
    `SELECT m.id FROM members m JOIN users u ON u.id = m.user_id
        WHERE u.username LIKE 'hw\\_bench\\_%' ORDER BY m.id`,
  );
  for (let i = 0; i < members.rows.length; i += 500) {
    await admin.call(grade['bms.grade.enroll.batchEnroll'], {
      body: { gradeId: cls.id, memberIds: members.rows.slice(i, i + 500).map((r) => r.id) },
    });
  }
  const objective = await db.query<{ id: number; answer: string }>(
    `SELECT id, answer FROM questions WHERE type <> 'programming' AND publication = 'published'
          AND organization_id IS NULL AND status = 'active' ORDER BY id LIMIT $1`,
    [QUESTIONS],
  );
  if (objective.rows.length < QUESTIONS) {
    throw new Error(`the bank has ${objective.rows.length} objective questions, not ${QUESTIONS}`);
  }
  const hw = await admin.call(homework['bms.homework.create'], {
    body: {
      gradeId: cls.id,
      title: '压测作业',
      startAt: new Date(now - 3_600_000).toISOString(),
      dueAt: new Date(now + 3_600_000).toISOString(),
      lateUntil: new Date(now + 7_200_000).toISOString(),
      latePenaltyPercent: 20,
      questions: objective.rows.map((q) => ({ questionId: q.id, score: 5 })),
    },
  });
  console.log(`assigning to ${STUDENTS} learners…`);
  await admin.call(homework['bms.homework.publish'], { body: { id: hw.id } });
  // Submissions: every learner answers ~85% of the questions, one in five answers wrong, one
  // in ten of the answers is late; 1–3 submissions per answered question.
  await db.query(
    `WITH answers AS (
         INSERT INTO homework_member_questions (order_id, homework_id, member_id, question_id)
         SELECT he.order_id, he.homework_id, he.member_id, hq.question_id
           FROM homework_enrolls he JOIN homework_questions hq ON hq.homework_id = he.homework_id
          WHERE he.homework_id = $1 AND (he.member_id + hq.question_id) % 7 <> 0
         RETURNING id, member_id, question_id)
       INSERT INTO member_questions (member_id, question_id, kind, source, status, verdict, score,
                                     max_score, judged_at, homework_member_question_id, late)
       SELECT a.member_id, a.question_id, 'homework', '1', 'done',
              CASE WHEN (a.member_id * 3 + a.question_id + n) % 5 = 0 THEN 'WA' ELSE 'AC' END,
              CASE WHEN (a.member_id * 3 + a.question_id + n) % 5 = 0 THEN 0 ELSE 100 END, 100,
              now(), a.id, (a.member_id + n) % 10 = 0
         FROM answers a, generate_series(1, 1 + (a.member_id + a.question_id) % 3) n`,
    [hw.id],
  );
  await db.query('ANALYZE');
  const counts = await db.query<{ answers: number; submissions: number }>(
    `SELECT (SELECT count(*) FROM homework_member_questions WHERE homework_id = $1)::int AS answers,
              (SELECT count(*) FROM member_questions WHERE kind = 'homework')::int AS submissions`,
    [hw.id],
  );
  console.log(
    `${STUDENTS} learners × ${QUESTIONS} questions: ${counts.rows[0]!.answers} answers, ${counts.rows[0]!.submissions} submissions`,
  );

  const baseline = await timed(ROUNDS, () =>
    admin.call(grade['bms.grade.queryList'], { query: { size: 20 }, body: {} }),
  );
  const overview = await timed(ROUNDS, () =>
    admin.call(homework['bms.homeworkMemberQuestion.queryStatisticsGroupByMember'], {
      body: { homeworkId: hw.id },
    }),
  );
  const roster = await timed(ROUNDS, () =>
    admin.call(homework['bms.homeworkEnroll.queryEnrolledMemberListByHomework'], {
      query: { size: 50 },
      body: { homeworkId: hw.id },
    }),
  );
  const row = (name: string, ms: number[]) =>
    `| ${name.padEnd(52)} | ${percentile(ms, 50).toFixed(1).padStart(7)} | ${percentile(ms, 95).toFixed(1).padStart(7)} | ${(percentile(ms, 50) / percentile(baseline, 50)).toFixed(1).padStart(6)}× |`;
  console.log(`\n| call (${ROUNDS} rounds)${' '.repeat(34)} | p50 ms | p95 ms | p50 vs list |`);
  console.log(`|${'-'.repeat(54)}|---------|---------|--------------|`);
  console.log(row('paged class list (baseline, 20 rows)', baseline));
  console.log(row(`grading overview (${STUDENTS} × ${QUESTIONS} cells)`, overview));
  console.log(row('homework roster with progress (50 a page)', roster));
});
