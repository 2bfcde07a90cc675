/**
 * The ledger against a real database (docs/decisions/commerce-and-payments.md "Money"): fast-check
 * drives random sequences of money movements — recharges, wallet purchases, refunds, staff
 * adjustments, some of them at the same time — and after each sequence the ledger must balance,
 * every member balance must equal a plain model's, and none may be below zero. The `xinao ledger
 * check` command is run against the same database, whole and then broken on purpose.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/pool.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { balanceOf, ledgerAccount, postJournal } from '../../src/server/ledger/ledger.ts';
import type { LedgerEntry } from '../../src/server/ledger/ledger.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
let members: number[];
let run = 0;

beforeAll(async () => {
  platform = await startTestPlatform();
  const { rows } = await platform.pool.query<{ id: number }>(
    'SELECT id FROM members ORDER BY id LIMIT 3',
  );
  members = rows.map((r) => r.id);
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

type Op =
  | { kind: 'recharge'; member: number; fen: number }
  | { kind: 'purchase'; member: number; fen: number }
  | { kind: 'refund'; member: number; fen: number }
  | { kind: 'adjust'; member: number; fen: number };

const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('recharge', 'purchase', 'refund', 'adjust'),
  member: fc.integer({ min: 0, max: 2 }),
  fen: fc.integer({ min: 1, max: 50_000 }),
}) as fc.Arbitrary<Op>;

function entriesOf(op: Op, memberId: number): LedgerEntry[] {
  const wallet = ledgerAccount.wallet(memberId);
  switch (op.kind) {
    case 'recharge':
      return [
        { account: ledgerAccount.provider('sandbox'), amount: -op.fen },
        { account: wallet, amount: op.fen },
      ];
    case 'purchase':
      return [
        { account: wallet, amount: -op.fen },
        { account: ledgerAccount.revenue, amount: op.fen },
      ];
    case 'refund':
      return [
        { account: ledgerAccount.revenue, amount: -op.fen },
        { account: wallet, amount: op.fen },
      ];
    case 'adjust':
      return [
        { account: wallet, amount: op.fen % 2 === 0 ? op.fen : -op.fen },
        { account: ledgerAccount.adjustments, amount: op.fen % 2 === 0 ? -op.fen : op.fen },
      ];
  }
}

/** Applies one op in its own transaction; false when the ledger refused it (short balance). */
async function apply(op: Op, key: string): Promise<boolean> {
  try {
    await withTransaction(platform.pool, (client) =>
      postJournal(client, {
        idempotencyKey: key,
        kind: op.kind,
        entries: entriesOf(op, members[op.member]!),
      }),
    );
    return true;
  } catch (err) {
    if ((err as { codeName?: string }).codeName === 'INSUFFICIENT_BALANCE') return false;
    throw err;
  }
}

describe('the ledger under random sequences of movements', () => {
  it('always balances and never lets a wallet go below zero', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { maxLength: 8 }),
        async (batches) => {
          run += 1;
          const before = await Promise.all(
            members.map((m) => balanceOf(platform.pool, ledgerAccount.wallet(m))),
          );
          const applied: Op[] = [];
          for (const [b, batch] of batches.entries()) {
            // The ops of a batch run at the same time, against the same wallets.
            const results = await Promise.all(
              batch.map((op, i) => apply(op, `prop:${run}:${b}:${i}`)),
            );
            batch.forEach((op, i) => results[i] && applied.push(op));
            // Retrying what was written, with the same keys, moves nothing more.
            await Promise.all(
              batch.map((op, i) => (results[i] ? apply(op, `prop:${run}:${b}:${i}`) : null)),
            );
          }
          const after = await Promise.all(
            members.map((m) => balanceOf(platform.pool, ledgerAccount.wallet(m))),
          );
          const expected = before.map(
            (start, m) =>
              start +
              applied
                .filter((op) => op.member === m)
                .reduce((sum, op) => {
                  const own = entriesOf(op, members[m]!).find((e) =>
                    e.account.startsWith('wallet:'),
                  )!;
                  return sum + own.amount;
                }, 0),
          );
          expect(after).toEqual(expected);
          expect(after.every((b) => b >= 0)).toBe(true);
          const report = await checkLedger(platform.pool);
          expect(report.problems).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('refuses a journal that does not balance before writing anything', async () => {
    const before = await checkLedger(platform.pool);
    await expect(
      withTransaction(platform.pool, (client) =>
        postJournal(client, {
          idempotencyKey: 'unbalanced',
          kind: 'broken',
          entries: [
            { account: ledgerAccount.revenue, amount: 100 },
            { account: ledgerAccount.offline, amount: -99 },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
    expect((await checkLedger(platform.pool)).journals).toBe(before.journals);
  });
});

describe('npx xinao ledger check', () => {
  const bin = path.resolve(import.meta.dirname, '../../bin/xinao.mjs');
  const runCheck = () =>
    promisify(execFile)(process.execPath, [bin, 'ledger', 'check'], {
      env: {
        ...process.env,
        DATABASE_URL: (platform.pool as unknown as { options: { connectionString: string } })
          .options.connectionString,
      },
    }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );

  it('passes on a whole ledger and names what is wrong in a broken one', async () => {
    const whole = await runCheck();
    expect(whole.code).toBe(0);
    expect(whole.out).toContain('核对通过');

    // Someone changes a balance behind the ledger's back (the entries cannot be changed).
    const account = ledgerAccount.wallet(members[0]!);
    await platform.pool.query('UPDATE ledger_accounts SET balance = balance + 1 WHERE id = $1', [
      account,
    ]);
    const broken = await runCheck();
    expect(broken.code).toBe(1);
    expect(broken.out).toContain(`账户 ${account} 的余额为`);
    await platform.pool.query('UPDATE ledger_accounts SET balance = balance - 1 WHERE id = $1', [
      account,
    ]);
    await expect(
      platform.pool.query('DELETE FROM ledger_entries WHERE account_id = $1', [account]),
    ).rejects.toThrow(/append-only/);
  }, 60_000);
});
