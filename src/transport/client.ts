import { DOWNLOAD_NOTES_HEADER } from '../contract/call.ts';
import type { CallBody, CallQuery, CallRef, CallResult } from '../contract/call.ts';
import {
  APP_ID,
  APP_ID_HEADER,
  ENVELOPE_KEY_HEADER,
  type ResponseEnvelope,
} from '../contract/envelope.ts';
import { ErrorCode, envelopeMessages } from '../contract/errors.ts';
import { system } from '../contract/system/refs.ts';
import { CookieJar } from './cookie-jar.ts';
import {
  downloadNotes,
  fileNameFromDisposition,
  saveInBrowser,
  type DownloadedFile,
} from './download.ts';
import {
  CHANNEL_LIFETIME_MS,
  EnvelopeError,
  channelSession,
  isSealedEnvelope,
  openClientChannel,
  openResponse,
  sealRequest,
  type EnvelopeChannel,
  type EnvelopeSession,
  type ServerPublicKey,
} from './envelope-crypto.ts';
import {
  ApiError,
  FALLBACK_MESSAGE,
  decryptionError,
  signatureError,
  transportMessages,
} from './errors.ts';
import { fillPath, toQueryString } from './query-string.ts';

/** Request timeout of every call (docs/product-rules.md#requests). */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Pauses before trying a call again that the server answered 503 SERVICE_UNAVAILABLE (its
 * database restarting; nothing was done): about 15 s in all, then the failure is shown.
 */
export const UNAVAILABLE_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000];

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Test-case archives (question exportCase). */
const ZIP_TYPE = 'application/zip';

/** One line of the event log per answered (or failed) call. */
export interface TransportRecord {
  callId: string;
  method: string;
  path: string;
  status: number | null;
  ok: boolean;
  code: number;
  durationMs: number;
  data?: unknown;
  message?: string;
}

export interface TransportOptions {
  /** API root, e.g. `/xinao/api` in the browser or `http://localhost:8080/xinao/api` in Node. */
  baseUrl: string;
  appId?: string;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
  /** Shows a failure to the user (the red 提示 notification); not called for skipped calls. */
  onError?: (error: ApiError, call: CallRef) => void;
  /** Appends each answered call to the event log. */
  onRecord?: (record: TransportRecord) => void;
  /** Where spreadsheet downloads go; defaults to a browser download. */
  onDownload?: (file: DownloadedFile) => void;
  /** Pauses between tries after a 503 (default UNAVAILABLE_RETRY_DELAYS_MS; [] for none). */
  retryDelaysMs?: readonly number[];
}

export interface CallOptions<C extends CallRef> {
  query?: CallQuery<C>;
  body?: CallBody<C>;
  params?: Record<string, string | number>;
  /** Rethrow failures without a notification (docs/product-rules.md#errors). */
  skipErrorHandler?: boolean;
  signal?: AbortSignal;
}

export interface Transport {
  call<C extends CallRef>(def: C, options?: CallOptions<C>): Promise<CallResult<C>>;
  /**
   * Raw event-stream response for a streaming call (passed through unchanged,
   * docs/product-rules.md#requests).
   */
  stream<C extends CallRef>(def: C, options?: CallOptions<C>): Promise<Response>;
  /** Forget the cached server key (after the server rotated it). */
  resetKey(): void;
  /** Node only: the session cookie jar. */
  readonly cookies: CookieJar | null;
}

/** Uploads go as multipart and unencrypted (docs/product-rules.md#requests). */
export const isUploadPath = (path: string) => path.endsWith('common/file/upload');

function hasBody(def: CallRef, body: unknown): boolean {
  return def.method !== 'GET' && body !== undefined;
}

const abortedError = () => new ApiError(transportMessages.aborted, 0, 'transport', undefined);

