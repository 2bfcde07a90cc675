/**
 * Demo classes and homework (issue 8 item 8): the demo school's two running classes get 30
 * generated students each, split into groups, with the demo teacher teaching both and a
 * teaching assistant bound to some students; the demo student is enrolled in one and has paid
 * for it at the desk, with one settlement of consumed lessons; each class has homework with
 * work in every state (not started, a draft, wrong, right, late) and one settled homework with
 * its report. Everything goes through the stores and flows the calls use, so the statistics
 * screens show what the product computes.
 */
import { DEMO_COURSE_SEED_KEY } from './courses.ts';
import { homeworkLifecycle } from '../../machines/lifecycles/homework.ts';
import type { Scope } from '../access/scope.ts';
import type { Auth } from '../http/sessions.ts';
import type { Pool } from '../db/pool.ts';
import { membersById } from '../enrollment/candidates.ts';
import { bindTeacher, gradeEnrollable, setGroups } from '../grade/enrollable.ts';
import { createSettlement } from '../grade/settlements.ts';
import { linkSubmission, saveDraft } from '../homework/answers.ts';
import { assignToRoster } from '../homework/enrollable.ts';
import { createHomework, HOMEWORK_ROWS } from '../homework/homeworks.ts';
import { applyTransition } from '../lifecycle/transition.ts';
import { settleHomework } from '../homework/settle.ts';
import type { Logger } from '../logger.ts';
import { answerQuestion } from '../member-question/grading.ts';
import { moveOrder, type FlowContext } from '../orders/flow.ts';
import { allOrders } from '../orders/rows.ts';
import { hashPassword } from '../security/password.ts';
import type { Services } from '../services.ts';
import { NO_PROVIDER } from '../payments/none.ts';
import { allOrderKinds } from '../order-kinds.ts';
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION } from './demo-data.ts';

/** The running classes that get a generated roster, and how their students are grouped. */
export const DEMO_CLASS_ROSTERS = [
  { grade: 'CSP-J 入门班（2026 冬季）', prefix: 'cspj', groups: ['周六班', '周日班'] },
  { grade: 'CSP-S 提高班', prefix: 'csps', groups: ['提高一组', '提高二组'] },
] as const;
export const STUDENTS_PER_CLASS = 30;
export const DEMO_ASSISTANT = { username: 'demo_assistant', nickname: '演示助教' };
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = ['子涵', '一诺', '欣怡', '梓轩', '浩然', '雨桐', '思远', '嘉怡', '宇航', '可馨'];

async function memberOf(pool: Pool, username: string) {
  const { rows } = await pool.query<{ id: number; user_id: number; organization_id: number }>(
    `SELECT m.id, m.user_id, m.organization_id FROM members m JOIN users u ON u.id = m.user_id
      WHERE u.username = $1 ORDER BY m.id LIMIT 1`,
    [username],
  );
  return rows[0];
}

/** Students share one hash of the demo password: seeding stays fast; each may change theirs. */
async function generateStudents(
  pool: Pool,
  organizationId: number,
  prefix: string,
  offset: number,
  passwordHash: string,
  groups: readonly string[],
): Promise<{ id: number; group: string }[]> {
  const out: { id: number; group: string }[] = [];
  for (let i = 1; i <= STUDENTS_PER_CLASS; i++) {
    const n = offset + i;
    // Shifting the given name once per round of surnames keeps the 60 names distinct.
    const round = Math.floor(n / SURNAMES.length);
    const name = `${SURNAMES[n % SURNAMES.length]}${GIVEN[(n + round) % GIVEN.length]}`;
    const username = `${prefix}_${String(i).padStart(2, '0')}`;
    const mobile = `137${String(n).padStart(8, '0')}`;
    const user = await pool.query<{ id: number }>(
      `INSERT INTO users (username, mobile, password_hash, nickname) VALUES ($1, $2, $3, $4)
       RETURNING id`,
      [username, mobile, passwordHash, name],
    );
    const member = await pool.query<{ id: number }>(
      `INSERT INTO members (user_id, organization_id, role, nickname, real_name, tags, school,
                            grade_level, student_no)
       VALUES ($1, $2, 'student', $3, $3, $4, $5, $6, $7) RETURNING id`,
      [
        user.rows[0]!.id,
        organizationId,
        name,
        [groups[i % 2]!],
        n % 3 === 0 ? '实验中学' : '外国语学校',
        i % 2 === 0 ? '初二' : '初三',
        `S${String(n).padStart(4, '0')}`,
      ],
    );
    await pool.query('UPDATE users SET last_member_id = $2 WHERE id = $1', [
      user.rows[0]!.id,
      member.rows[0]!.id,
    ]);
    out.push({ id: member.rows[0]!.id, group: groups[i % 2]! });
  }
  return out;
}

