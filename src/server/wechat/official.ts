/**
 * WeChat itself behind the provider's face (docs/decisions/admin-and-identity.md, "WeChat
 * sign-in"; WECHAT_PROVIDER=wechat): the 公众号's web authorization (snsapi_base) and its code
 * exchange, the mini program's jscode2session, getuserphonenumber and getwxacodeunlimit. The
 * mini program's access token comes from `cgi-bin/stable_token`, which hands every caller the
 * same token, so several API processes never invalidate one another's.
 */
import { fail } from '../http/app-error.ts';
import type { WechatApp, WechatIdentity, WechatProvider } from './provider.ts';

export interface WechatAppCredentials {
  appId: string;
  secret: string;
}

export interface WechatApiSettings {
  /** The 公众号 (WECHAT_GZH_APPID, WECHAT_GZH_SECRET); null: not configured. */
  gzh: WechatAppCredentials | null;
  /** The mini program (WECHAT_MP_APPID, WECHAT_MP_SECRET); null: not configured. */
  mp: (WechatAppCredentials & { scanPage: string | null }) | null;
  /** WECHAT_API_BASE: https://api.weixin.qq.com, or a proxy in front of it. */
  apiBase: string;
  /** WECHAT_OPEN_BASE: https://open.weixin.qq.com (the authorization page). */
  openBase: string;
}

export const WECHAT_API_BASE = 'https://api.weixin.qq.com';
export const WECHAT_OPEN_BASE = 'https://open.weixin.qq.com';

/** WeChat's errcodes that mean the code proves nothing: invalid, used, or a refused user. */
const CODE_REFUSED = new Set([40029, 40163, 40226]);
/** The access token expired or was replaced: ask for it again once. */
const TOKEN_STALE = new Set([40001, 42001]);
/** Renew the token this long before WeChat says it ends. */
const TOKEN_MARGIN_MS = 5 * 60_000;
const CALL_TIMEOUT_MS = 10_000;

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
}

const NAMES: Record<WechatApp, string> = { gzh: '公众号', mp: '小程序' };

