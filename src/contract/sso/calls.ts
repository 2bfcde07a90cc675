/**
 * Single sign-on (issue 27 item 7; server/sso/, docs/decisions/admin-and-identity.md "Single
 * sign-on"): OpenID Connect's authorization code flow with PKCE against the school's identity
 * provider, configured by settings. The browser goes to the provider from `sso/authorizeUrl`
 * and comes back to /web/sso/callback, which hands the code and state to `ssoAuth`. An account
 * is linked by a claim the provider verified; none is ever created here.
 */
import { z } from 'zod';
import { defineCalls } from '../call.ts';
import { currentUser } from '../accounts/calls.ts';

const authLimit = { max: 10, timeWindowMs: 60_000 };

export const sso = defineCalls({
  ssoAuth: {
    method: 'POST',
    access: 'public',
    identity: true,
    summary:
      '单点登录回调：用身份提供方返回的 code 与 state 完成登录（state 不符、code 已用过、令牌过期或签名不对都拒绝）；按设置指定的已验证声明关联已有账号',
    body: z.strictObject({
      code: z.string('缺少 code').min(1, '缺少 code').max(2048),
      state: z.string('缺少 state').regex(/^[A-Za-z0-9_-]{16,128}$/, 'state 格式不正确'),
      /** RFC 9207: the issuer that answered, when the provider says it. */
      iss: z.string().max(512).optional(),
    }),
    response: currentUser,
    rateLimit: authLimit,
  },
  /** An addition to the catalogue: whether single sign-on is configured, and its button's name. */
  'sso.queryConfig': {
    method: 'GET',
    access: 'public',
    summary: '单点登录是否已配置，以及登录按钮上的名称',
    response: z.object({ enabled: z.boolean(), name: z.string() }),
  },
  /** An addition to the catalogue: where to send the browser to sign in at the provider. */
  'sso.authorizeUrl': {
    method: 'GET',
    access: 'public',
    summary:
      '前往身份提供方登录的地址（每次新建一次登录请求：state、nonce 与 PKCE，10 分钟内有效）',
    response: z.object({ url: z.string() }),
    rateLimit: authLimit,
  },
});
