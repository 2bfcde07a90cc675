/**
 * Demo activities (issue 10 item 1), made through the activity store, the lifecycle and the
 * order flow, each once by its seed_key, so a fresh start has something in every state:
 * - a free platform contest open now for four weeks (two objective and two programming
 *   questions of the seeded bank), which any learner can enroll in and complete;
 * - a paid platform contest (¥19.90, 100 places) starting next week;
 * - the demo school's event waiting for the platform's review (the queue);
 * - last month's contest, over, with five class students' answers recorded inside its window,
 *   so its ranking shows ties and a winner (PAST_WINNER), and the demo student enrolled.
 */
import type { Pool } from '../db/pool.ts';
import type { Logger } from '../logger.ts';

/** The class student who won last month's seeded contest (and its shipped prize, seed/prizes.ts). */
export const PAST_WINNER = 'cspj_04';
import type { Scope } from '../access/scope.ts';
import { placeOrder } from '../orders/flow.ts';
import { NO_PROVIDER } from '../payments/none.ts';
import { allOrderKinds } from '../order-kinds.ts';
import { applyTransition } from '../lifecycle/transition.ts';
import { activityLifecycle } from '../../machines/lifecycles/activity.ts';
import { ACTIVITY_ROWS, createActivity } from '../activity/activities.ts';
import type { Services } from '../services.ts';
import { DEMO_ACCOUNTS } from './demo-data.ts';