export function createOfficialWechat(
  settings: WechatApiSettings,
  fetchImpl: typeof fetch = fetch,
): WechatProvider {
  const notConfigured = (app: WechatApp) =>
    fail('CONFLICT', `本平台未配置微信${NAMES[app]}（WECHAT_${app.toUpperCase()}_APPID）`);
  const credentials = (app: WechatApp): WechatAppCredentials => {
    const set = settings[app];
    if (!set) throw notConfigured(app);
    return set;
  };
  const miniProgram = () => {
    if (!settings.mp) throw notConfigured('mp');
    return settings.mp;
  };

  async function call(path: string, init?: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(`${settings.apiBase}${path}`, {
        ...init,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch {
      throw fail('SERVICE_UNAVAILABLE', '无法连接微信服务器，请稍后再试');
    }
  }

  async function json<T extends WechatAnswer>(path: string, init?: RequestInit): Promise<T> {
    const answer = await call(path, init);
    if (!answer.ok) throw fail('SERVICE_UNAVAILABLE', `微信服务器应答 HTTP ${answer.status}`);
    return (await answer.json()) as T;
  }

  // Busy (-1) and over the frequency limit (45011) pass; anything else is this platform's
  // settings (appid, secret, the server's IP not allowed…), which retrying will not mend.
  const refusedBy = (answer: WechatAnswer) =>
    answer.errcode === -1 || answer.errcode === 45011
      ? fail('SERVICE_UNAVAILABLE', `微信接口繁忙（${answer.errcode}：${answer.errmsg ?? ''}）`)
      : fail(
          'NOT_CONFIGURED',
          `微信接口拒绝（${answer.errcode}：${answer.errmsg ?? ''}），请检查本平台的微信配置`,
        );

  let token: { value: string; until: number } | null = null;
  async function accessToken(renew = false): Promise<string> {
    if (!renew && token && token.until > Date.now()) return token.value;
    const mp = miniProgram();
    const answer = await json<WechatAnswer & { access_token?: string; expires_in?: number }>(
      '/cgi-bin/stable_token',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credential',
          appid: mp.appId,
          secret: mp.secret,
          force_refresh: false,
        }),
      },
    );
    if (!answer.access_token) throw refusedBy(answer);
    token = {
      value: answer.access_token,
      until: Date.now() + (answer.expires_in ?? 7200) * 1000 - TOKEN_MARGIN_MS,
    };
    return token.value;
  }

  /** A mini program call with its access token, asked again once if WeChat says it went stale. */
  async function withToken(path: string, body: unknown): Promise<Response> {
    for (const renew of [false, true]) {
      const answer = await call(
        `${path}?access_token=${encodeURIComponent(await accessToken(renew))}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
      );
      if (!answer.headers.get('content-type')?.includes('json')) return answer;
      const copy = answer.clone();
      const read = (await copy.json()) as WechatAnswer;
      if (!renew && read.errcode !== undefined && TOKEN_STALE.has(read.errcode)) continue;
      return answer;
    }
    throw fail('SERVICE_UNAVAILABLE', '微信接口凭证无效，请检查小程序的 AppSecret');
  }

  return {
    name: 'wechat',

    authorizeUrl(redirect, state, origin) {
      const gzh = credentials('gzh');
      // WeChat reads these parameters in this order, and the fragment is required.
      return (
        `${settings.openBase}/connect/oauth2/authorize?appid=${encodeURIComponent(gzh.appId)}` +
        `&redirect_uri=${encodeURIComponent(`${origin}${redirect}`)}` +
        `&response_type=code&scope=snsapi_base&state=${encodeURIComponent(state)}#wechat_redirect`
      );
    },

    async exchangeCode(app, code) {
      const { appId, secret } = credentials(app);
      const query = new URLSearchParams({
        appid: appId,
        secret,
        [app === 'gzh' ? 'code' : 'js_code']: code,
        grant_type: 'authorization_code',
      });
      const path = app === 'gzh' ? '/sns/oauth2/access_token' : '/sns/jscode2session';
      const answer = await json<WechatAnswer & { openid?: string; unionid?: string }>(
        `${path}?${query}`,
      );
      if (answer.errcode && CODE_REFUSED.has(answer.errcode)) return null;
      if (!answer.openid) throw refusedBy(answer);
      return { openid: answer.openid, unionid: answer.unionid ?? null } satisfies WechatIdentity;
    },

    async phoneNumber(code) {
      const response = await withToken('/wxa/business/getuserphonenumber', { code });
      if (!response.ok || !response.headers.get('content-type')?.includes('json')) {
        throw fail('SERVICE_UNAVAILABLE', `微信服务器应答异常（HTTP ${response.status}）`);
      }
      const answer = (await response.json()) as WechatAnswer & {
        phone_info?: { purePhoneNumber?: string; countryCode?: string };
      };
      if (answer.errcode && CODE_REFUSED.has(answer.errcode)) return null;
      if (answer.errcode || !answer.phone_info) throw refusedBy(answer);
      // Accounts here hold mainland mobiles; another country's number finds none of them.
      const { purePhoneNumber, countryCode } = answer.phone_info;
      return countryCode === '86' && purePhoneNumber ? purePhoneNumber : null;
    },

    async sceneImage(scene) {
      const page = miniProgram().scanPage;
      const answer = await withToken('/wxa/getwxacodeunlimit', {
        scene,
        ...(page ? { page, check_path: false } : {}),
      });
      const type = answer.headers.get('content-type') ?? '';
      if (type.includes('json')) throw refusedBy((await answer.json()) as WechatAnswer);
      // A proxy's error page is not a picture: said, not shown as the code.
      if (!answer.ok || !type.startsWith('image/')) {
        throw fail('SERVICE_UNAVAILABLE', `微信服务器应答异常（HTTP ${answer.status}）`);
      }
      const bytes = Buffer.from(await answer.arrayBuffer());
      return `data:${type.split(';')[0]};base64,${bytes.toString('base64')}`;
    },
  };
}
