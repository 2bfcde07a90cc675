/**
 * Opening a session for a user whose identity was proven — by password, SMS code, WeChat or
 * single sign-on alike: a disabled or blocked account is refused, and the member they last used
 * signs in. A sign-in that succeeded does not count against its address's rate limit.
 */
import { blockedSignIn } from '../blacklist/blocks.ts';
import { fail } from '../http/app-error.ts';
import { forgiveSignIn } from '../http/rate-limit-store.ts';
import type { HandlerContext } from '../http/handler.ts';
import { loadCurrentUser, memberForLogin } from './members.ts';
import type { LoginUser } from './users.ts';

export async function signInAs(ctx: HandlerContext, user: Pick<LoginUser, 'id' | 'status'>) {
  if (user.status !== 'active') throw fail('FORBIDDEN', '账号已停用，请联系管理员');
  const blocked = await blockedSignIn(ctx.services.pool, user.id);
  if (blocked) throw fail('FORBIDDEN', blocked);
  const memberId = await memberForLogin(ctx.services.pool, user.id);
  if (memberId === null) throw fail('FORBIDDEN', '账号没有可用的机构身份，请联系管理员');
  await ctx.signIn(user.id, memberId);
  const route = ctx.request.routeOptions;
  await forgiveSignIn(
    ctx.services.pool,
    { method: route.method, url: route.url ?? '' },
    ctx.request.ip,
  );
  return loadCurrentUser(ctx.services.pool, memberId);
}
