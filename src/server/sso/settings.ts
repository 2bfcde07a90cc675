/**
 * Single sign-on's settings (README "Single sign-on"): the provider's issuer, this platform's
 * client id and secret there, the verified claim that links a provider's person to an account
 * here, the organization a person without an account joins (if any), and the button's name.
 * Unset issuer: single sign-on is off.
 */

/** Which claim links a person, and the claim that says the provider verified it (if any). */
export const LINK_CLAIMS = {
  email: { verifiedBy: 'email_verified', column: 'lower(u.email) = lower($1)' },
  phone_number: { verifiedBy: 'phone_number_verified', column: 'u.mobile = $1' },
  // A school directory's login name is verified by the directory itself: there is no flag.
  preferred_username: { verifiedBy: null, column: 'lower(u.username) = lower($1)' },
} as const;

export type LinkClaim = keyof typeof LINK_CLAIMS;

export interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  linkClaim: LinkClaim;
  /** The login button's name, e.g. 统一身份认证. */
  name: string;
  /**
   * SSO_CREATE_IN: the name of the organization a person with no account here joins as a
   * student at their first sign-in; unset, nobody gets an account this way.
   */
  createIn: string | null;
  /** Plain http to the provider (a provider on this machine, tests); never in production. */
  allowHttp: boolean;
  /** Seconds this server's clock is taken to be ahead (tests of an expired token only). */
  clockSkewSec?: number;
}

export function parseSsoSettings(
  env: NodeJS.ProcessEnv,
  nodeEnv: 'development' | 'production' | 'test',
): SsoSettings | null {
  const issuer = env.SSO_ISSUER;
  if (!issuer) return null;
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`SSO_ISSUER must be the provider's issuer URL, got "${issuer}"`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && nodeEnv !== 'production')) {
    throw new Error(`SSO_ISSUER must use https in production, got "${issuer}"`);
  }
  if (!env.SSO_CLIENT_ID || !env.SSO_CLIENT_SECRET) {
    throw new Error('SSO_ISSUER is set: SSO_CLIENT_ID and SSO_CLIENT_SECRET are needed too');
  }
  const linkClaim = (env.SSO_LINK_CLAIM || 'email') as LinkClaim;
  if (!(linkClaim in LINK_CLAIMS)) {
    throw new Error(
      `SSO_LINK_CLAIM must be one of ${Object.keys(LINK_CLAIMS).join(', ')}, got "${linkClaim}"`,
    );
  }
  return {
    issuer,
    clientId: env.SSO_CLIENT_ID,
    clientSecret: env.SSO_CLIENT_SECRET,
    linkClaim,
    name: env.SSO_NAME || '统一身份认证',
    createIn: env.SSO_CREATE_IN?.trim() || null,
    allowHttp: url.protocol === 'http:',
  };
}
