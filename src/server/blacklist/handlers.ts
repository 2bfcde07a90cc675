/** member/blacklist calls (contract/blacklist/). */
import { blacklist } from '../../contract/blacklist/calls.ts';
import { handle } from '../http/handler.ts';
import { blockPage, createBlock, liftBlock, updateBlock } from './blocks.ts';

export const blacklistHandlers = [
  handle(blacklist['member.blacklist.create'], (ctx) =>
    createBlock(ctx.services.pool, ctx.requireAuth(), ctx.body),
  ),
  handle(blacklist['member.blacklist.update'], (ctx) => updateBlock(ctx.services.pool, ctx.body)),
  handle(blacklist['member.blacklist.delete'], (ctx) =>
    liftBlock(ctx.services.pool, ctx.requireAuth(), ctx.body.id),
  ),
  handle(blacklist['member.blacklist.queryList'], (ctx) =>
    blockPage(ctx.services.pool, ctx.body, ctx.query),
  ),
];
