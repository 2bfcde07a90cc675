import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DOWNLOAD_NOTES_HEADER, defineCalls } from '../contract/call.ts';
import { ErrorCode, envelopeMessages } from '../contract/errors.ts';
import { createTransport, type TransportRecord } from './client.ts';
import {
  CHANNEL_LIFETIME_MS,
  acceptSession,
  generateServerKeyPair,
  importServerPrivateKey,
  openRequest,
  sealResponse,
  toBase64Url,
  type EnvelopeSession,
  type ServerKeyPair,
} from './envelope-crypto.ts';
import type { ApiError } from './errors.ts';
import type { DownloadedFile } from './download.ts';

const thing = defineCalls({
  'thing.create': {
    method: 'POST',
    access: 'public',
    summary: 'test',
    body: z.object({ name: z.string() }),
    response: z.object({ id: z.number() }),
  },
  'thing.queryById': {
    method: 'GET',
    access: 'public',
    summary: 'test',
    query: z.object({ id: z.number(), tags: z.array(z.string()).optional() }),
    response: z.object({ id: z.number() }),
  },
  'common.file.upload': {
    method: 'POST',
    access: 'member',
    summary: 'test',
    response: z.object({ fileId: z.string() }),
  },
});
const post = thing['thing.create'];
const get = thing['thing.queryById'];
const upload = thing['common.file.upload'];

let server: ServerKeyPair;
let privateKey: CryptoKey;
beforeAll(async () => {
  server = await generateServerKeyPair();
  privateKey = await importServerPrivateKey(server.privateKeyJwk);
});

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

type Handler = (
  request: Request,
  session: EnvelopeSession | null,
  body: unknown,
) => Promise<Response> | Response;

/** A stand-in server speaking the real envelope protocol, so the client is tested end to end. */
function fakeServer(handler: Handler) {
  const seen = new Set<string>();
  const requests: Request[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const url = new URL(request.url);
    if (url.pathname === '/xinao/api/common/envelope/publicKey') {
      return json({
        success: true,
        code: 0,
        message: '成功',
        data: { keyId: server.keyId, publicKey: server.publicKey },
      });
    }
    let session: EnvelopeSession | null = null;
    let body: unknown = undefined;
    const bound = { method: request.method, path: url.pathname };
    const headerKey = request.headers.get('x-envelope-key');
    if (request.headers.get('content-type')?.includes('application/json')) {
      const sealed = (await request.json()) as { key: string; data: string; signature: string };
      session = await acceptSession(sealed.key, () => privateKey, bound);
      const plain = await openRequest(
        session,
        sealed,
        { method: request.method, path: url.pathname, now: Date.now() },
        async (nonce) => !seen.has(nonce) && Boolean(seen.add(nonce)),
      );
      body = plain.body;
    } else if (headerKey) {
      session = await acceptSession(headerKey, () => privateKey, bound);
    }
    return handler(request, session, body);
  });
  return { fetchImpl, requests };
}

const ok = async (session: EnvelopeSession | null, data: unknown) =>
  json({
    success: true,
    code: 0,
    message: '成功',
    data: session ? await sealResponse(session, data) : data,
  });

function transportFor(
  handler: Handler,
  extra: Partial<Parameters<typeof createTransport>[0]> = {},
) {
  const { fetchImpl, requests } = fakeServer(handler);
  const errors: ApiError[] = [];
  const records: TransportRecord[] = [];
  const transport = createTransport({
    baseUrl: 'http://api.test/xinao/api',
    fetch: fetchImpl as unknown as typeof fetch,
    onError: (e) => errors.push(e),
    onRecord: (r) => records.push(r),
    ...extra,
  });
  return { transport, errors, records, requests, fetchImpl };
}