export async function seedDemoClasses(pool: Pool, logger: Logger, password: string) {
  const present = await pool.query('SELECT 1 FROM users WHERE username = $1', ['cspj_01']);
  if (present.rowCount !== 0) return;
  const teacher = await memberOf(pool, DEMO_ACCOUNTS.teacher.username);
  const student = await memberOf(pool, DEMO_ACCOUNTS.student.username);
  if (!teacher || !student) return;
  const services = {
    pool,
    logger,
    payments: { provider: NO_PROVIDER, online: false, publicUrl: () => '', checkoutTtlMs: 0 },
    orderKinds: allOrderKinds,
  } as unknown as Services;
  const requestId = 'seed:classes';
  const teacherScope: Scope = {
    kind: 'organization',
    organizationId: teacher.organization_id,
    memberId: teacher.id,
    role: 'teacher',
  };
  const teacherFlow: FlowContext = {
    services,
    actor: { userId: teacher.user_id, memberId: teacher.id },
    requestId,
  };
  const hash = await hashPassword(password);

  // A teaching assistant, grouped with the demo teacher in one teaching group.
  const assistantUser = await pool.query<{ id: number }>(
    `INSERT INTO users (username, password_hash, nickname) VALUES ($1, $2, $3) RETURNING id`,
    [DEMO_ASSISTANT.username, hash, DEMO_ASSISTANT.nickname],
  );
  const assistant = await pool.query<{ id: number }>(
    `INSERT INTO members (user_id, organization_id, role, nickname)
     VALUES ($1, $2, 'teacher', $3) RETURNING id`,
    [assistantUser.rows[0]!.id, teacher.organization_id, DEMO_ASSISTANT.nickname],
  );
  const assistantId = assistant.rows[0]!.id;
  const group = await pool.query<{ id: number }>(
    `INSERT INTO teacher_groups (organization_id, name, description)
     VALUES ($1, '算法教研组', '负责 CSP-J/S 课程与作业') RETURNING id`,
    [teacher.organization_id],
  );
  await pool.query(
    `INSERT INTO teacher_group_members (group_id, member_id) VALUES ($1, $2), ($1, $3)`,
    [group.rows[0]!.id, teacher.id, assistantId],
  );

  const grades = await pool.query<{ id: number; name: string }>(
    `SELECT g.id, g.name FROM grades g JOIN organizations o ON o.id = g.organization_id
      WHERE o.name = $1 AND g.name = ANY($2::text[]) AND g.deleted_at IS NULL`,
    [DEMO_ORGANIZATION, DEMO_CLASS_ROSTERS.map((r) => r.grade)],
  );
  // Not the objective questions the demo student practises on the practice page (question:1,
  // question:15): open homework seals its objective questions from practice (issue 25 item 12).
  const keys = ['question:5', 'question:4', 'question:16', 'problem:01-a-plus-b'];
  const found = await pool.query<{ id: number; seed_key: string }>(
    `SELECT id, seed_key FROM questions WHERE seed_key = ANY($1::text[])`,
    [keys],
  );
  const [choiceA, choiceB, judge, aPlusB] = keys.map(
    (k) => found.rows.find((r) => r.seed_key === k)!.id,
  );

  // Both classes follow the demo chapters, in their order: the class page lists them.
  await pool.query(
    `INSERT INTO grade_chapters (grade_id, chapter_id, position)
     SELECT g.id, c.id, row_number() OVER (PARTITION BY g.id ORDER BY c.sort, c.id)
       FROM unnest($1::int[]) AS g(id)
       CROSS JOIN chapters c
      WHERE c.seed_key LIKE 'chapter:%' AND c.organization_id = $2 AND c.status = 'active'
     ON CONFLICT DO NOTHING`,
    [grades.rows.map((g) => g.id), teacher.organization_id],
  );
  // …as the units of the organization's own course, which the classes follow.
  await pool.query(
    `UPDATE grades SET course_id = (SELECT id FROM courses WHERE seed_key = $2)
      WHERE id = ANY($1::int[])`,
    [grades.rows.map((g) => g.id), DEMO_COURSE_SEED_KEY],
  );

  for (const [index, roster] of DEMO_CLASS_ROSTERS.entries()) {
    const gradeRow = grades.rows.find((g) => g.name === roster.grade);
    if (!gradeRow) continue;
    const students = await generateStudents(
      pool,
      teacher.organization_id,
      roster.prefix,
      index * STUDENTS_PER_CLASS,
      hash,
      roster.groups,
    );
    await pool.query(
      'INSERT INTO grade_teachers (grade_id, member_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [gradeRow.id, assistantId],
    );
    const enrolled = await gradeEnrollable.batchEnroll(
      teacherFlow,
      teacherScope,
      gradeRow.id,
      await membersById(
        pool,
        students.map((s) => s.id),
      ),
      false,
    );
    const orderOf = (memberId: number) =>
      enrolled.rows.find((r) => r.memberId === memberId)!.enrollId!;
    for (const g of roster.groups) {
      const inGroup = students.filter((s) => s.group === g).map((s) => orderOf(s.id));
      await setGroups(pool, teacherScope, inGroup, [g]);
    }
    for (const s of students.slice(0, 10)) {
      await bindTeacher(pool, teacherScope, orderOf(s.id), assistantId);
    }
    if (index === 0) {
      // The demo student paid this class at the desk; two lessons are settled already.
      const paid = await gradeEnrollable.staffEnroll(teacherFlow, teacherScope, {
        gradeId: gradeRow.id,
        memberId: student.id,
        remark: '前台现金缴费',
        paidOffline: true,
      });
      await setGroups(pool, teacherScope, [paid], [roster.groups[0]]);
      const today = new Date().toISOString().slice(0, 10);
      await createSettlement(pool, teacherScope, {
        gradeId: gradeRow.id,
        memberId: student.id,
        periodStart: today,
        periodEnd: today,
        lessons: 2,
        amountFen: 20_000,
        remark: '首两次课',
      });
      // The student once applied to leave it and the teacher said no, with a reason: 我的班级
      // and /order show the decision, not just 已报名 (issue 25 item 6).
      const studentFlow: FlowContext = {
        services,
        actor: { userId: student.user_id, memberId: student.id },
        requestId,
      };
      const own: Scope = {
        kind: 'learner',
        memberId: student.id,
        organizationId: student.organization_id,
      };
      await moveOrder(studentFlow, own, ['grade'], paid, 'applyQuit', '想换到周日班上课');
      await moveOrder(
        teacherFlow,
        allOrders(),
        ['grade'],
        paid,
        'rejectQuit',
        '周日班已满，请本期继续在周六班上课',
      );
      await seedHomework(services, teacherScope, teacherFlow, gradeRow.id, students, student, [
        choiceA!,
        choiceB!,
        judge!,
        aPlusB!,
      ]);
    }
  }
}

