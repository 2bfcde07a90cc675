/**
 * The built-in WeChat sandbox (docs/decisions/admin-and-identity.md, "WeChat sign-in"): it hands
 * out codes as WeChat would — from its authorization page (公众号), from the stand-in for the
 * WeChat app's wx.login and getPhoneNumber (小程序), and from the phone page a scanned sign-in
 * code opens — and exchanges each once. A sandbox WeChat user is a name typed on its pages: the
 * same name is the same person in both apps (one unionid, an openid per app). Anyone may
 * confirm anything here, so it is off in production unless WECHAT_PROVIDER says otherwise.
 */
import { createHash, randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { Queryable } from '../db/pool.ts';
import type { WechatApp, WechatIdentity, WechatProvider } from './provider.ts';

export const SANDBOX_WECHAT_PREFIX = '/sandbox-wx';
/** How long a sandbox code may wait for its exchange (WeChat's: 5 minutes). */
const CODE_TTL_MS = 5 * 60_000;

type CodeKind = WechatApp | 'phone';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** The identity a sandbox user has in an app: stable for the name, different per app. */
export function sandboxIdentity(app: WechatApp, nickname: string): WechatIdentity {
  return {
    openid: `o${digest(`${app}:${nickname}`).slice(0, 27)}`,
    unionid: `u${digest(`union:${nickname}`).slice(0, 27)}`,
  };
}

export interface SandboxWechat extends WechatProvider {
  /** A code as WeChat would hand it to the app for this sandbox user (or mobile, for `phone`). */
  issueCode(kind: CodeKind, who: { nickname?: string; mobile?: string }): Promise<string>;
}

export function createSandboxWechat(db: Queryable): SandboxWechat {
  /** Spends a code of `kind` once; null when unknown, of another kind, used or expired. */
  async function spend(kind: CodeKind, code: string) {
    const { rows } = await db.query<{ nickname: string | null; mobile: string | null }>(
      `UPDATE sandbox_wechat_codes SET used_at = now()
        WHERE code = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING nickname, mobile`,
      [code, kind],
    );
    return rows[0] ?? null;
  }

  return {
    name: 'sandbox',

    async issueCode(kind, who) {
      const code = randomBytes(16).toString('hex');
      await db.query(
        `INSERT INTO sandbox_wechat_codes (code, kind, nickname, mobile, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
        [code, kind, who.nickname ?? null, who.mobile ?? null, CODE_TTL_MS / 1000],
      );
      return code;
    },

    authorizeUrl(redirect, state) {
      return `${SANDBOX_WECHAT_PREFIX}/authorize?${new URLSearchParams({ redirect_uri: redirect, state })}`;
    },

    async exchangeCode(app, code) {
      const row = await spend(app, code);
      return row?.nickname ? sandboxIdentity(app, row.nickname) : null;
    },

    async phoneNumber(code) {
      return (await spend('phone', code))?.mobile ?? null;
    },

    async sceneImage(scene, origin) {
      const svg = await QRCode.toString(`${origin}${SANDBOX_WECHAT_PREFIX}/scan/${scene}`, {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
      });
      return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    },
  };
}
