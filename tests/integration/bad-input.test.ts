/**
 * The bad-input property over every call of the contract (issue 13, item 3): for each call, a
 * valid input with exactly one defect is refused with a 4xx that names the defective field;
 * schema-valid inputs with hostile content never get a 5xx; and refused requests change nothing
 * in the database. Cases come from the calls' own schemas (tests/support/hostile-input.ts), so a
 * call added later is covered without editing this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { allCalls } from '../../src/contract/index.ts';
import { BODY_LIMIT_BYTES } from '../../src/server/app.ts';
import { RawClient, freshClientIp } from '../support/api.ts';
import type { RawAnswer } from '../support/api.ts';
import type { ServerPublicKey } from '../../src/transport/envelope-crypto.ts';
import { jsonSchemaOf } from '../../src/contract/json-schema.ts';
import {
  hostileCases,
  unboundedFields,
  validInput,
  validInputs,
} from '../support/hostile-input.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';

/** Fixed, so a failure names a case that can be run again. */
const SEED = 20261125;
/** Schema-valid hostile inputs per call for the "never a 5xx" half. */
const VALID_RUNS = 4;
/**
 * Cases of one call in flight at once: the server answers one while sealing, validating or
 * querying for another, which keeps this file's wall time down as calls are added.
 */
const IN_FLIGHT = 6;
/** Written by every sealed request, refused or not: the replay guard (docs/protocol.md). */
const TABLES_EVERY_REQUEST_WRITES = new Set(['envelope_nonces']);

let platform: TestPlatform;
/** The platform admin passes every access check, so only the input can be refused. */
let admin: RawClient;
let serverKey: ServerPublicKey;

beforeAll(async () => {
  platform = await startTestPlatform({
    // Thousands of refused imports from one admin: the per-account import limit would cut in.
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', IMPORT_LIMIT_PER_HOUR: '100000' },
  });
  admin = new RawClient(platform.apiUrl);
  const { username, password } = platform.accounts.admin;
  const login = await admin.call(accounts.loginByPwd, { body: { username, password } });
  expect(login.body.success).toBe(true);
  serverKey = await admin.publicKey();
});
afterAll(async () => {
  await platform?.stop();
});

/** The admin's session from a fresh client address: per-address rate limits never interfere. */
function adminClient(): RawClient {
  return new RawClient(platform.apiUrl, freshClientIp(), admin.jar).adoptKey(serverKey);
}

