/**
 * The bad-input property over every call of the contract (issue 13, item 3), first half: for
 * each call, a valid input with exactly one defect is refused with a 4xx that names the
 * defective field, and refused requests change nothing in the database. Cases come from the
 * calls' own schemas (tests/support/hostile-input.ts), so a call added later is covered without
 * editing this file. The other half, hostile but schema-valid input, is bad-input-hostile.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/contract/errors.ts';
import { allCalls } from '../../src/contract/index.ts';
import { BODY_LIMIT_BYTES } from '../../src/server/app.ts';
import type { RawAnswer } from '../support/api.ts';
import { SEED, adminPlatform, inFlight, namedFields } from '../support/bad-input.ts';
import { hostileCases, unboundedFields } from '../support/hostile-input.ts';

/** Written by every sealed request, refused or not: the replay guard (docs/protocol.md). */
const TABLES_EVERY_REQUEST_WRITES = new Set(['envelope_nonces']);

const { platform, adminClient } = adminPlatform();

/** One digest per table of the public schema: equal digests, equal contents. */
async function tableDigests(): Promise<Record<string, string>> {
  const { pool } = platform();
  const tables = await pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (TABLES_EVERY_REQUEST_WRITES.has(name)) continue;
    const { rows } = await pool.query<{ digest: string | null }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`,
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

describe('bad input over every call of the contract', () => {
  it('every integer and text field a caller sends has bounds a column can hold', () => {
    const unbounded = allCalls.flatMap((call) =>
      unboundedFields(call).map((field) => `${call.id} ${field}`),
    );
    expect(unbounded).toEqual([]);
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
