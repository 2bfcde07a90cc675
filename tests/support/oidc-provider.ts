/**
 * A real OpenID provider in the test process (oidc-provider, the certified implementation), for
 * single sign-on tests: one client (this platform), people by login name, and a browser's walk
 * through its login and consent pages (its development interactions) to the platform's callback.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { CookieJar } from '../../src/transport/cookie-jar.ts';

export interface TestIdentityProvider {
  issuer: string;
  /** Signs in at the provider as `login` from the authorization URL; the callback's URL. */
  signIn(authorizeUrl: string, login: string): Promise<URL>;
  stop(): Promise<void>;
}

export type Person = Record<string, unknown>;

export async function startIdentityProvider(options: {
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  people: Record<string, Person>;
}): Promise<TestIdentityProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    // Scope claims in the ID token itself, as school directories commonly send them.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      phone: ['phone_number', 'phone_number_verified'],
      profile: ['preferred_username', 'name'],
    },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, ...options.people[id] }),
    }),
    cookies: { keys: ['xinao-test-idp'] },
  });
  // A provider's own failure would otherwise be only "oops! something went wrong".
  provider.on('server_error', (_ctx: unknown, error: Error) => {
    console.error('identity provider:', error);
  });
  const server: Server = provider.listen(options.port);
  await new Promise<void>((resolve) => server.once('listening', resolve));

  return {
    issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,

    async signIn(authorizeUrl, login) {
      const jar = new CookieJar();
      let url = new URL(authorizeUrl);
      let body: string | undefined;
      for (let hop = 0; hop < 12; hop++) {
        const headers: Record<string, string> = {};
        const cookie = jar.header();
        if (cookie) headers.cookie = cookie;
        if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
        const response = await fetch(url, {
          method: body ? 'POST' : 'GET',
          headers,
          body,
          redirect: 'manual',
        });
        jar.store(response);
        body = undefined;
        const location = response.headers.get('location');
        if (location) {
          url = new URL(location, url);
          if (url.toString().startsWith(options.redirectUri)) return url;
          continue;
        }
        // An interaction page: log in as `login`, then give consent.
        const html = await response.text();
        const action = /action="([^"]+)"/.exec(html)?.[1];
        if (!action)
          throw new Error(`identity provider page without a form: ${html.slice(0, 200)}`);
        url = new URL(action, url);
        const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
        body = new URLSearchParams(
          prompt === 'login' ? { prompt, login, password: 'any' } : { prompt: prompt ?? 'consent' },
        ).toString();
      }
      throw new Error('too many hops at the identity provider');
    },

    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
