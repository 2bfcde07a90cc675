/**
 * Opening a session for a user whose identity was proven — by password, SMS code, WeChat or
 * single sign-on alike: a disabled or blocked account is refused, and the member they last used
 * signs in.
 */
import { blockedSignIn } from '../blacklist/blocks.ts';
import { fail } from '../http/app-error.ts';
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
  return loadCurrentUser(ctx.services.pool, memberId);
}
