/**
 * Signing in with WeChat (issue 27 item 7; server/wechat/, docs/decisions/admin-and-identity.md
 * "WeChat sign-in"): the official account (公众号, gzh) and the mini program (小程序, mp), behind a
 * provider like payments. A WeChat code (from WeChat's page, or wx.login in the mini program) is
 * exchanged for a ticket: a short-lived proof of one WeChat identity, spent once to sign in or to
 * bind it to the signed-in person. The web's scan-to-sign-in shows a QR code of a sign-in scene;
 * the phone confirms it, the page asks how the scene stands and takes its session.
 */
import { z } from 'zod';
import { defineCalls } from '../call.ts';
import { currentUser } from '../accounts/calls.ts';
import * as f from '../fields.ts';

/** A code WeChat hands out for one exchange (oauth2 code, wx.login code, phone-number code). */
const wxCode = z.string('请提供微信授权码').trim().min(1, '请提供微信授权码').max(128);

/** A ticket this platform issued for one WeChat identity (hex, 48 characters). */
export const wxTicket = z.string('请提供微信凭证').regex(/^[0-9a-f]{48}$/, '微信凭证格式不正确');

/** A sign-in scene of the web's QR code (hex, 32 characters). */
export const wxScene = z.string('请提供场景码').regex(/^[0-9a-f]{32}$/, '场景码格式不正确');

/** What an exchanged code proves: who on WeChat, and whether that person has an account here. */
const ticketAnswer = z.object({
  ticket: z.string(),
  expiresAt: f.isoTime,
  /** An account here is bound to this WeChat identity: the ticket signs in. */
  bound: z.boolean(),
});

const authLimit = { max: 10, timeWindowMs: 60_000 };

export const SCENE_STATES = ['pending', 'confirmed', 'unbound', 'taken', 'expired'] as const;

export const wechat = defineCalls({
  /** An addition to the catalogue: whether WeChat sign-in is on (the login dialog's tab). */
  'wx.queryConfig': {
    method: 'GET',
    access: 'public',
    summary: '微信登录是否已开通（登录框据此显示微信扫码登录）',
    response: z.object({ enabled: z.boolean() }),
  },
  'wx.gzh.verifyToken': {
    method: 'GET',
    access: 'public',
    requestKind: 'notify',
    responseKind: 'binary',
    summary:
      '微信公众号服务器配置校验：signature 为 token、timestamp、nonce 字典序拼接后的 SHA-1，一致时原样返回 echostr（纯文本），否则拒绝',
    query: z.strictObject({
      signature: z.string().regex(/^[0-9a-f]{40}$/i, 'signature 格式不正确'),
      timestamp: z.string().regex(/^\d{1,12}$/, 'timestamp 格式不正确'),
      nonce: z.string().min(1).max(64),
      echostr: z.string().min(1).max(256),
    }),
    response: z.instanceof(Uint8Array),
  },
  /** An addition to the catalogue: where to send the browser for WeChat's authorization. */
  'wx.gzh.authorizeUrl': {
    method: 'GET',
    access: 'public',
    summary:
      '微信公众号网页授权的地址：浏览器前往此地址，用户同意后带着 code 与 state 回到 redirect 指定的本站页面',
    query: z.strictObject({
      redirect: z
        .string('请提供回跳页面')
        .max(200, '回跳页面最多 200 个字符')
        .regex(/^\/web\/[A-Za-z0-9/_-]*$/, '回跳页面必须是本站 /web/ 下的页面'),
      state: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'state 格式不正确'),
    }),
    response: z.object({ url: z.string() }),
  },
  /** An addition to the catalogue: whether the signed-in person has a WeChat bound. */
  'member.queryWxBinding': {
    method: 'GET',
    access: 'member',
    summary: '本人绑定的微信（公众号、小程序各一个；未绑定为 null）',
    response: z.object({ gzh: f.isoTime.nullable(), mp: f.isoTime.nullable() }),
  },
  /**
   * An addition to the catalogue: the person takes their WeChat off their account (both apps:
   * one WeChat is one person), so it can be bound to another account; the password stays.
   */
  'member.unbindWx': {
    method: 'DELETE',
    access: 'member',
    summary: '解除本人绑定的微信（公众号与小程序）；之后不能再用这个微信登录本账号',
    response: z.object({ gzh: f.isoTime.nullable(), mp: f.isoTime.nullable() }),
    identity: true,
  },
  'wx.gzh.code2Session': {
    method: 'GET',
    access: 'public',
    summary: '用微信公众号网页授权的 code 换取微信凭证（一次有效，10 分钟内用于登录或绑定）',
    query: z.strictObject({ code: wxCode }),
    response: ticketAnswer,
    rateLimit: authLimit,
  },
  'wx.mp.code2Session': {
    method: 'GET',
    access: 'public',
    summary: '用小程序 wx.login 的 code 换取微信凭证（一次有效，10 分钟内用于登录或绑定）',
    query: z.strictObject({ code: wxCode }),
    response: ticketAnswer,
    rateLimit: authLimit,
  },
  'wx.mp.authorizeMobile': {
    method: 'GET',
    access: 'public',
    summary: '用小程序手机号授权的 code 换取带手机号的微信凭证（手机号由微信验证），用于手机号登录',
    query: z.strictObject({ code: wxCode }),
    response: ticketAnswer.extend({ mobile: z.string() }),
    rateLimit: authLimit,
  },
  'wx.mp.generateQrCode': {
    method: 'POST',
    access: 'public',
    summary:
      '网页扫码登录：新建一个登录场景（5 分钟有效），返回其二维码图片；手机微信扫码确认后，网页用 loginByWxMp 取得登录',
    body: z.strictObject({}),
    response: z.object({
      scene: z.string(),
      /** A data: URL of the QR code image (SVG). */
      image: z.string(),
      expiresAt: f.isoTime,
    }),
    rateLimit: { max: 30, timeWindowMs: 60_000 },
  },
  /** An addition to the catalogue: how a sign-in scene stands, for the page showing its code. */
  'wx.mp.queryScene': {
    method: 'GET',
    access: 'public',
    summary:
      '扫码登录场景的状态：pending 待扫码确认，confirmed 已确认（可用 loginByWxMp 登录），unbound 已确认但该微信未绑定账号，taken 已登录，expired 已过期',
    query: z.strictObject({ scene: wxScene }),
    response: z.object({ status: z.enum(SCENE_STATES), expiresAt: f.isoTime }),
  },
  loginByWxGzh: {
    method: 'POST',
    access: 'public',
    identity: true,
    summary: '用微信公众号凭证登录已绑定该微信的账号；未绑定时说明如何绑定',
    body: z.strictObject({ ticket: wxTicket }),
    response: currentUser,
    rateLimit: authLimit,
  },
  loginByWxMp: {
    method: 'POST',
    access: 'public',
    identity: true,
    summary:
      '小程序登录：给出凭证则登录已绑定该微信的账号（同时给出 scene 时，也确认网页的扫码登录场景）；只给 scene 则取得手机上已确认的扫码登录',
    /** A ticket, a scene, or both (the phone confirming the web's scene); not neither. */
    body: z.strictObject({ ticket: wxTicket.optional(), scene: wxScene.optional() }),
    response: currentUser,
    rateLimit: authLimit,
  },
  loginByWxMpMobile: {
    method: 'POST',
    access: 'public',
    identity: true,
    summary: '用带微信验证手机号的凭证（wx/mp/authorizeMobile）登录该手机号的账号',
    body: z.strictObject({ ticket: wxTicket }),
    response: currentUser,
    rateLimit: authLimit,
  },
});
