/**
 * The blacklist's demo entries (issue 27 item 6), so 黑名单 shows something real on a fresh
 * start: a learner of the CSP-S class blocked for a week by the demo admin, and one of the
 * CSP-J class whose block was lifted. Seeded once, with the class rosters; staff change them
 * freely afterwards.
 */
import type { Pool } from '../db/pool.ts';
import { DEMO_ACCOUNTS } from './demo-data.ts';

export const DEMO_BLOCKS = [
  { username: 'csps_30', reason: '多次提交与他人完全相同的代码，核实前停用一周', days: 7 },
  {
    username: 'cspj_30',
    reason: '冒用同学账号参加模拟赛（已核实为误会）',
    days: null,
    lifted: true,
  },
] as const;

export async function seedDemoBlocks(pool: Pool): Promise<void> {
  const { rows: present } = await pool.query('SELECT 1 FROM member_blocks LIMIT 1');
  if (present.length > 0) return;
  for (const block of DEMO_BLOCKS) {
    await pool.query(
      `INSERT INTO member_blocks (user_id, member_id, reason, ends_at, created_by, lifted_by,
                                 lifted_at)
       SELECT u.id, m.id, $2, now() + make_interval(days => $3::int), a.id,
              CASE WHEN $4::boolean THEN a.id END, CASE WHEN $4::boolean THEN now() END
         FROM users u JOIN members m ON m.user_id = u.id, users a
        WHERE u.username = $1 AND a.username = $5`,
      [block.username, block.reason, block.days, 'lifted' in block, DEMO_ACCOUNTS.admin.username],
    );
  }
}
