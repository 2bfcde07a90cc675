#!/usr/bin/env node
/**
 * A reference client of the Xinao API, written from docs/protocol.md alone with Node's
 * built-ins (node:crypto, fetch): it logs in, lists questions, submits an A+B answer and follows
 * its status stream to the verdict. tests/integration/reference-client.test.ts runs it against
 * the real server, so the docs and the wire cannot drift apart.
 *
 *   node examples/reference-client.mjs http://127.0.0.1:8080 demo_student 'Xinao@2026'
 *
 * Prints one JSON line per step and exits 0 with the final verdict, or 1 with the failure.
 */
import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

const API = '/xinao/api';
const APP_ID = 'xinao-web';
const A_PLUS_B_CPP =
  '#include <iostream>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}\n';

const b64url = (bytes) => Buffer.from(bytes).toString('base64url');
const log = (step, data) => process.stdout.write(`${JSON.stringify({ step, ...data })}\n`);

/**
 * protocol.md §3 "Channels": one ephemeral ECDH P-256 key agreed once, its secret kept; each
 * call derives its four keys from that secret with a fresh 16-byte salt.
 */
function openChannel(server) {
  const ecdh = createECDH('prime256v1');
  const ephemeral = ecdh.generateKeys(); // uncompressed point, 65 bytes
  const shared = ecdh.computeSecret(Buffer.from(server.publicKey, 'base64url'));
  return {
    prefix: `v2.${server.keyId}.${b64url(ephemeral)}`,
    secret: Buffer.from(hkdfSync('sha256', shared, ephemeral, 'xinao-envelope-v2', 32)),
  };
}

/** A call's keys; its answer is sealed for `key`, the method and the path (§3 "Sealed answers"). */
function callKeys(channel, method, pathname) {
  const salt = randomBytes(16);
  const okm = Buffer.from(
    hkdfSync('sha256', channel.secret, salt, 'xinao-envelope-v2 request', 128),
  );
  const key = `${channel.prefix}.${b64url(salt)}`;
  return {
    key,
    answerFor: `${key}\n${method} ${pathname}`,
    reqEnc: okm.subarray(0, 32),
    reqMac: okm.subarray(32, 64),
    resEnc: okm.subarray(64, 96),
    resMac: okm.subarray(96, 128),
  };
}

/** protocol.md §3 "Sealing": AES-256-GCM with the key as additional data, then HMAC. */
function seal(enc, mac, key, payload) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', enc, iv);
  cipher.setAAD(Buffer.from(key));
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  const data = b64url(Buffer.concat([iv, body, cipher.getAuthTag()]));
  const signature = b64url(createHmac('sha256', mac).update(`${key}.${data}`).digest());
  return { key, data, signature };
}

function open(enc, mac, sealed, boundTo) {
  const expected = createHmac('sha256', mac).update(`${boundTo}.${sealed.data}`).digest();
  const given = Buffer.from(sealed.signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new Error('签名异常: the answer was not sealed by the server');
  }
  const packed = Buffer.from(sealed.data, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', enc, packed.subarray(0, 12));
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(packed.subarray(packed.length - 16));
  const plain = Buffer.concat([decipher.update(packed.subarray(12, -16)), decipher.final()]);
  return JSON.parse(plain.toString('utf8'));
}

class Client {
  constructor(baseUrl) {
    this.baseUrl = baseUrl.replace(/\/$/, '');
    this.cookie = '';
    this.server = null;
    this.channel = null;
  }

  headers(extra = {}) {
    return { [`appid`]: APP_ID, ...(this.cookie ? { cookie: this.cookie } : {}), ...extra };
  }

  remember(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      if (pair.startsWith('xinao_session=')) this.cookie = pair;
    }
  }

  async publicKey() {
    if (!this.server) {
      const response = await fetch(`${this.baseUrl}${API}/common/envelope/publicKey`, {
        headers: this.headers(),
      });
      this.server = (await response.json()).data;
    }
    return this.server;
  }

  /**
   * The channel, agreed on the first call. This script lives for seconds; a long-running client
   * agrees a new one every 30 minutes and after 密钥已失效 (fetching the key again).
   */
  async currentChannel() {
    this.channel ??= openChannel(await this.publicKey());
    return this.channel;
  }

  /**
   * One call. A body goes sealed with ts, nonce, method and path (§3 "Requests with a body");
   * without one, x-envelope-key asks for a sealed answer (§3 "Requests without a body").
   */
  async call(method, path, { query, body } = {}) {
    const session = callKeys(await this.currentChannel(), method, `${API}${path}`);
    const url = `${this.baseUrl}${API}${path}${query ? `?${new URLSearchParams(query)}` : ''}`;
    const init = { method, headers: this.headers() };
    if (body !== undefined) {
      const plaintext = {
        ts: Date.now(),
        nonce: b64url(randomBytes(16)),
        method,
        path: `${API}${path}`,
        body,
      };
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(seal(session.reqEnc, session.reqMac, session.key, plaintext));
    } else {
      init.headers['x-envelope-key'] = session.key;
    }
    const response = await fetch(url, init);
    this.remember(response);
    const answer = await response.json();
    if (!answer.success) {
      throw new Error(
        `${method} ${path}: HTTP ${response.status} code ${answer.code} ${answer.message}`,
      );
    }
    // §3 "Sealed answers": a client that asked for a sealed answer refuses a plain one.
    const sealed = answer.data;
    if (!sealed || typeof sealed.data !== 'string' || sealed.key !== session.key) {
      throw new Error(`${method} ${path}: the answer was not sealed`);
    }
    return open(session.resEnc, session.resMac, sealed, session.answerFor);
  }

  /** The status stream (plain text/event-stream, not sealed) until its final event. */
  async *statusEvents(answerId) {
    const response = await fetch(`${this.baseUrl}${API}/memberQuestion/status?id=${answerId}`, {
      headers: this.headers({ accept: 'text/event-stream' }),
    });
    if (!response.ok) throw new Error(`status stream: HTTP ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data) yield JSON.parse(data);
      }
    }
  }
}

async function main() {
  const [baseUrl, username, password] = process.argv.slice(2);
  if (!baseUrl || !username || !password) {
    process.stderr.write(
      'usage: node examples/reference-client.mjs <baseUrl> <username> <password>\n',
    );
    process.exit(2);
  }
  const client = new Client(baseUrl);
  const me = await client.call('POST', '/loginByPwd', { body: { username, password } });
  log('login', { username: me.username, role: me.role });

  const page = await client.call('POST', '/oj/question/queryList', {
    query: { page: '0', size: '20' },
    body: { type: 'programming', keyword: 'A+B' },
  });
  log('questions', {
    total: page.totalElements,
    titles: page.content.map((q) => q.title),
  });
  const question = page.content[0];
  if (!question) throw new Error('no A+B question is published');

  const submitted = await client.call('POST', '/memberQuestion/submitAnswer', {
    body: { questionId: question.id, language: 'cpp', source: A_PLUS_B_CPP },
  });
  log('submitted', { answerId: submitted.id, status: submitted.status });

  for await (const event of client.statusEvents(submitted.id)) {
    log('status', { status: event.status, verdict: event.verdict, progress: event.progress });
    if (event.status === 'done' || event.status === 'failed') {
      log('verdict', { verdict: event.verdict, score: event.score, timeMs: event.timeMs });
      return;
    }
  }
  throw new Error('the status stream ended before a final status');
}

main().catch((err) => {
  log('error', { message: err.message });
  process.exit(1);
});
