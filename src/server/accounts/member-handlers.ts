import { accounts } from '../../contract/accounts/calls.ts';
import { handle } from '../http/handler.ts';
import { loadCurrentUser, otherTeacherAccounts } from './members.ts';
import { currentRights } from './rights.ts';

export const memberHandlers = [
  handle(accounts['oj.member.queryCurrent'], async (ctx) =>
    loadCurrentUser(ctx.services.pool, ctx.requireAuth().memberId),
  ),

  handle(accounts['oj.member.queryCurrentRights'], async (ctx) =>
    currentRights(ctx.services.pool, ctx.requireAuth().memberId),
  ),

  handle(accounts['oj.member.queryMineTeacherList'], async (ctx) => {
    const caller = ctx.requireAuth();
    return otherTeacherAccounts(ctx.services.pool, caller.userId, caller.memberId);
  }),

  handle(accounts['bms.devInbox.queryList'], async ({ query, services }) => {
    const result = await services.pool.query<{
      id: number;
      channel: 'sms' | 'email';
      target: string;
      body: string;
      created_at: Date;
    }>('SELECT id, channel, target, body, created_at FROM dev_inbox ORDER BY id DESC LIMIT $1', [
      query.limit,
    ]);
    return result.rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      target: r.target,
      body: r.body,
      createdAt: r.created_at.toISOString(),
    }));
  }),
];