describe('transport', () => {
  it('seals the body, sends appId, and unwraps a sealed answer', async () => {
    let received: unknown;
    const { transport, requests, records } = transportFor(async (_req, session, body) => {
      received = body;
      return ok(session, { id: 7 });
    });
    await expect(transport.call(post, { body: { name: '张三' } })).resolves.toEqual({ id: 7 });
    expect(received).toEqual({ name: '张三' });
    const sent = requests.at(-1)!;
    expect(sent.headers.get('appid')).toBe('xinao-web');
    expect(Object.keys(JSON.parse(await sent.text()))).toEqual(['key', 'data', 'signature']);
    expect(records.at(-1)).toMatchObject({
      callId: 'thing.create',
      ok: true,
      code: 0,
      data: { id: 7 },
    });
  });

  it('asks for a sealed answer on GET through the key header and encodes the query', async () => {
    const { transport, requests } = transportFor((_req, session) => ok(session, { id: 1 }));
    await expect(transport.call(get, { query: { id: 1, tags: ['a', 'b'] } })).resolves.toEqual({
      id: 1,
    });
    const sent = requests.at(-1)!;
    expect(sent.headers.get('x-envelope-key')).toMatch(/\./);
    expect(new URL(sent.url).search).toBe('?id=1&tags=a&tags=b');
  });

  it('sends uploads as they are, unencrypted', async () => {
    const { transport, requests } = transportFor(() => ok(null, { fileId: 'f1' }));
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'a.txt');
    await transport.call(upload, { body: form as never });
    const sent = requests.at(-1)!;
    expect(sent.headers.get('x-envelope-key')).toBeNull();
    expect(sent.headers.get('content-type')).toMatch(/multipart\/form-data/);
  });

  it('throws a failed answer with its message and notifies, unless told to skip', async () => {
    const { transport, errors } = transportFor(() =>
      json({ success: false, code: 40900, message: '数据冲突', data: null }, 409),
    );
    await expect(transport.call(get, { query: { id: 1 } })).rejects.toMatchObject({
      message: '数据冲突',
      code: 40900,
      kind: 'api',
    });
    expect(errors.map((e) => e.message)).toEqual(['数据冲突']);
    await expect(
      transport.call(get, { query: { id: 1 }, skipErrorHandler: true }),
    ).rejects.toMatchObject({ code: 40900 });
    expect(errors).toHaveLength(1);
  });

  it('falls back to 请求异常 when a failure has no message', async () => {
    const { transport } = transportFor(() =>
      json({ success: false, code: 50000, message: '' }, 500),
    );
    await expect(transport.call(get, { query: { id: 1 } })).rejects.toMatchObject({
      message: '请求异常',
    });
  });

  it('refuses an answer whose signature does not match: 签名异常, code -1', async () => {
    const { transport, errors } = transportFor(async (_req, session) => {
      const sealed = await sealResponse(session!, { id: 1 });
      const flipped = sealed.signature[0] === 'A' ? 'B' : 'A';
      return json({
        success: true,
        code: 0,
        message: '成功',
        data: { ...sealed, signature: flipped + sealed.signature.slice(1) },
      });
    });
    await expect(transport.call(get, { query: { id: 1 } })).rejects.toMatchObject({
      message: '签名异常',
      code: ErrorCode.ENVELOPE,
    });
    expect(errors[0]?.message).toBe('签名异常');
  });

  it('refuses a plain answer where it asked for a sealed one: 签名异常, code -1', async () => {
    // A man in the middle (or a misconfigured proxy) answering for the server: nothing proves
    // a plain answer came from the key the client agreed with.
    const { transport } = transportFor(async () =>
      json({ success: true, code: 0, message: '成功', data: { id: 1, title: '伪造' } }),
    );
    await expect(transport.call(get, { query: { id: 1 } })).rejects.toMatchObject({
      message: '签名异常',
      code: ErrorCode.ENVELOPE,
    });
  });

  it('waits out a 503 (database restarting) and tries again, sealing each try afresh', async () => {
    let tries = 0;
    const { transport, requests, errors } = transportFor(
      async (_req, session) => {
        tries += 1;
        if (tries < 3) {
          return json(
            {
              success: false,
              code: ErrorCode.SERVICE_UNAVAILABLE,
              message: '服务暂不可用',
              data: null,
            },
            503,
          );
        }
        return ok(session, { id: 7 });
      },
      { retryDelaysMs: [0, 0, 0] },
    );
    await expect(transport.call(post, { body: { name: 'x' } })).resolves.toEqual({ id: 7 });
    const bodies = await Promise.all(
      requests.filter((r) => r.method === 'POST').map((r) => r.text()),
    );
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies).size).toBe(3);
    expect(errors).toEqual([]);
  });

  it('gives up after its pauses and shows the 503', async () => {
    const { transport, errors } = transportFor(
      async () =>
        json(
          {
            success: false,
            code: ErrorCode.SERVICE_UNAVAILABLE,
            message: '服务暂不可用',
            data: null,
          },
          503,
        ),
      { retryDelaysMs: [0] },
    );
    await expect(transport.call(get, { query: { id: 1 } })).rejects.toMatchObject({
      code: ErrorCode.SERVICE_UNAVAILABLE,
    });
    expect(errors.map((e) => e.message)).toEqual(['服务暂不可用']);
  });

  it('refuses an answer that is signed but does not decrypt: 数据解密异常, code -1', async () => {
    const { transport } = transportFor(async (_req, session) => {
      const data = toBase64Url(new Uint8Array(40));
      const signature = toBase64Url(
        new Uint8Array(
          await crypto.subtle.sign(
            'HMAC',
            session!.responseMac,
            new TextEncoder().encode(`${session!.answerFor}.${data}`),
          ),
        ),
      );
      return json({
        success: true,
        code: 0,
        message: '成功',
        data: { key: session!.key, data, signature },
      });
    });
    await expect(transport.call(get, { query: { id: 1 } })).rejects.toMatchObject({
      message: '数据解密异常',
      code: -1,
    });
  });

  it('reports a non-envelope failure by its status code', async () => {
    const { transport } = transportFor(
      () =>
        new Response('<html>bad gateway</html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
    );
    await expect(transport.call(get, { query: { id: 1 } })).rejects.toMatchObject({
      message: 'Request failed with status code 502',
      status: 502,
    });
  });

  it('reports network failures, timeouts and aborts with the catalogue wording', async () => {
    const failing = createTransport({
      baseUrl: 'http://api.test/xinao/api',
      fetch: (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch,
    });
    await expect(failing.call(get, { query: { id: 1 } })).rejects.toMatchObject({
      message: 'Network Error',
    });

    const hanging = (_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        ),
      );
    const slow = createTransport({
      baseUrl: 'http://api.test/xinao/api',
      fetch: hanging as typeof fetch,
      timeoutMs: 20,
    });
    await expect(slow.call(get, { query: { id: 1 } })).rejects.toMatchObject({
      message: 'timeout of 20ms exceeded',
    });

    const caller = new AbortController();
    const pending = createTransport({
      baseUrl: 'http://api.test/xinao/api',
      fetch: hanging as typeof fetch,
    }).call(get, { query: { id: 1 }, signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toMatchObject({ message: 'Request aborted' });
  });

  it('tells nobody of a call its caller abandoned, and still reports the others', async () => {
    const reported: string[] = [];
    const hanging = (_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        ),
      );
    const transport = createTransport({
      baseUrl: 'http://api.test/xinao/api',
      fetch: hanging as typeof fetch,
      timeoutMs: 20,
      onError: (error) => reported.push(error.message),
    });
    const caller = new AbortController();
    const abandoned = transport.call(get, { query: { id: 1 }, signal: caller.signal });
    caller.abort();
    await expect(abandoned).rejects.toMatchObject({ message: 'Request aborted' });
    await expect(transport.call(get, { query: { id: 1 } })).rejects.toMatchObject({
      message: 'timeout of 20ms exceeded',
    });
    expect(reported).toEqual(['timeout of 20ms exceeded']);
  });

  it('uses 30 000 ms as the default timeout', async () => {
    const { REQUEST_TIMEOUT_MS } = await import('./client.ts');
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
  });

  it('downloads a spreadsheet under the name given by content-disposition', async () => {
    const downloads: { fileName: string; bytes: Uint8Array }[] = [];
    const { transport } = transportFor(
      () =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename="list.xlsx"; filename*=UTF-8''${encodeURIComponent('报名名单.xlsx')}`,
          },
        }),
      { onDownload: (f) => downloads.push(f) },
    );
    await transport.call(post, { body: { name: 'x' } });
    expect(downloads[0]?.fileName).toBe('报名名单.xlsx');
    expect([...downloads[0]!.bytes]).toEqual([80, 75, 3, 4]);
  });

  it('downloads a zip under the name given by content-disposition', async () => {
    const downloads: { fileName: string; contentType: string }[] = [];
    const { transport } = transportFor(
      () =>
        new Response(new Uint8Array([80, 75, 5, 6]), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="question-7-cases.zip"',
          },
        }),
      { onDownload: (f) => downloads.push(f) },
    );
    await transport.call(post, { body: { name: 'x' } });
    expect(downloads[0]).toMatchObject({
      fileName: 'question-7-cases.zip',
      contentType: 'application/zip',
    });
  });

  it('downloads a file of the type the answer names, with the notes the server adds', async () => {
    const downloads: DownloadedFile[] = [];
    const exportCall = { ...post, id: 'thing.export', responseKind: 'download' as const };
    const notes = ['题目 7「求和」：FPS 没有子任务，按测试点平均计分'];
    const { transport } = transportFor(
      () =>
        new Response('<?xml version="1.0"?><fps/>', {
          headers: {
            'content-type': 'application/xml; charset=utf-8',
            'content-disposition': 'attachment; filename="question-7.fps.xml"',
            [DOWNLOAD_NOTES_HEADER]: encodeURIComponent(JSON.stringify(notes)),
          },
        }),
      { onDownload: (f) => downloads.push(f) },
    );
    const file = (await transport.call(exportCall, {
      body: { name: 'x' },
    })) as unknown as DownloadedFile;
    expect(file).toMatchObject({ fileName: 'question-7.fps.xml', notes });
    expect(downloads[0]!.contentType).toContain('application/xml');
    expect(new TextDecoder().decode(downloads[0]!.bytes)).toContain('<fps/>');
  });

  it('gives a download call’s refusal the server’s message, not a file', async () => {
    const downloads: DownloadedFile[] = [];
    const exportCall = { ...post, id: 'thing.export', responseKind: 'download' as const };
    const { transport } = transportFor(
      () => Response.json({ success: false, code: 404, message: '题目 7 不存在' }, { status: 404 }),
      { onDownload: (f) => downloads.push(f) },
    );
    await expect(transport.call(exportCall, { body: { name: 'x' } })).rejects.toMatchObject({
      message: '题目 7 不存在',
    });
    expect(downloads).toEqual([]);
  });

  it('passes an event stream through unchanged', async () => {
    const { transport } = transportFor(
      () => new Response('data: hello\n\n', { headers: { 'content-type': 'text/event-stream' } }),
    );
    const response = await transport.stream(post, { body: { name: 'x' } });
    expect(await response.text()).toBe('data: hello\n\n');
  });

  it('gives an event stream’s refusal the server’s message', async () => {
    const { transport } = transportFor(() =>
      Response.json({ success: false, code: 404, message: '回答 9 不存在' }, { status: 404 }),
    );
    await expect(transport.stream(post, { body: { name: 'x' } })).rejects.toMatchObject({
      message: '回答 9 不存在',
      status: 404,
      kind: 'api',
    });
    const bare = transportFor(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(bare.transport.stream(post, { body: { name: 'x' } })).rejects.toMatchObject({
      message: 'Request failed with status code 502',
      status: 502,
    });
  });

  it('keeps the session cookie between calls outside a browser', async () => {
    let cookieSeen: string | null = null;
    const { transport } = transportFor(async (req, session) => {
      cookieSeen = req.headers.get('cookie');
      const response = await ok(session, { id: 1 });
      response.headers.append('set-cookie', 'xinao_session=abc; Path=/; HttpOnly');
      return response;
    });
    await transport.call(get, { query: { id: 1 } });
    await transport.call(get, { query: { id: 1 } });
    expect(cookieSeen).toBe('xinao_session=abc');
  });
});

describe('the envelope channel (docs/protocol.md, version 2)', () => {
  const prefixOf = (request: Request) =>
    request.headers.get('x-envelope-key')!.split('.').slice(0, 3).join('.');
  const keyFetches = (requests: Request[]) =>
    requests.filter((r) => r.url.endsWith('/common/envelope/publicKey')).length;

  it('agrees one channel for many calls, each with its own salt', async () => {
    const { transport, requests } = transportFor((_req, session) => ok(session, { id: 1 }));
    await Promise.all([1, 2, 3].map(() => transport.call(get, { query: { id: 1 } })));
    const calls = requests.filter((r) => r.headers.has('x-envelope-key'));
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map(prefixOf)).size).toBe(1);
    expect(prefixOf(calls[0]!)).toMatch(new RegExp(`^v2\\.${server.keyId}\\.`));
    expect(new Set(calls.map((r) => r.headers.get('x-envelope-key'))).size).toBe(3);
    expect(keyFetches(requests)).toBe(1);
  });

  it('agrees a new channel once the old one is 30 minutes old', async () => {
    let clock = Date.now();
    const { transport, requests } = transportFor((_req, session) => ok(session, { id: 1 }), {
      now: () => clock,
    });
    await transport.call(get, { query: { id: 1 } });
    clock += CHANNEL_LIFETIME_MS - 1;
    await transport.call(get, { query: { id: 1 } });
    clock += 1;
    await transport.call(get, { query: { id: 1 } });
    const prefixes = requests.filter((r) => r.headers.has('x-envelope-key')).map(prefixOf);
    expect(prefixes[0]).toBe(prefixes[1]);
    expect(prefixes[2]).not.toBe(prefixes[1]);
  });

  it.each([
    ['the key is gone', envelopeMessages.unknownKey],
    ['the version is not spoken', envelopeMessages.version],
  ])('fetches the key and agrees afresh after the server says %s', async (_why, message) => {
    let refuse = true;
    const { transport, requests } = transportFor((_req, session) => {
      if (!refuse) return ok(session, { id: 1 });
      refuse = false;
      return json({ success: false, code: -1, message }, 400);
    });
    await expect(transport.call(get, { query: { id: 1 } })).rejects.toMatchObject({ message });
    await transport.call(get, { query: { id: 1 } });
    const prefixes = requests.filter((r) => r.headers.has('x-envelope-key')).map(prefixOf);
    expect(prefixes[0]).not.toBe(prefixes[1]);
    expect(keyFetches(requests)).toBe(2);
  });

  it('refuses an answer sealed for another call under its key: 签名异常', async () => {
    const { transport } = transportFor(async (request, session) => {
      // The key replayed on another call (GET of another path): its answer, not this one's.
      const elsewhere = await acceptSession(session!.key, () => privateKey, {
        method: 'GET',
        path: '/xinao/api/somewhere/else',
      });
      expect(new URL(request.url).pathname).not.toBe('/xinao/api/somewhere/else');
      return ok(elsewhere, { id: 666 });
    });
    await expect(transport.call(post, { body: { name: 'x' } })).rejects.toMatchObject({
      message: '签名异常',
      code: -1,
    });
  });

  it('keeps a newer channel when a call made on an older one is refused late', async () => {
    let firstPrefix: string | null = null;
    let releaseLate: () => void = () => undefined;
    const late = new Promise<void>((resolve) => {
      releaseLate = resolve;
    });
    const { transport, requests } = transportFor(async (request, session) => {
      const prefix = prefixOf(request);
      firstPrefix ??= prefix;
      if (prefix !== firstPrefix) return ok(session, { id: 1 });
      // The first channel's key is gone: call 1 is refused at once, call 2 late. Told apart by
      // its query, not by arrival: the two are sealed concurrently and may arrive either way.
      if (new URL(request.url).searchParams.get('id') === '2') await late;
      return json({ success: false, code: -1, message: envelopeMessages.unknownKey }, 400);
    });
    const first = transport.call(get, { query: { id: 1 } });
    const second = transport.call(get, { query: { id: 2 } });
    await expect(first).rejects.toMatchObject({ message: envelopeMessages.unknownKey });
    await expect(transport.call(get, { query: { id: 3 } })).resolves.toEqual({ id: 1 });
    releaseLate();
    await expect(second).rejects.toMatchObject({ message: envelopeMessages.unknownKey });
    await expect(transport.call(get, { query: { id: 4 } })).resolves.toEqual({ id: 1 });
    expect(keyFetches(requests)).toBe(2);
  });

  it('tries the key again on the next call when fetching it failed', async () => {
    const { fetchImpl } = fakeServer((_req, session) => ok(session, { id: 1 }));
    let failKeyFetch = true;
    const transport = createTransport({
      baseUrl: 'http://api.test/xinao/api',
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
        if (failKeyFetch && String(input).endsWith('/publicKey')) {
          failKeyFetch = false;
          return Promise.reject(new TypeError('offline'));
        }
        return fetchImpl(input, init);
      }) as typeof fetch,
    });
    await expect(transport.call(get, { query: { id: 1 } })).rejects.toMatchObject({
      kind: 'transport',
    });
    await expect(transport.call(get, { query: { id: 1 } })).resolves.toEqual({ id: 1 });
  });
});
