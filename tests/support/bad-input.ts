/**
 * What the bad-input files share (tests/integration/bad-input-*.test.ts): one platform per file,
 * its admin's session from fresh client addresses, and a bounded number of cases in flight.
 * The property is split over files so the two test workers share it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/contract/errors.ts';
import type { CallDef } from '../../src/contract/call.ts';
import { allCalls } from '../../src/contract/index.ts';
import { BODY_LIMIT_BYTES } from '../../src/server/app.ts';
import type { Queryable } from '../../src/server/db/pool.ts';
import { accounts } from '../../src/contract/accounts/calls.ts';
import type { ServerPublicKey } from '../../src/transport/envelope-crypto.ts';
import { RawClient, freshClientIp } from './api.ts';
import type { RawAnswer } from './api.ts';
import { hostileCases } from './hostile-input.ts';
import { nodeSealer } from './sealer.ts';
import { startTestPlatform } from './platform.ts';
import type { TestPlatform } from './platform.ts';

/** Fixed, so a failure names a case that can be run again. */
export const SEED = 20261125;
/**
 * Cases of one call in flight at once: the server answers one while sealing, validating or
 * querying for another, which keeps the wall time down as calls are added.
 */
const IN_FLIGHT = 6;
/**
 * A call with a wide body (a question) has a hundred cases and more: on two busy cores they take
 * longer than the suite's 30 s for one test, which is about one request, not a property.
 */
export const CALL_TIMEOUT_MS = 120_000;

export interface FieldsData {
  fields?: { field: string; message: string }[];
}

/** The fields a refusal names. */
export const namedFields = (data: unknown): string[] =>
  ((data as FieldsData | null)?.fields ?? []).map((f) => f.field);

/** Runs `task` over `items`, at most IN_FLIGHT at a time. */
export async function inFlight<T>(
  items: readonly T[],
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, items.length) }, worker));
}

export interface AdminPlatform {
  platform: () => TestPlatform;
  /**
   * A session that passes `call`'s access check, from a fresh client address (per-address rate
   * limits never interfere): the platform admin's, or for a parent's own calls the demo
   * parent's, since those answer a parent only (the admin is not one).
   */
  clientFor: (call: CallDef) => RawClient;
}

async function loggedIn(platform: TestPlatform, role: 'admin' | 'parent'): Promise<RawClient> {
  const client = new RawClient(platform.apiUrl);
  const { username, password } = platform.accounts[role];
  const login = await client.call(accounts.loginByPwd, { body: { username, password } });
  expect(login.body.success).toBe(true);
  return client;
}

/**
 * Starts a platform for the file and logs its admin and its parent in. Between them they pass
 * every access check, so only the input can be refused.
 */
export function adminPlatform(): AdminPlatform {
  let platform: TestPlatform | undefined;
  let admin: RawClient;
  let parent: RawClient;
  let serverKey: ServerPublicKey;
  // One channel for every case, as one browser tab keeps one: the cases then cost no key
  // agreement on either side, and the envelope they are refused past is the one users send.
  const sealer = nodeSealer();
  beforeAll(async () => {
    platform = await startTestPlatform({
      // Thousands of refused requests from one admin: the per-account limits would cut in.
      accountLimitMax: 100_000,
    });
    admin = await loggedIn(platform, 'admin');
    parent = await loggedIn(platform, 'parent');
    serverKey = await admin.publicKey();
  });
  afterAll(async () => {
    await platform?.stop();
  });
  return {
    platform: () => platform!,
    clientFor: (call) =>
      new RawClient(
        platform!.apiUrl,
        freshClientIp(),
        (call.access === 'parent' ? parent : admin).jar,
      )
        .adoptKey(serverKey)
        // Fifty thousand requests: WebCrypto's sealing was a quarter of their cost (sealer.ts).
        .withNodeCrypto(sealer),
  };
}

/**
 * Written whatever a request's outcome, by the machinery around calls rather than by the call:
 * the replay guard (every sealed request, docs/protocol.md), the rate limits' counts (every
 * limited request, refused or not), and the API processes' heartbeats (every two seconds).
 */
const TABLES_EVERY_REQUEST_WRITES = new Set([
  'envelope_nonces',
  'rate_limit_counts',
  'api_instances',
]);

/**
 * What may be read of a table that refused requests also write: the system log records every
 * refused staff write and every sign-in of the test's clients, but a refusal never adds a
 * write that succeeded.
 */
const ROWS_A_REFUSAL_LEAVES_ALONE: Record<string, string> = {
  sys_log: `outcome = 'success' AND kind = 'write'`,
};

/** One digest per table of the public schema: equal digests, equal contents. */
async function tableDigests(pool: Queryable): Promise<Record<string, string>> {
  const tables = await pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (TABLES_EVERY_REQUEST_WRITES.has(name)) continue;
    const only = ROWS_A_REFUSAL_LEAVES_ALONE[name];
    const { rows } = await pool.query<{ digest: string | null }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t
        ${only ? `WHERE ${only}` : ''}`,
    );
    digests[name] = rows[0]!.digest ?? 'empty';
  }
  return digests;
}

function refusalProblem(answer: RawAnswer, field: string): string | null {
  const { status, body } = answer;
  if (status >= 500) return `HTTP ${status}: ${body.message}`;
  if (status < 400) return `accepted (HTTP ${status})`;
  if (body.code !== ErrorCode.VALIDATION && body.code !== ErrorCode.PAYLOAD_TOO_LARGE) {
    return `HTTP ${status} code ${body.code}: ${body.message}`;
  }
  const named = namedFields(body.data);
  const names = (f: string) => f === field || f.startsWith(`${field}.`);
  return named.some(names) ? null : `named ${named.join(', ') || 'no field'}, not ${field}`;
}

/**
 * The one-defect half of the property for shard `shard` (1-based) of `shards`: every
 * `shards`-th call of the contract, on the file's own platform.
 */
export function describeRefusals(shard: number, shards: number): void {
  const { platform, clientFor } = adminPlatform();
  const calls = allCalls.filter((_, index) => index % shards === shard - 1);
  describe(`one defect: a 4xx naming the field, never a 5xx, and nothing changes (${shard}/${shards})`, () => {
    let before: Record<string, string>;
    let cases = 0;
    beforeAll(async () => {
      before = await tableDigests(platform().pool);
    });

    for (const call of calls) {
      it(
        call.id,
        async () => {
          const problems: string[] = [];
          await inFlight(hostileCases(call, SEED), async (c) => {
            cases += 1;
            const answer = await clientFor(call).call(call, {
              query: c.query,
              ...(c.body !== undefined || call.method !== 'GET' ? { body: c.body } : {}),
            });
            const problem = refusalProblem(answer, c.field);
            if (problem) problems.push(`${c.label}: ${problem}`);
          });
          problems.sort();
          if (call.method !== 'GET') {
            // Past the size limit: refused as too large, before it is parsed.
            const limit = call.bodyLimitBytes ?? BODY_LIMIT_BYTES;
            const answer = await clientFor(call).call(call, { body: { x: 'x'.repeat(limit) } });
            cases += 1;
            const problem = refusalProblem(answer, 'body');
            if (problem) problems.push(`body over ${limit} bytes: ${problem}`);
          }
          expect(problems).toEqual([]);
        },
        CALL_TIMEOUT_MS,
      );
    }

    it('left every table as it was', async () => {
      console.info(`bad input: ${calls.length} calls, ${cases} single-defect cases, no 5xx`);
      expect(cases).toBeGreaterThan(calls.length * 5);
      expect(await tableDigests(platform().pool)).toEqual(before);
    });
  });
}