/** The shared key fetch must not hang a call its caller already gave up on. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortedError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export function createTransport(options: TransportOptions): Transport {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const appId = options.appId ?? APP_ID;
  const jar = typeof document === 'undefined' ? new CookieJar() : null;
  let serverKey: Promise<ServerPublicKey> | null = null;
  // One key agreement serves every call until it is CHANNEL_LIFETIME_MS old or the server's
  // key changes (docs/protocol.md, "Channels").
  let channel: { opening: Promise<EnvelopeChannel>; openedAt: number; prefix?: string } | null =
    null;
  const forgetKey = () => {
    serverKey = null;
    channel = null;
  };

  async function send(path: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set(APP_ID_HEADER, appId);
    const cookie = jar?.header();
    if (cookie) headers.set('cookie', cookie);
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const abortFromCaller = () => timeout.abort();
    signal?.addEventListener('abort', abortFromCaller);
    try {
      const response = await doFetch(options.baseUrl + path, {
        ...init,
        headers,
        credentials: 'same-origin',
        signal: timeout.signal,
      });
      jar?.store(response);
      return response;
    } catch {
      if (signal?.aborted) throw abortedError();
      if (timeout.signal.aborted) {
        throw new ApiError(transportMessages.timeout(timeoutMs), 0, 'transport', undefined);
      }
      throw new ApiError(transportMessages.network, 0, 'transport', undefined);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abortFromCaller);
    }
  }

  function fetchServerKey(): Promise<ServerPublicKey> {
    serverKey ??= (async () => {
      const response = await send(system['common.envelope.publicKey'].path, { method: 'GET' });
      const envelope = (await response.json()) as ResponseEnvelope<ServerPublicKey>;
      if (!envelope.success || !envelope.data) {
        throw new ApiError(envelope.message || FALLBACK_MESSAGE, envelope.code, 'api', 400);
      }
      return envelope.data;
    })().catch((error: unknown) => {
      serverKey = null;
      throw error;
    });
    return serverKey;
  }

  function currentChannel(signal: AbortSignal | undefined): Promise<EnvelopeChannel> {
    if (!channel || now() - channel.openedAt >= CHANNEL_LIFETIME_MS) {
      const entry: NonNullable<typeof channel> = {
        opening: (async () => openClientChannel(await fetchServerKey()))(),
        openedAt: now(),
      };
      channel = entry;
      entry.opening.then(
        (opened) => {
          entry.prefix = opened.prefix;
        },
        () => {
          if (channel === entry) channel = null;
        },
      );
    }
    return abortable(channel.opening, signal);
  }

  async function prepare(
    def: CallRef,
    opts: CallOptions<CallRef>,
  ): Promise<{ path: string; init: RequestInit; session: EnvelopeSession | null }> {
    const path =
      fillPath(def.path, opts.params) + toQueryString(opts.query as Record<string, unknown>);
    const init: RequestInit = { method: def.method, headers: {} };
    // Uploads and multipart calls send FormData as is, never sealed
    // (docs/product-rules.md#requests).
    if (isUploadPath(def.path) || def.requestKind === 'multipart') {
      init.body = opts.body as FormData;
      return { path, init, session: null };
    }
    // The URL's pathname as the server reads it: the request and its answer are bound to it.
    const pathOnly = options.baseUrl.replace(/^https?:\/\/[^/]+/, '') + path.split('?')[0];
    const session = await channelSession(await currentChannel(opts.signal), {
      method: def.method,
      path: pathOnly,
    });
    const headers = init.headers as Record<string, string>;
    if (hasBody(def, opts.body)) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(
        await sealRequest(session, {
          method: def.method,
          path: pathOnly,
          body: opts.body,
          now: now(),
        }),
      );
    } else {
      headers[ENVELOPE_KEY_HEADER] = session.key;
    }
    return { path, init, session };
  }

  async function unwrap(
    def: CallRef,
    response: Response,
    session: EnvelopeSession | null,
  ): Promise<{ data: unknown; code: number }> {
    const contentType = response.headers.get('content-type') ?? '';
    const zip = contentType.includes(ZIP_TYPE) || def.responseKind === 'zip';
    // A download of a named type: anything but the JSON envelope it answers when it fails.
    const named = def.responseKind === 'download' && !contentType.includes('json');
    if (
      response.ok &&
      (zip || named || contentType.includes(XLSX_TYPE) || def.responseKind === 'xlsx')
    ) {
      const file: DownloadedFile = {
        fileName: fileNameFromDisposition(
          response.headers.get('content-disposition'),
          `${def.id}.${zip ? 'zip' : named ? 'bin' : 'xlsx'}`,
        ),
        bytes: new Uint8Array(await response.arrayBuffer()),
        contentType: contentType || (zip ? ZIP_TYPE : XLSX_TYPE),
      };
      const notes = downloadNotes(response.headers.get(DOWNLOAD_NOTES_HEADER));
      if (notes) file.notes = notes;
      (options.onDownload ?? saveInBrowser)(file);
      return { data: file, code: ErrorCode.OK };
    }
    let envelope: ResponseEnvelope<unknown> | null = null;
    if (contentType.includes('json')) {
      try {
        envelope = (await response.json()) as ResponseEnvelope<unknown>;
      } catch {
        envelope = null;
      }
    }
    if (!envelope || typeof envelope.success !== 'boolean') {
      throw new ApiError(
        transportMessages.status(response.status),
        0,
        'transport',
        response.status,
      );
    }
    if (!envelope.success) {
      if (
        envelope.code === ErrorCode.ENVELOPE &&
        (envelope.message === envelopeMessages.unknownKey ||
          envelope.message === envelopeMessages.version) &&
        // A refusal of a call made on an older channel says nothing of the one agreed since.
        !(session && channel?.prefix && !session.key.startsWith(`${channel.prefix}.`))
      ) {
        forgetKey();
      }
      throw new ApiError(
        envelope.message || FALLBACK_MESSAGE,
        envelope.code,
        envelope.code === ErrorCode.ENVELOPE ? 'envelope' : 'api',
        response.status,
        envelope.data,
      );
    }
    if (isSealedEnvelope(envelope.data)) {
      if (!session) throw signatureError();
      try {
        return { data: await openResponse(session, envelope.data), code: envelope.code };
      } catch (error) {
        if (error instanceof EnvelopeError && error.reason === 'decrypt') throw decryptionError();
        throw signatureError();
      }
    }
    // Asked for a sealed answer and got a plain one: not provably the server's (protocol.md
    // "Sealed answers"), so refused like a bad signature.
    if (session) throw signatureError();
    return { data: envelope.data, code: envelope.code };
  }

  async function call<C extends CallRef>(
    def: C,
    opts: CallOptions<C> = {},
  ): Promise<CallResult<C>> {
    const started = now();
    let status: number | null = null;
    try {
      // Each try is sealed afresh (new nonce and ts): the server refuses a replayed envelope.
      const attempt = async () => {
        const { path, init, session } = await prepare(def, opts as CallOptions<CallRef>);
        const response = await send(path, init, opts.signal);
        status = response.status;
        return unwrap(def, response, session);
      };
      const { data, code } = await withUnavailableRetries(attempt, opts.signal);
      options.onRecord?.({
        callId: def.id,
        method: def.method,
        path: def.path,
        status,
        ok: true,
        code,
        durationMs: now() - started,
        data,
      });
      return data as CallResult<C>;
    } catch (caught) {
      const error =
        caught instanceof ApiError
          ? caught
          : new ApiError(
              caught instanceof Error ? caught.message : FALLBACK_MESSAGE,
              ErrorCode.INTERNAL,
              'transport',
              undefined,
            );
      options.onRecord?.({
        callId: def.id,
        method: def.method,
        path: def.path,
        status,
        ok: false,
        code: error.code,
        durationMs: now() - started,
        message: error.message,
      });
      // A call its caller abandoned (the machine left the state that made it) fails quietly.
      const abandoned = opts.signal?.aborted === true;
      if (!abandoned && !(opts.skipErrorHandler ?? def.skipErrorHandler)) {
        options.onError?.(error, def);
      }
      throw error;
    }
  }

  /** Tries again while the server says it is unavailable, as long as the caller still waits. */
  async function withUnavailableRetries<T>(
    attempt: () => Promise<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const delays = options.retryDelaysMs ?? UNAVAILABLE_RETRY_DELAYS_MS;
    for (let tries = 0; ; tries++) {
      try {
        return await attempt();
      } catch (caught) {
        const delay = delays[tries];
        const unavailable =
          caught instanceof ApiError && caught.code === ErrorCode.SERVICE_UNAVAILABLE;
        if (!unavailable || delay === undefined || signal?.aborted) throw caught;
        await abortable(new Promise((resolve) => setTimeout(resolve, delay)), signal);
      }
    }
  }

  async function stream<C extends CallRef>(def: C, opts: CallOptions<C> = {}): Promise<Response> {
    const { path, init } = await prepare(def, opts as CallOptions<CallRef>);
    const headers = new Headers(init.headers);
    headers.set('accept', 'text/event-stream');
    const response = await send(path, { ...init, headers }, opts.signal);
    if (!response.ok) {
      // A refusal says why in its envelope (never sealed), as a call's does.
      await unwrap(def, response, null);
      throw new ApiError(
        transportMessages.status(response.status),
        0,
        'transport',
        response.status,
      );
    }
    return response;
  }

  return {
    call,
    stream,
    resetKey: forgetKey,
    cookies: jar,
  };
}