export const DEMO_ACTIVITIES = {
  open: { key: 'activity:winter-warmup', title: '冬季热身赛（免费）' },
  paid: { key: 'activity:gesp-sprint', title: 'GESP 冲刺挑战赛' },
  review: { key: 'activity:school-open-day', title: '示范校信奥开放日' },
  past: { key: 'activity:autumn-cup', title: '秋季编程挑战杯' },
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

async function questionIds(pool: Pool, keys: string[]): Promise<number[] | null> {
  const { rows } = await pool.query<{ id: number; seed_key: string }>(
    'SELECT id, seed_key FROM questions WHERE seed_key = ANY($1::text[])',
    [keys],
  );
  const byKey = new Map(rows.map((r) => [r.seed_key, r.id]));
  const ids = keys.map((k) => byKey.get(k));
  return ids.every((id) => id !== undefined) ? (ids as number[]) : null;
}

const seeded = async (pool: Pool, key: string) =>
  (await pool.query('SELECT 1 FROM activities WHERE seed_key = $1', [key])).rowCount !== 0;

export async function seedDemoActivities(pool: Pool, logger: Logger): Promise<void> {
  const admin = await memberOf(pool, DEMO_ACCOUNTS.admin.username);
  const orgAdmin = await memberOf(pool, DEMO_ACCOUNTS.orgAdmin.username);
  const student = await memberOf(pool, DEMO_ACCOUNTS.student.username);
  if (!admin || !orgAdmin || !student) return;
  const questions = await questionIds(pool, [
    'question:2',
    'question:9',
    'problem:01-a-plus-b',
    'problem:05-sum-1-to-n',
    'question:3',
    'problem:04-leap-year',
  ]);
  if (!questions) return;
  const [q2, q9, aPlusB, sum, q3, leap] = questions as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const services = {
    pool,
    logger,
    payments: { provider: NO_PROVIDER, online: false, publicUrl: () => '', checkoutTtlMs: 0 },
    orderKinds: allOrderKinds,
  } as unknown as Services;
  const platform: Scope = { kind: 'platform', memberId: admin.id };
  const adminActor = { userId: admin.user_id, memberId: admin.id };
  const requestId = 'seed:activities';
  const now = Date.now();
  const iso = (t: number) => new Date(t).toISOString();
  const mark = (id: number, key: string) =>
    pool.query('UPDATE activities SET seed_key = $2 WHERE id = $1', [id, key]);
  const publish = (id: number) =>
    applyTransition(pool, activityLifecycle, ACTIVITY_ROWS, {
      id,
      action: 'publish',
      actor: adminActor,
      requestId,
    });

  if (!(await seeded(pool, DEMO_ACTIVITIES.open.key))) {
    const open = await createActivity(
      pool,
      platform,
      {
        title: DEMO_ACTIVITIES.open.title,
        summary: '四道题热热身：两道选择题、两道编程题，四周内随时来做。',
        description:
          '## 比赛说明\n\n报名后即可在活动页看到题目，点开题目作答即可，练习页的提交都会计入。\n\n' +
          '- 每道题取你在活动期间的**最好成绩**，编程题按通过的测试点比例计分；\n' +
          '- 四道题都至少提交过一次即算**完成**，完成的同学可参加活动抽奖；\n' +
          '- 排名按总分从高到低，同分时先完成的在前。',
        kind: 'contest',
        startAt: iso(now - DAY),
        endAt: iso(now + 28 * DAY),
        priceFen: 0,
        capacity: null,
        showRanking: true,
        questions: [
          { questionId: q2, score: 10 },
          { questionId: q9, score: 10 },
          { questionId: aPlusB, score: 40 },
          { questionId: sum, score: 40 },
        ],
      },
      adminActor,
      requestId,
    );
    await mark(open.id, DEMO_ACTIVITIES.open.key);
    await publish(open.id);
  }

  if (!(await seeded(pool, DEMO_ACTIVITIES.paid.key))) {
    const paid = await createActivity(
      pool,
      platform,
      {
        title: DEMO_ACTIVITIES.paid.title,
        summary: 'GESP 考前一周的限时挑战，限 100 人。',
        description: '两道贴近 GESP 二级难度的题目，比赛一周。报名费用于赛后讲评直播，名额满即止。',
        kind: 'contest',
        startAt: iso(now + 7 * DAY),
        endAt: iso(now + 14 * DAY),
        priceFen: 1990,
        capacity: 100,
        showRanking: true,
        questions: [
          { questionId: q3, score: 30 },
          { questionId: leap, score: 70 },
        ],
      },
      adminActor,
      requestId,
    );
    await mark(paid.id, DEMO_ACTIVITIES.paid.key);
    await publish(paid.id);
  }

  if (!(await seeded(pool, DEMO_ACTIVITIES.review.key))) {
    const school: Scope = {
      kind: 'organization',
      organizationId: orgAdmin.organization_id,
      memberId: orgAdmin.id,
      role: 'orgAdmin',
    };
    const review = await createActivity(
      pool,
      school,
      {
        title: DEMO_ACTIVITIES.review.title,
        summary: '家长与同学一起来看看信奥课堂。',
        description: '开放日当天有课堂体验、作品展示和教练答疑。报名即算参加。',
        kind: 'event',
        startAt: iso(now + 10 * DAY),
        endAt: iso(now + 10 * DAY + 4 * 60 * 60_000),
        priceFen: 0,
        capacity: 60,
        showRanking: false,
        questions: [],
      },
      { userId: orgAdmin.user_id, memberId: orgAdmin.id },
      requestId,
    );
    await mark(review.id, DEMO_ACTIVITIES.review.key);
  }

  if (!(await seeded(pool, DEMO_ACTIVITIES.past.key))) {
    const start = now - 40 * DAY;
    const past = await createActivity(
      pool,
      platform,
      {
        title: DEMO_ACTIVITIES.past.title,
        summary: '上个月的挑战杯，已结束，看看排名吧。',
        description: '两道编程题，一周内完成。成绩按最好的一次提交计算。',
        kind: 'contest',
        startAt: iso(start),
        endAt: iso(start + 7 * DAY),
        priceFen: 0,
        capacity: null,
        showRanking: true,
        questions: [
          { questionId: aPlusB, score: 50 },
          { questionId: sum, score: 50 },
        ],
      },
      adminActor,
      requestId,
    );
    await mark(past.id, DEMO_ACTIVITIES.past.key);
    await publish(past.id);
    // Class students with their best shares (of 100) per question and the hour of the window
    // they answered: a winner, a tie and an unfinished one. The demo student enrolled and
    // answered nothing: their practice history stays their own (the practice, review and
    // homework journeys start from it), and their records still show the contest.
    const results: [string, [] | [number, number] | [number], number][] = [
      [PAST_WINNER, [100, 100], 30],
      [DEMO_ACCOUNTS.student.username, [], 0],
      ['cspj_01', [100, 60], 20],
      ['cspj_02', [100, 60], 20],
      ['cspj_03', [100], 10],
      ['csps_01', [40, 100], 50],
    ];
    for (const [username, shares, hour] of results) {
      const member = await memberOf(pool, username);
      if (!member) continue;
      await placeOrder(
        { services, actor: { userId: member.user_id, memberId: member.id }, requestId },
        {
          kind: 'activity',
          memberId: member.id,
          organizationId: member.organization_id,
          itemId: past.id,
          itemName: DEMO_ACTIVITIES.past.title,
          itemUnits: null,
          amountFen: 0,
        },
      );
      for (const [i, share] of shares.entries()) {
        await pool.query(
          `INSERT INTO member_questions (member_id, question_id, kind, language, source, status,
                                         verdict, score, max_score, created_at, judged_at)
           VALUES ($1, $2, 'submit', 'cpp', '// 赛时提交', 'done', $3, $4, 100, $5, $5)`,
          [
            member.id,
            i === 0 ? aPlusB : sum,
            share === 100 ? 'AC' : 'WA',
            share,
            new Date(start + hour * 60 * 60_000 + i * 60_000),
          ],
        );
      }
    }
  }
}
