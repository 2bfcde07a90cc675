/**
 * Demo prizes (issue 10 item 2), each once by its seed_key, after the demo activities:
 * - last month's finished contest has three prizes, drawn, and its winner's prize (PAST_WINNER,
 *   a class student) is addressed and shipped, so staff see the whole story and the seed to check;
 * - the open free contest has prizes (one of them AI assistant tokens) and a published
 *   commitment, not drawn yet.
 * Everyone who completed last month's contest wins something there (stock covers them), so the
 * winner's prize does not depend on the seed.
 */
import { randomUUID } from 'node:crypto';
import type { Scope } from '../access/scope.ts';
import type { Pool } from '../db/pool.ts';
import type { Logger } from '../logger.ts';
import { commitmentOf, newSeed } from '../activity-prize/draw.ts';
import { addressAward, shipAward } from '../activity-prize/awards.ts';
import { startDraw } from '../activity-prize/draw-lock.ts';
import { createPrize } from '../activity-prize/prizes.ts';
import { DEMO_ACTIVITIES, PAST_WINNER } from './activities.ts';
import { DEMO_ACCOUNTS } from './demo-data.ts';

const PAST_PRIZES = [
  { key: 'prize:autumn-cup:1', name: '一等奖：机械键盘', stock: 1, sort: 0 },
  { key: 'prize:autumn-cup:2', name: '二等奖：《算法竞赛入门经典》', stock: 1, sort: 1 },
  { key: 'prize:autumn-cup:3', name: '参与奖：训练营定制 T 恤', stock: 5, sort: 2 },
] as const;

const OPEN_PRIZES = [
  { key: 'prize:winter-warmup:1', name: '冠军：信奥训练营年卡', stock: 1, sort: 0 },
  { key: 'prize:winter-warmup:2', name: '幸运奖：定制笔记本', stock: 10, sort: 1 },
  {
    key: 'prize:winter-warmup:3',
    name: '参与奖：AI 助手额度 2000',
    stock: 20,
    sort: 2,
    tokens: 2000,
  },
] as const;

async function accountOf(pool: Pool, username: string) {
  const { rows } = await pool.query<{
    id: number;
    user_id: number;
    organization_id: number;
    nickname: string;
    mobile: string | null;
  }>(
    `SELECT m.id, m.user_id, m.organization_id, m.nickname, u.mobile FROM members m
       JOIN users u ON u.id = m.user_id WHERE u.username = $1 ORDER BY m.id LIMIT 1`,
    [username],
  );
  return rows[0];
}

const activityByKey = async (pool: Pool, key: string) =>
  (await pool.query<{ id: number }>('SELECT id FROM activities WHERE seed_key = $1', [key])).rows[0]
    ?.id;

const prizeSeeded = async (pool: Pool, key: string) =>
  (await pool.query('SELECT 1 FROM activity_prizes WHERE seed_key = $1', [key])).rowCount !== 0;

export async function seedDemoPrizes(pool: Pool, logger: Logger): Promise<void> {
  const admin = await accountOf(pool, DEMO_ACCOUNTS.admin.username);
  const winner = await accountOf(pool, PAST_WINNER);
  if (!admin || !winner) return;
  const adminScope: Scope = { kind: 'platform', memberId: admin.id };
  const actor = (who: { id: number; user_id: number }) => ({
    userId: who.user_id,
    memberId: who.id,
    requestId: `seed-${randomUUID()}`,
  });

  const open = await activityByKey(pool, DEMO_ACTIVITIES.open.key);
  if (open) {
    for (const p of OPEN_PRIZES) {
      if (await prizeSeeded(pool, p.key)) continue;
      const prize = await createPrize(pool, adminScope, {
        activityId: open,
        name: p.name,
        description: '',
        ...('tokens' in p
          ? { delivery: 'aiTokens' as const, tokens: p.tokens }
          : { delivery: 'express' as const }),
        sort: p.sort,
        stock: p.stock,
      });
      await pool.query('UPDATE activity_prizes SET seed_key = $2 WHERE id = $1', [prize.id, p.key]);
    }
  }

  const past = await activityByKey(pool, DEMO_ACTIVITIES.past.key);
  if (past && !(await prizeSeeded(pool, PAST_PRIZES[0].key))) {
    // The contest is already over, where the store refuses new prizes: written as they would
    // have been while it ran, with the seed committed then.
    const seed = newSeed();
    await pool.query(
      `INSERT INTO activity_prize_draws (activity_id, seed, commitment, created_at)
       SELECT id, $2, $3, start_at FROM activities WHERE id = $1 ON CONFLICT DO NOTHING`,
      [past, seed, commitmentOf(seed)],
    );
    for (const p of PAST_PRIZES) {
      await pool.query(
        `INSERT INTO activity_prizes (activity_id, name, delivery, sort, stock, seed_key)
         VALUES ($1, $2, 'express', $3, $4, $5)`,
        [past, p.name, p.sort, p.stock, p.key],
      );
    }
    await startDraw(pool, adminScope, past, actor(admin));
    const { rows } = await pool.query<{ id: number }>(
      'SELECT id FROM activity_prize_awards WHERE activity_id = $1 AND member_id = $2',
      [past, winner.id],
    );
    const award = rows[0];
    if (!award) {
      logger.warn('演示奖品：秋季编程挑战杯的冠军没有中奖记录（没有完成记录？），跳过发货示例');
      return;
    }
    const winnerScope: Scope = {
      kind: 'learner',
      memberId: winner.id,
      organizationId: winner.organization_id,
    };
    await addressAward(
      pool,
      winnerScope,
      {
        id: award.id,
        recipient: winner.nickname,
        mobile: winner.mobile ?? '13700000000',
        provinceCode: '110000',
        cityCode: '110000',
        districtCode: '110108',
        detail: '中关村大街 1 号 信奥训练营',
      },
      actor(winner),
    );
    await shipAward(
      pool,
      adminScope,
      { id: award.id, carrier: '顺丰速运', trackingNo: 'SF1029384756' },
      actor(admin),
    );
  }
}
