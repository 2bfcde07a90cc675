/**
 * WeChat sign-in and binding (issue 27 item 7; contract/wechat/calls.ts, member.bindWxGzh): codes
 * become tickets through the provider, tickets sign in or bind once, the web's QR scenes are
 * confirmed by a phone and taken by their page. Without a provider every call but the 公众号
 * server check says WeChat is not configured.
 */
import { requestOrigin } from '../http/origin.ts';
import { organization as orgApi } from '../../contract/organization/calls.ts';
import { wechat as api } from '../../contract/wechat/calls.ts';
import { signInAs } from '../accounts/sign-in.ts';
import { findLoginUser, findUserByMobile } from '../accounts/users.ts';
import { withTransaction } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { handle, type HandlerContext } from '../http/handler.ts';
import { FileAnswer } from '../http/multipart.ts';
import { validationError } from '../http/validation-error.ts';
import { bindIdentity, boundUserId } from './bindings.ts';
import type { WechatApp, WechatProvider } from './provider.ts';
import { confirmScene, openScene, sceneState, takeScene } from './scenes.ts';
import { signatureMatches } from './signature.ts';
import { issueTicket, spendTicket, type Ticket } from './tickets.ts';

function providerOf(ctx: HandlerContext): WechatProvider {
  const provider = ctx.services.wechat.provider;
  if (!provider) throw fail('CONFLICT', '本平台未配置微信登录');
  return provider;
}

/** A code from WeChat, exchanged for a ticket; refused under the code when it proves nothing. */
async function ticketFor(ctx: HandlerContext, app: WechatApp, code: string) {
  const identity = await providerOf(ctx).exchangeCode(app, code);
  if (!identity) {
    throw validationError([{ field: 'query.code', message: '微信授权码无效、已使用或已过期' }]);
  }
  const issued = await issueTicket(ctx.services.pool, app, identity);
  const bound = (await boundUserId(ctx.services.pool, app, identity)) !== null;
  return { ...issued, bound };
}

/** Signs in the account a spent ticket's WeChat identity is bound to. */
async function signInBound(ctx: HandlerContext, ticket: Ticket) {
  const userId = await boundUserId(ctx.services.pool, ticket.app, ticket);
  if (userId === null) {
    throw fail('NOT_FOUND', '该微信尚未绑定账号：请用密码登录后，在「我的账号」绑定微信');
  }
  return signInAs(ctx, (await findLoginUser(ctx.services.pool, userId))!);
}

const bindHandler = async (ctx: HandlerContext & { body: { ticket: string } }) => {
  const auth = ctx.requireAuth();
  providerOf(ctx);
  await withTransaction(ctx.services.pool, async (client) => {
    const ticket = await spendTicket(client, ctx.body.ticket, 'gzh');
    await bindIdentity(client, auth.userId, 'gzh', ticket);
  });
  return { bound: true as const };
};

