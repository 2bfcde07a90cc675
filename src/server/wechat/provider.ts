/**
 * What the platform needs of WeChat (docs/decisions/admin-and-identity.md, "WeChat sign-in"): the
 * built-in sandbox (./sandbox.ts) stands in for it outside production; an adapter for WeChat's
 * own API (sns/oauth2/access_token, jscode2session, getuserphonenumber, wxacode.getunlimited)
 * goes behind the same face. Each code is WeChat's: it proves one identity once.
 */

/** One person on WeChat as an app sees them; unionid links the apps of one WeChat account. */
export interface WechatIdentity {
  openid: string;
  unionid: string | null;
}

export type WechatApp = 'gzh' | 'mp';

export interface WechatProvider {
  /** `sandbox`, or the adapter's name. */
  readonly name: string;
  /**
   * WeChat's authorization page for the 公众号, coming back to `redirect` (a path of this site,
   * reached at `origin`).
   */
  authorizeUrl(redirect: string, state: string, origin: string): string;
  /** The identity a code proves (公众号 web authorization, or wx.login); null when it proves none. */
  exchangeCode(app: WechatApp, code: string): Promise<WechatIdentity | null>;
  /** The mobile a phone-number code proves (the mini program's getPhoneNumber); null otherwise. */
  phoneNumber(code: string): Promise<string | null>;
  /** The picture the web shows for a sign-in scene (a data: URL), opened by the phone's WeChat. */
  sceneImage(scene: string, origin: string): Promise<string>;
}

/** WeChat as the platform holds it: the provider (null: not configured) and the 公众号 token. */
export interface Wechat {
  provider: WechatProvider | null;
  /** The token set in the 公众号's server settings, for verifyToken's signature. */
  gzhToken: string;
  /** PUBLIC_URL: the origin WeChat sends people back to; unset, the one a request reached. */
  publicUrl: string | undefined;
}
