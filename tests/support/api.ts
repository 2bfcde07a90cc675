import type { CallDef } from '../../src/contract/call.ts';
import {
  APP_ID,
  APP_ID_HEADER,
  API_PREFIX,
  ENVELOPE_KEY_HEADER,
} from '../../src/contract/envelope.ts';
import type { ResponseEnvelope } from '../../src/contract/envelope.ts';
import { CookieJar } from '../../src/transport/cookie-jar.ts';
import { createTransport } from '../../src/transport/client.ts';
import type { Transport } from '../../src/transport/client.ts';
import {
  channelSession,
  isSealedEnvelope,
  openClientChannel,
  openClientSession,
  sealRequest,
} from '../../src/transport/envelope-crypto.ts';
import type {
  EnvelopeChannel,
  EnvelopeSession,
  SealedEnvelope,
  ServerPublicKey,
} from '../../src/transport/envelope-crypto.ts';
import { toQueryString } from '../../src/transport/query-string.ts';
import { nodeSealer, perServerKey, webCryptoSealer } from './sealer.ts';
import type { Sealer, SealingSession } from './sealer.ts';

let nextClientAddress = 10;
/** A distinct made-up client address per test client: rate limits count per client. */
export const freshClientIp = () =>
  `10.77.${Math.floor(nextClientAddress / 250)}.${(nextClientAddress++ % 250) + 1}`;

/** The lead's SDK (src/transport/client.ts) against a test platform, as one client address. */
export function sdk(
  apiUrl: string,
  ip: string = freshClientIp(),
  options: { retryDelaysMs?: readonly number[] } = {},
): Transport {
  return createTransport({
    ...options,
    baseUrl: apiUrl,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-forwarded-for', ip);
      return fetch(input, { ...init, headers });
    },
  });
}

export interface RawAnswer<T = unknown> {
  status: number;
  body: ResponseEnvelope<T>;
  headers: Headers;
}

export interface SealOptions {
  /** Request timestamp; default now. */
  now?: number;
  nonce?: string;
  /** The envelope version to speak (docs/protocol.md §3); default 2, as the web app does. */
  version?: 1 | 2;
  /** Path bound inside the envelope; default the path the request goes to. */
  boundPath?: string;
  boundMethod?: string;
}

/**
 * A deliberately low-level client for the envelope and validation tests: it builds sealed
 * bodies itself so a test can tamper with them, replay them or send them elsewhere.
 */
export class RawClient {
  private serverKey: ServerPublicKey | undefined;
  private sealer: Sealer = webCryptoSealer();
  /** The WebCrypto channel `seal` uses (`call` has the sealer's own). */
  private readonly channel = perServerKey<EnvelopeChannel>(openClientChannel);
  private closeEachConnection = false;

  /** `jar`: share one with another client to act as the same session from another address. */
  constructor(
    readonly apiUrl: string,
    readonly ip: string = freshClientIp(),
    readonly jar: CookieJar = new CookieJar(),
  ) {}

  private get origin(): string {
    return new URL(this.apiUrl).origin;
  }

  /** Skips fetching the server's key again: for many short-lived clients of one server. */
  adoptKey(key: ServerPublicKey): this {
    this.serverKey = key;
    return this;
  }

  /**
   * Each call on a connection of its own, as many browsers would: a load balancer (or
   * API_PROCESSES' primary) picks a process per connection, never per request.
   */
  newConnectionPerCall(): this {
    this.closeEachConnection = true;
    return this;
  }

  /**
   * `call` seals and opens with node:crypto instead of WebCrypto, on the same wire: for the
   * tests that send tens of thousands of requests (tests/support/sealer.ts says why). Clients
   * given the same `sealer` share its channel, as calls from one browser tab do.
   */
  withNodeCrypto(sealer: Sealer = nodeSealer()): this {
    this.sealer = sealer;
    return this;
  }

  async publicKey(): Promise<ServerPublicKey> {
    if (!this.serverKey) {
      const answer = await this.send('GET', '/common/envelope/publicKey');
      this.serverKey = answer.body.data as ServerPublicKey;
    }
    return this.serverKey;
  }

