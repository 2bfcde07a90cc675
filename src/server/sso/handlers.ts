/** Single sign-on's calls (contract/sso), wired to ./flow.ts; off when no issuer is set. */
import { requestOrigin } from '../http/origin.ts';
import { sso as api } from '../../contract/sso/calls.ts';
import { signInAs } from '../accounts/sign-in.ts';
import { findLoginUser } from '../accounts/users.ts';
import { fail } from '../http/app-error.ts';
import { handle, type HandlerContext } from '../http/handler.ts';
import type { SsoService } from './flow.ts';

function serviceOf(ctx: HandlerContext): SsoService {
  if (!ctx.services.sso) throw fail('CONFLICT', '本平台未配置单点登录');
  return ctx.services.sso;
}

export const ssoHandlers = [
  handle(api['sso.queryConfig'], async ({ services }) => ({
    enabled: services.sso !== null,
    name: services.sso?.name ?? '',
  })),
  handle(api['sso.authorizeUrl'], async (ctx) => ({
    url: await serviceOf(ctx).start(requestOrigin(ctx.request)),
  })),
  handle(api.ssoAuth, async (ctx) => {
    const userId = await serviceOf(ctx).finish(requestOrigin(ctx.request), ctx.body);
    return signInAs(ctx, (await findLoginUser(ctx.services.pool, userId))!);
  }),
];