async function seedHomework(
  services: Services,
  scope: Scope,
  flow: FlowContext,
  gradeId: number,
  students: { id: number; group: string }[],
  demoStudent: { id: number; user_id: number; organization_id: number },
  [choiceA, choiceB, judge, aPlusB]: number[],
) {
  const pool = services.pool;
  const hour = 3_600_000;
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const actor = flow.actor;
  const questions = [
    { questionId: choiceA!, score: 20 },
    { questionId: choiceB!, score: 20 },
    { questionId: judge!, score: 20 },
    { questionId: aPlusB!, score: 40 },
  ];
  const open = await createHomework(
    pool,
    scope,
    {
      gradeId,
      title: '第 3 周作业：顺序结构与输入输出',
      description: '完成 3 道选择判断题和 A+B。截止后两天内可补交，补交得分按 80% 计。',
      groups: [],
      startAt: at(-2 * 24 * hour),
      dueAt: at(3 * 24 * hour),
      lateUntil: at(5 * 24 * hour),
      latePenaltyPercent: 20,
      questions,
    },
    actor,
    flow.requestId,
  );
  await publish(pool, open.id, actor, flow.requestId);
  await assignToRoster(flow, open.id);

  const settledHw = await createHomework(
    pool,
    scope,
    {
      gradeId,
      title: '第 2 周作业：变量与表达式',
      description: '已截止并结算，可查看报告。',
      groups: [],
      startAt: at(-hour),
      dueAt: at(hour),
      lateUntil: null,
      latePenaltyPercent: 0,
      questions: questions.slice(0, 3),
    },
    actor,
    flow.requestId,
  );
  await publish(pool, settledHw.id, actor, flow.requestId);
  await assignToRoster(flow, settledHw.id);

  const enrollOf = async (homeworkId: number, memberId: number) =>
    (
      await pool.query<{ order_id: number }>(
        'SELECT order_id FROM homework_enrolls WHERE homework_id = $1 AND member_id = $2',
        [homeworkId, memberId],
      )
    ).rows[0]!.order_id;
  const submit = async (
    homeworkId: number,
    memberId: number,
    questionId: number,
    answer: string,
  ) => {
    const member = await pool.query<{ user_id: number; organization_id: number }>(
      'SELECT user_id, organization_id FROM members WHERE id = $1',
      [memberId],
    );
    const auth = {
      sessionId: 0,
      userId: member.rows[0]!.user_id,
      memberId,
      role: 'student',
      organizationId: member.rows[0]!.organization_id,
      platformAdmin: false,
      expiresAt: new Date(),
      memberRoles: [],
      userRoles: [],
      mustChangePassword: false,
    } satisfies Auth;
    const enrollId = await enrollOf(homeworkId, memberId);
    await answerQuestion(services as never, auth, { questionId, answer }, 'homework', () =>
      linkSubmission(pool, auth, enrollId, questionId),
    );
  };
  /** The right option flags, or a wrong one-hot (the right one moved along by one). */
  const flags = async (questionId: number, right: boolean) => {
    const q = await pool.query<{ answer: string }>('SELECT answer FROM questions WHERE id = $1', [
      questionId,
    ]);
    const answer = q.rows[0]!.answer;
    return right ? answer : answer.slice(-1) + answer.slice(0, -1);
  };

  // The settled homework: most answered on time, then it closed and settled.
  for (const [i, s] of students.entries()) {
    if (i % 5 === 4) continue;
    for (const [k, q] of questions.slice(0, 3).entries()) {
      await submit(settledHw.id, s.id, q.questionId, await flags(q.questionId, (i + k) % 3 !== 0));
    }
  }
  await submit(settledHw.id, demoStudent.id, choiceA!, await flags(choiceA!, true));
  await submit(settledHw.id, demoStudent.id, choiceB!, await flags(choiceB!, false));
  await pool.query(
    `UPDATE homeworks SET start_at = now() - interval '9 days', due_at = now() - interval '7 days'
      WHERE id = $1`,
    [settledHw.id],
  );
  await settleHomework(pool, settledHw.id);

  // The open homework: work in every state — nothing yet, a draft, wrong, right, and late.
  for (const [i, s] of students.entries()) {
    const state = i % 6;
    if (state === 0 || state === 5) continue;
    if (state === 1) {
      await saveDraft(pool, s.id, {
        homeworkEnrollId: await enrollOf(open.id, s.id),
        questionId: aPlusB!,
        language: 'cpp',
        draft: '#include <iostream>\nint main() {\n  // 还没写完\n}\n',
      });
      continue;
    }
    for (const q of questions.slice(0, 3)) {
      await submit(open.id, s.id, q.questionId, await flags(q.questionId, state !== 2));
    }
  }
  await submit(open.id, demoStudent.id, choiceA!, await flags(choiceA!, true));
  // The due time passed yesterday; the late window is open: the last ones hand in late.
  await pool.query(
    `UPDATE homeworks SET start_at = now() - interval '6 days', due_at = now() - interval '1 day'
      WHERE id = $1`,
    [open.id],
  );
  for (const s of students.filter((_, i) => i % 6 === 5)) {
    for (const q of questions.slice(0, 2)) {
      await submit(open.id, s.id, q.questionId, await flags(q.questionId, true));
    }
  }
}

async function publish(
  pool: Pool,
  homeworkId: number,
  actor: { userId: number; memberId: number },
  requestId: string,
) {
  await applyTransition(pool, homeworkLifecycle, HOMEWORK_ROWS, {
    id: homeworkId,
    action: 'publish',
    actor,
    requestId,
  });
}