/** One digest per table of the public schema: equal digests, equal contents. */
async function tableDigests(): Promise<Record<string, string>> {
  const tables = await platform.pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (TABLES_EVERY_REQUEST_WRITES.has(name)) continue;
    const { rows } = await platform.pool.query<{ digest: string | null }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`,
    );
    digests[name] = rows[0]!.digest ?? 'empty';
  }
  return digests;
}

/** Runs `task` over `items`, at most IN_FLIGHT at a time. */
async function inFlight<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, items.length) }, worker));
}

interface FieldsData {
  fields?: { field: string; message: string }[];
}

function refusalProblem(answer: RawAnswer, field: string): string | null {
  const { status, body } = answer;
  if (status >= 500) return `HTTP ${status}: ${body.message}`;
  if (status < 400) return `accepted (HTTP ${status})`;
  if (body.code !== ErrorCode.VALIDATION && body.code !== ErrorCode.PAYLOAD_TOO_LARGE) {
    return `HTTP ${status} code ${body.code}: ${body.message}`;
  }
  const named = ((body.data as FieldsData | null)?.fields ?? []).map((f) => f.field);
  const names = (f: string) => f === field || f.startsWith(`${field}.`);
  return named.some(names) ? null : `named ${named.join(', ') || 'no field'}, not ${field}`;
}

/** The status of an answer, which may be a download (zip, xlsx) rather than JSON. */
async function statusOf(pending: Promise<RawAnswer>): Promise<number> {
  try {
    return (await pending).status;
  } catch (err) {
    const download = /^not JSON \(HTTP (\d+)\)/.exec((err as Error).message);
    if (download) return Number(download[1]);
    throw err;
  }
}

describe('bad input over every call of the contract', () => {
  it('every integer and text field a caller sends has bounds a column can hold', () => {
    const unbounded = allCalls.flatMap((call) =>
      unboundedFields(call).map((field) => `${call.id} ${field}`),
    );
    expect(unbounded).toEqual([]);
  });
});

describe('sorting', () => {
  it('every sort field a list declares is one the server sorts by', async () => {
    const problems: string[] = [];
    let lists = 0;
    for (const call of allCalls) {
      const fields = call.query ? jsonSchemaOf(call.query).properties?.sort?.sortFields : undefined;
      if (!fields) continue;
      lists += 1;
      const body = call.body ? validInput(call.body, SEED, 'body') : undefined;
      for (const field of fields) {
        for (const direction of ['asc', 'desc']) {
          const answer = await adminClient().call(call, {
            query: { sort: `${field},${direction}` },
            ...(call.body ? { body } : {}),
          });
          const named = ((answer.body.data as FieldsData | null)?.fields ?? []).map((f) => f.field);
          if (answer.status >= 500 || named.includes('query.sort')) {
            problems.push(
              `${call.id} sort=${field},${direction}: HTTP ${answer.status} ${answer.body.message}`,
            );
          }
        }
      }
    }
    console.info(`sorting: ${lists} paged lists, each declared field sorted both ways`);
    expect(lists).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });
});

describe('one defect: a 4xx naming the field, never a 5xx, and nothing changes', () => {
  let before: Record<string, string>;
  let cases = 0;
  beforeAll(async () => {
    before = await tableDigests();
  });

  for (const call of allCalls) {
    it(call.id, async () => {
      const problems: string[] = [];
      await inFlight(hostileCases(call, SEED), async (c) => {
        cases += 1;
        const answer = await adminClient().call(call, {
          query: c.query,
          ...(c.body !== undefined || call.method !== 'GET' ? { body: c.body } : {}),
        });
        const problem = refusalProblem(answer, c.field);
        if (problem) problems.push(`${c.label}: ${problem}`);
      });
      problems.sort();
      if (call.method !== 'GET') {
        // Past the size limit: refused as too large, before it is parsed.
        const client = adminClient();
        const limit = call.bodyLimitBytes ?? BODY_LIMIT_BYTES;
        const { sealed } = await client.seal(call.method, call.path, { x: 'x'.repeat(limit) });
        const answer = await client.send(call.method, call.path, { rawBody: sealed });
        cases += 1;
        const problem = refusalProblem(answer, 'body');
        if (problem) problems.push(`body over ${limit} bytes: ${problem}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('left every table as it was', async () => {
    console.info(`bad input: ${allCalls.length} calls, ${cases} single-defect cases, no 5xx`);
    expect(cases).toBeGreaterThan(allCalls.length * 5);
    expect(await tableDigests()).toEqual(before);
  });
});

describe('schema-valid hostile content never gets a 5xx', () => {
  // Logging out would end the session the other calls use; an event stream stays open.
  const calls = allCalls.filter(
    (c) => c.id !== accounts.logout.id && c.responseKind !== 'event-stream',
  );
  let cases = 0;
  for (const [index, call] of calls.entries()) {
    it(call.id, async () => {
      const problems: string[] = [];
      const queries = call.query ? validInputs(call.query, SEED + index, 'query', VALID_RUNS) : [];
      const bodies = call.body ? validInputs(call.body, SEED + index, 'body', VALID_RUNS) : [];
      const runs = Math.max(queries.length, bodies.length, 1);
      await inFlight([...Array(runs).keys()], async (run) => {
        cases += 1;
        const query = queries[run % Math.max(queries.length, 1)] as Record<string, unknown>;
        const body = bodies[run % Math.max(bodies.length, 1)];
        const status = await statusOf(
          adminClient().call(call, {
            query,
            ...(call.body ? { body } : call.method !== 'GET' ? { body: undefined } : {}),
          }),
        );
        if (status >= 500) {
          problems.push(`${JSON.stringify({ query, body }).slice(0, 300)}: HTTP ${status}`);
        }
      });
      expect(problems).toEqual([]);
    });
  }
  it('ran', () => {
    console.info(`hostile valid input: ${calls.length} calls, ${cases} cases, no 5xx`);
    expect(cases).toBeGreaterThanOrEqual(calls.length);
  });
});
