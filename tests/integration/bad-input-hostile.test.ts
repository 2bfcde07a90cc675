/**
 * The bad-input property over every call of the contract (issue 13, item 3), second half:
 * schema-valid inputs with hostile content never get a 5xx, every sort field a list declares is
 * one the server sorts by, and every field a caller sends is bounded. Inputs come from the calls' own schemas
 * (tests/support/hostile-input.ts). The first half, one defect refused, is bad-input-refused-*.
 */
import { describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { allCalls } from '../../src/contract/index.ts';
import { jsonSchemaOf } from '../../src/contract/json-schema.ts';
import type { RawAnswer } from '../support/api.ts';
import {
  CALL_TIMEOUT_MS,
  SEED,
  adminPlatform,
  inFlight,
  namedFields,
} from '../support/bad-input.ts';
import { unboundedFields, validInput, validInputs } from '../support/hostile-input.ts';

/** Schema-valid hostile inputs per call for the "never a 5xx" half. */
const VALID_RUNS = 4;

const { clientFor } = adminPlatform();

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
  it(
    'every sort field a list declares is one the server sorts by',
    async () => {
      const problems: string[] = [];
      let lists = 0;
      const sorts: { call: (typeof allCalls)[number]; body: unknown; sort: string }[] = [];
      for (const call of allCalls) {
        const fields = call.query
          ? jsonSchemaOf(call.query).properties?.sort?.sortFields
          : undefined;
        if (!fields) continue;
        lists += 1;
        const body = call.body ? validInput(call.body, SEED, 'body') : undefined;
        for (const field of fields) {
          for (const direction of ['asc', 'desc']) {
            sorts.push({ call, body, sort: `${field},${direction}` });
          }
        }
      }
      // Several at a time, as the other cases: one by one, the file waited on each round trip.
      await inFlight(sorts, async ({ call, body, sort }) => {
        const answer = await clientFor(call).call(call, {
          query: { sort },
          ...(call.body ? { body } : {}),
        });
        if (answer.status >= 500 || namedFields(answer.body.data).includes('query.sort')) {
          problems.push(`${call.id} sort=${sort}: HTTP ${answer.status} ${answer.body.message}`);
        }
      });
      problems.sort();
      console.info(`sorting: ${lists} paged lists, each declared field sorted both ways`);
      expect(lists).toBeGreaterThan(10);
      expect(problems).toEqual([]);
      // Two hundred-odd lists, each asked once per sort field and direction: minutes on a busy machine.
    },
    4 * CALL_TIMEOUT_MS,
  );
});

describe('schema-valid hostile content never gets a 5xx', () => {
  // Logging out would end the session the other calls use; an event stream stays open.
  const calls = allCalls.filter(
    (c) => c.id !== accounts.logout.id && c.responseKind !== 'event-stream',
  );
  let cases = 0;
  for (const [index, call] of calls.entries()) {
    it(
      call.id,
      async () => {
        const problems: string[] = [];
        const queries = call.query
          ? validInputs(call.query, SEED + index, 'query', VALID_RUNS)
          : [];
        const bodies = call.body ? validInputs(call.body, SEED + index, 'body', VALID_RUNS) : [];
        const runs = Math.max(queries.length, bodies.length, 1);
        await inFlight([...Array(runs).keys()], async (run) => {
          cases += 1;
          const query = queries[run % Math.max(queries.length, 1)] as Record<string, unknown>;
          const body = bodies[run % Math.max(bodies.length, 1)];
          const status = await statusOf(
            clientFor(call).call(call, {
              query,
              ...(call.body ? { body } : call.method !== 'GET' ? { body: undefined } : {}),
            }),
          );
          if (status >= 500) {
            problems.push(`${JSON.stringify({ query, body }).slice(0, 300)}: HTTP ${status}`);
          }
        });
        expect(problems).toEqual([]);
      },
      CALL_TIMEOUT_MS,
    );
  }
  it('ran', () => {
    console.info(`hostile valid input: ${calls.length} calls, ${cases} cases, no 5xx`);
    expect(cases).toBeGreaterThanOrEqual(calls.length);
  });
});
