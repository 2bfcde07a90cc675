/**
 * Refusal before work (issue 13, item 2): who is calling and whether they may make the call are
 * checked when the headers arrive, so an unauthorized 31 MiB import is answered while almost
 * all of it is still unsent; and the import calls have a per-account limit that no number of
 * addresses gets around.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { APP_ID, APP_ID_HEADER } from '../../src/contract/envelope.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { question } from '../../src/contract/question/calls.ts';
import { RawClient, freshClientIp } from '../support/api.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';

const IMPORTS_PER_HOUR = 3;
const DECLARED_BYTES = 31 * 1024 * 1024;
const FIRST_CHUNK_BYTES = 64 * 1024;

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      IMPORT_LIMIT_PER_HOUR: String(IMPORTS_PER_HOUR),
    },
  });
});
afterAll(async () => {
  await platform?.stop();
});

async function loggedIn(role: keyof TestPlatform['accounts']): Promise<RawClient> {
  const client = new RawClient(platform.apiUrl);
  const { username, password } = platform.accounts[role];
  const login = await client.call(accounts.loginByPwd, { body: { username, password } });
  expect(login.body.success).toBe(true);
  return client;
}

interface EarlyAnswer {
  status: number;
  code: number;
  /** Body bytes written before the answer's headers arrived. */
  bytesSentBeforeAnswer: number;
}

/**
 * Announces a 31 MiB JSON body, sends its first 64 KiB and waits: the answer must come without
 * the rest. Sending more only after a pause would let a server that reads the whole body hang.
 */
function postHugeBody(path: string, cookie?: string): Promise<EarlyAnswer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    const request = http.request(`${platform.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(DECLARED_BYTES),
        'x-forwarded-for': freshClientIp(),
        [APP_ID_HEADER]: APP_ID,
        ...(cookie ? { cookie } : {}),
      },
    });
    const timer = setTimeout(
      () => reject(new Error('no answer while the body was unsent: the server waits for it')),
      10_000,
    );
    request.on('response', (response) => {
      const bytesSentBeforeAnswer = sent;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        clearTimeout(timer);
        request.destroy();
        const body = JSON.parse(text) as { code: number };
        resolve({ status: response.statusCode ?? 0, code: body.code, bytesSentBeforeAnswer });
      });
    });
    request.on('error', (err) => {
      // The server may close the connection once it has answered; the answer is what counts.
      if (!request.destroyed) reject(err);
    });
    request.flushHeaders();
    const chunk = Buffer.alloc(FIRST_CHUNK_BYTES, 0x20);
    request.write(chunk, () => {
      sent += chunk.length;
    });
  });
}

describe('refusal before the body is read', () => {
  it('an anonymous 31 MiB import is refused as not logged in after its first 64 KiB', async () => {
    const answer = await postHugeBody(`${question['bms.question.import'].path}`);
    expect(answer.status).toBe(401);
    expect(answer.code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect(answer.bytesSentBeforeAnswer).toBeLessThanOrEqual(FIRST_CHUNK_BYTES);
  });

  it('a student is refused the staff import just as early', async () => {
    const student = await loggedIn('student');
    const answer = await postHugeBody(
      question['bms.question.import'].path,
      student.jar.header() ?? undefined,
    );
    expect(answer.status).toBe(403);
    expect(answer.code).toBe(ErrorCode.FORBIDDEN);
    expect(answer.bytesSentBeforeAnswer).toBeLessThanOrEqual(FIRST_CHUNK_BYTES);
  });

  it('a bad appid is refused before the body as well', async () => {
    // Within the login's size limit (a larger one is refused as too large, also unread).
    const answer = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${platform.apiUrl}${accounts.loginByPwd.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(200 * 1024),
          [APP_ID_HEADER]: 'not an app id!',
        },
      });
      request.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on('error', (err) => {
        if (!request.destroyed) reject(err);
      });
      request.write(Buffer.alloc(1024, 0x20));
    });
    expect(answer).toBe(400);
  });
});

describe('the per-account import limit', () => {
  it(`allows ${IMPORTS_PER_HOUR} imports an hour per account, from any number of addresses`, async () => {
    const admin = await loggedIn('admin');
    const importCall = question['bms.question.import'];
    const statuses: number[] = [];
    for (let i = 0; i <= IMPORTS_PER_HOUR; i++) {
      // Each try from a new address: the limit follows the account, not the address.
      const client = new RawClient(platform.apiUrl, freshClientIp(), admin.jar);
      const answer = await client.call(importCall, { body: { questions: [] } });
      statuses.push(answer.status);
      if (i === IMPORTS_PER_HOUR) {
        expect(answer.body.code).toBe(ErrorCode.RATE_LIMITED);
        expect(answer.body.message).toContain('秒后可重试');
      }
    }
    // Tries within the limit reach validation (an empty list is refused); the next one does not.
    expect(statuses).toEqual([...Array<number>(IMPORTS_PER_HOUR).fill(400), 429]);

    // Another account has its own count.
    const teacher = await loggedIn('teacher');
    const other = await teacher.call(question['edms.question.import'], { body: { questions: [] } });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe(ErrorCode.VALIDATION);
  });
});