  /** Seals `body` for `method path` (path below /xinao/api). */
  async seal(
    method: string,
    path: string,
    body: unknown,
    options: SealOptions = {},
  ): Promise<{ session: EnvelopeSession; sealed: SealedEnvelope }> {
    const server = await this.publicKey();
    let session: EnvelopeSession;
    if (options.version === 1) {
      session = await openClientSession(server);
    } else {
      // Bound to where it is sent (its answer too), not to a tampered boundPath.
      session = await channelSession(await this.channel(server), {
        method,
        path: API_PREFIX + path.split('?')[0],
      });
    }
    const sealed = await sealRequest(session, {
      method: options.boundMethod ?? method,
      path: options.boundPath ?? API_PREFIX + path,
      body,
      now: options.now ?? Date.now(),
      ...(options.nonce ? { nonce: options.nonce } : {}),
    });
    return { session, sealed };
  }

  /** Sends exactly what it is given: `rawBody` as is (string) or JSON-encoded. */
  async send<T = unknown>(
    method: string,
    pathAndQuery: string,
    options: { rawBody?: unknown; headers?: Record<string, string>; appId?: string | null } = {},
  ): Promise<RawAnswer<T>> {
    const headers = new Headers(options.headers);
    headers.set('x-forwarded-for', this.ip);
    if (this.closeEachConnection) headers.set('connection', 'close');
    if (options.appId !== null) headers.set(APP_ID_HEADER, options.appId ?? APP_ID);
    const cookie = this.jar.header();
    if (cookie) headers.set('cookie', cookie);
    let payload: string | undefined;
    if (options.rawBody !== undefined) {
      payload =
        typeof options.rawBody === 'string' ? options.rawBody : JSON.stringify(options.rawBody);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const response = await fetch(this.apiUrl + pathAndQuery, { method, headers, body: payload });
    this.jar.store(response);
    const text = await response.text();
    let body: ResponseEnvelope<T>;
    try {
      body = JSON.parse(text) as ResponseEnvelope<T>;
    } catch {
      throw new Error(`not JSON (HTTP ${response.status}): ${text.slice(0, 200)}`);
    }
    return { status: response.status, body, headers: response.headers };
  }

  /**
   * Makes a contract call through the envelope like a real client, without throwing on
   * failure: the answer's data is decrypted when sealed.
   */
  async call<T = unknown>(
    def: CallDef,
    input: { query?: Record<string, unknown>; body?: unknown } = {},
  ): Promise<RawAnswer<T>> {
    const path = def.path === '/' ? '' : def.path;
    const pathAndQuery = path + toQueryString(input.query);
    // A provider's notification travels plain, as a provider sends it (docs/payments.md).
    if (def.requestKind === 'notify') {
      // A GET one (WeChat's server check) has its fields in the query string and no body.
      if (def.method === 'GET' && input.body === undefined) {
        return this.send<T>(def.method, pathAndQuery, { appId: null });
      }
      return this.send<T>(def.method, pathAndQuery, { rawBody: input.body ?? {}, appId: null });
    }
    const session = await this.sealer(await this.publicKey(), {
      method: def.method,
      path: API_PREFIX + encodeURI(path),
    });
    if (def.method !== 'GET' && input.body !== undefined) {
      // Sealed for the path as it travels: a template's braces are percent-encoded on the wire.
      const sealed = await session.seal({
        method: def.method,
        path: API_PREFIX + encodeURI(path),
        body: input.body,
        now: Date.now(),
      });
      return this.unseal(
        session,
        await this.send<T>(def.method, pathAndQuery, { rawBody: sealed }),
      );
    }
    return this.unseal(
      session,
      await this.send<T>(def.method, pathAndQuery, {
        headers: { [ENVELOPE_KEY_HEADER]: session.key },
      }),
    );
  }

  private async unseal<T>(session: SealingSession, answer: RawAnswer<T>): Promise<RawAnswer<T>> {
    if (answer.body.success && isSealedEnvelope(answer.body.data)) {
      answer.body.data = (await session.open(answer.body.data)) as T;
    }
    return answer;
  }

  /** Plain (unsealed) GET of any path on the server, e.g. /web/settings.json. */
  async getPage(path: string): Promise<Response> {
    return fetch(this.origin + path, { redirect: 'manual' });
  }
}
