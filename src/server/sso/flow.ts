/**
 * The sign-in at the identity provider (docs/decisions/admin-and-identity.md, "Single sign-on"),
 * with openid-client: discovery once (again after a failure), an authorization request with
 * state, nonce and PKCE (S256) kept in sso_requests for 10 minutes and spent once, and the
 * code exchanged and its ID token checked (issuer, audience, signature, expiry, nonce) before
 * anyone is signed in. The person is linked by issuer and subject, or at the first sign-in by
 * the verified claim the settings name; an account is created only when SSO_CREATE_IN names
 * the organization it joins.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { createStudentAccount } from '../accounts/users.ts';
import { withTransaction, type Pool, type Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { LINK_CLAIMS, type SsoSettings } from './settings.ts';

const REQUEST_TTL_SEC = 600;
export const SSO_CALLBACK_PATH = '/web/sso/callback';

export interface SsoService {
  readonly name: string;
  start(origin: string): Promise<string>;
  /** The account the provider's answer signs in; refused (403) when anything does not check. */
  finish(origin: string, answer: { code: string; state: string; iss?: string }): Promise<number>;
}

export function createSsoService(pool: Pool, settings: SsoSettings): SsoService {
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        {
          client_secret: settings.clientSecret,
          ...(settings.clockSkewSec ? { [oidc.clockSkew]: settings.clockSkewSec } : {}),
        },
        undefined,
        settings.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = null;
        throw fail('CONFLICT', `无法连接统一身份认证服务：${(error as Error).message}`);
      });
    return discovered;
  };

  return {
    name: settings.name,

    async start(origin) {
      const config = await configuration();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const verifier = oidc.randomPKCECodeVerifier();
      const redirectUri = `${origin}${SSO_CALLBACK_PATH}`;
      await pool.query(
        `INSERT INTO sso_requests (state, nonce, code_verifier, redirect_uri, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
        [state, nonce, verifier, redirectUri, REQUEST_TTL_SEC],
      );
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: 'openid email phone profile',
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        })
        .toString();
    },

    async finish(origin, answer) {
      const config = await configuration();
      const { rows } = await pool.query<{
        nonce: string;
        code_verifier: string;
        redirect_uri: string;
      }>(
        `UPDATE sso_requests SET used_at = now()
          WHERE state = $1 AND used_at IS NULL AND expires_at > now()
          RETURNING nonce, code_verifier, redirect_uri`,
        [answer.state],
      );
      const pending = rows[0];
      if (!pending || !pending.redirect_uri.startsWith(origin)) {
        throw fail('FORBIDDEN', '登录请求无效或已过期（state 不符），请重新登录');
      }
      const callback = new URL(pending.redirect_uri);
      callback.searchParams.set('code', answer.code);
      callback.searchParams.set('state', answer.state);
      if (answer.iss) callback.searchParams.set('iss', answer.iss);
      let claims: oidc.IDToken;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: pending.code_verifier,
          expectedState: answer.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims()!;
      } catch (error) {
        throw fail('FORBIDDEN', `单点登录失败：${(error as Error).message}`);
      }
      return linkedUser(pool, settings, claims);
    },
  };
}

async function linkedUser(pool: Pool, settings: SsoSettings, claims: oidc.IDToken) {
  const { iss, sub } = claims;
  const linked = await pool.query<{ user_id: number }>(
    'SELECT user_id FROM user_sso WHERE issuer = $1 AND subject = $2',
    [iss, sub],
  );
  if (linked.rows[0]) return linked.rows[0].user_id;
  const rule = LINK_CLAIMS[settings.linkClaim];
  const claimed = claims[settings.linkClaim];
  // OpenID's phone_number is E.164 (+86 138…): accounts here hold the 11 digits.
  const value =
    settings.linkClaim === 'phone_number' && typeof claimed === 'string'
      ? mainlandMobile(claimed)
      : claimed;
  if (
    typeof value !== 'string' ||
    !value ||
    (rule.verifiedBy && claims[rule.verifiedBy] !== true)
  ) {
    throw fail('FORBIDDEN', `身份提供方没有给出已验证的 ${settings.linkClaim}，无法关联账号`);
  }
  const found = await pool.query<{ id: number }>(
    `SELECT u.id FROM users u WHERE ${rule.column} LIMIT 2`,
    [value],
  );
  if (found.rows.length > 1) {
    throw fail('NOT_FOUND', `有多个账号与该身份（${settings.linkClaim}）对应，请联系管理员处理`);
  }
  return withTransaction(pool, async (db) => {
    const userId = found.rows[0]?.id ?? (await createAccount(db, settings, claims, value)).userId;
    await db.query(
      `INSERT INTO user_sso (user_id, issuer, subject) VALUES ($1, $2, $3)
       ON CONFLICT (issuer, subject) DO NOTHING`,
      [userId, iss, sub],
    );
    return userId;
  });
}

/** A mainland mobile as accounts hold it, from +86 138 0000 0001, 0086…, or the 11 digits. */
function mainlandMobile(claimed: string): string {
  return claimed.replace(/[\s-]/g, '').replace(/^(\+86|0086)/, '');
}

/**
 * A person the provider vouches for, with no account here: a student of SSO_CREATE_IN when the
 * settings allow it. The account holds the linking claim (so it links again by it), a nickname
 * from the provider's name, and a password nobody knows: they sign in through the provider, or
 * set one with 忘记密码 by a mobile.
 */
async function createAccount(
  db: Queryable,
  settings: SsoSettings,
  claims: oidc.IDToken,
  value: string,
) {
  if (!settings.createIn) {
    throw fail('NOT_FOUND', `没有与该身份（${settings.linkClaim}）对应的账号，请联系管理员开通`);
  }
  const organization = await db.query<{ id: number }>(
    `SELECT id FROM organizations WHERE name = $1 AND status = 'active'`,
    [settings.createIn],
  );
  const organizationId = organization.rows[0]?.id;
  if (organizationId === undefined) {
    throw fail('CONFLICT', `单点登录新账号所属的机构「${settings.createIn}」不存在或已停用`);
  }
  const byUsername = settings.linkClaim === 'preferred_username';
  if (byUsername && !/^[A-Za-z0-9_]{3,32}$/.test(value)) {
    throw fail('FORBIDDEN', `身份提供方的用户名「${value}」不能用作本平台的用户名`);
  }
  // The account must hold what links it, or the next sign-in would make another one.
  if (settings.linkClaim === 'phone_number' && !/^1\d{10}$/.test(value)) {
    throw fail('FORBIDDEN', `身份提供方的手机号「${value}」不是本平台支持的手机号，无法开通账号`);
  }
  const named = typeof claims.name === 'string' ? claims.name.trim().slice(0, 32) : '';
  const digest = createHash('sha256').update(`${claims.iss}\n${claims.sub}`).digest('hex');
  const username = byUsername ? value : `sso_${digest.slice(0, 12)}`;
  return createStudentAccount(db, {
    username,
    password: randomBytes(24).toString('base64url'),
    nickname: named || (byUsername ? value : '新同学'),
    organizationId,
    email: settings.linkClaim === 'email' ? value : null,
    mobile: settings.linkClaim === 'phone_number' ? value : null,
  });
}