export const wechatHandlers = [
  handle(api['wx.queryConfig'], async ({ services }) => ({
    enabled: services.wechat.provider !== null,
  })),

  handle(api['wx.gzh.verifyToken'], ({ query, services }) => {
    // No token configured: nothing can be signed, so nothing passes.
    if (!services.wechat.gzhToken || !signatureMatches(services.wechat.gzhToken, query)) {
      throw fail('FORBIDDEN', '签名校验失败');
    }
    return new FileAnswer('echostr.txt', 'text/plain; charset=utf-8', Buffer.from(query.echostr), {
      inline: true,
    }) as never;
  }),

  handle(api['wx.gzh.authorizeUrl'], async (ctx) => ({
    url: providerOf(ctx).authorizeUrl(
      ctx.query.redirect,
      ctx.query.state,
      ctx.services.wechat.publicUrl ?? requestOrigin(ctx.request),
    ),
  })),

  handle(api['member.queryWxBinding'], async ({ services, requireAuth }) => {
    const { rows } = await services.pool.query<{ app: WechatApp; bound_at: Date }>(
      'SELECT app, bound_at FROM user_wechat WHERE user_id = $1',
      [requireAuth().userId],
    );
    const at = (app: WechatApp) => rows.find((r) => r.app === app)?.bound_at.toISOString() ?? null;
    return { gzh: at('gzh'), mp: at('mp') };
  }),

  handle(api['member.unbindWx'], async ({ services, requireAuth }) => {
    const { rowCount } = await services.pool.query('DELETE FROM user_wechat WHERE user_id = $1', [
      requireAuth().userId,
    ]);
    if (!rowCount) throw fail('CONFLICT', '本账号没有绑定微信');
    return { gzh: null, mp: null };
  }),

  handle(api['wx.gzh.code2Session'], (ctx) => ticketFor(ctx, 'gzh', ctx.query.code)),
  handle(api['wx.mp.code2Session'], (ctx) => ticketFor(ctx, 'mp', ctx.query.code)),

  handle(api['wx.mp.authorizeMobile'], async (ctx) => {
    const provider = providerOf(ctx);
    const mobile = await provider.phoneNumber(ctx.query.code);
    if (!mobile) {
      throw validationError([{ field: 'query.code', message: '手机号授权码无效、已使用或已过期' }]);
    }
    // The ticket proves the mobile; its identity part is the mobile's own (no openid here).
    const identity = { openid: `mobile:${mobile}`, unionid: null };
    const issued = await issueTicket(ctx.services.pool, 'mp', identity, mobile);
    const bound = (await findUserByMobile(ctx.services.pool, mobile)) !== null;
    return { ...issued, bound, mobile };
  }),

  handle(api['wx.mp.generateQrCode'], async (ctx) => {
    const provider = providerOf(ctx);
    const opened = await openScene(ctx.services.pool);
    return {
      ...opened,
      image: await provider.sceneImage(opened.scene, requestOrigin(ctx.request)),
    };
  }),

  handle(api['wx.mp.queryScene'], ({ query, services }) => sceneState(services.pool, query.scene)),

  handle(api.loginByWxGzh, async (ctx) => {
    providerOf(ctx);
    const ticket = await spendTicket(ctx.services.pool, ctx.body.ticket, 'gzh');
    if (ticket.mobile) throw fail('FORBIDDEN', '该凭证只能用于手机号登录');
    return signInBound(ctx, ticket);
  }),

  handle(api.loginByWxMp, async (ctx) => {
    providerOf(ctx);
    const { ticket: given, scene } = ctx.body;
    const { pool } = ctx.services;
    if (!given && !scene) {
      throw validationError([
        { field: 'body.ticket', message: '请提供微信凭证或扫码登录的场景码' },
      ]);
    }
    if (!given) return signInAs(ctx, (await findLoginUser(pool, await takeScene(pool, scene!)))!);
    const ticket = await spendTicket(pool, given, 'mp');
    if (ticket.mobile) throw fail('FORBIDDEN', '该凭证只能用于手机号登录');
    // The phone confirms the web's scene for its account (or for none: the page then says so).
    if (scene) await confirmScene(pool, scene, await boundUserId(pool, 'mp', ticket));
    return signInBound(ctx, ticket);
  }),

  handle(api.loginByWxMpMobile, async (ctx) => {
    providerOf(ctx);
    const ticket = await spendTicket(ctx.services.pool, ctx.body.ticket, 'mp');
    if (!ticket.mobile) {
      throw validationError([{ field: 'body.ticket', message: '请使用手机号授权得到的凭证' }]);
    }
    const user = await findUserByMobile(ctx.services.pool, ticket.mobile);
    if (!user) throw fail('NOT_FOUND', '该手机号未注册，请先注册或使用用户名登录');
    return signInAs(ctx, user);
  }),

  handle(orgApi['member.bindWxGzh'], bindHandler),
  handle(orgApi['oj.member.bindWxGzh'], bindHandler),
];
