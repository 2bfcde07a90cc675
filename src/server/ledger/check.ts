/**
 * `xinao ledger check`: proves the ledger is whole — every journal sums to zero per unit, every
 * entry's running balance follows from the entries before it, every account's balance equals
 * the sum of its entries, and no member account is below zero — and names what is not.
 */
import type { Queryable } from '../db/pool.ts';

export interface LedgerReport {
  journals: number;
  entries: number;
  accounts: number;
  /** One line per fault, in Chinese; empty when the ledger is whole. */
  problems: string[];
}

/** At most this many faults of each kind are listed; the count says how many there were. */
const LIST_LIMIT = 20;

export async function checkLedger(db: Queryable): Promise<LedgerReport> {
  const problems: string[] = [];
  const counts = await db.query<{ journals: string; entries: string; accounts: string }>(
    `SELECT (SELECT count(*) FROM ledger_journals) AS journals,
            (SELECT count(*) FROM ledger_entries) AS entries,
            (SELECT count(*) FROM ledger_accounts) AS accounts`,
  );

  const unbalanced = await db.query<{ journal_id: string; key: string; unit: string; sum: string }>(
    `SELECT e.journal_id, j.idempotency_key AS key, a.unit, sum(e.amount) AS sum
       FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id
       JOIN ledger_journals j ON j.id = e.journal_id
      GROUP BY e.journal_id, j.idempotency_key, a.unit
     HAVING sum(e.amount) <> 0
      ORDER BY e.journal_id`,
  );
  for (const r of unbalanced.rows.slice(0, LIST_LIMIT)) {
    problems.push(`凭证 ${r.journal_id}（${r.key}）的 ${r.unit} 合计为 ${r.sum}，不为 0`);
  }
  if (unbalanced.rows.length > LIST_LIMIT) {
    problems.push(`……共 ${unbalanced.rows.length} 张凭证不平`);
  }

  const empty = await db.query<{ id: string; key: string; n: string }>(
    `SELECT j.id, j.idempotency_key AS key, count(e.id) AS n
       FROM ledger_journals j LEFT JOIN ledger_entries e ON e.journal_id = j.id
      GROUP BY j.id HAVING count(e.id) < 2 ORDER BY j.id LIMIT ${LIST_LIMIT}`,
  );
  for (const r of empty.rows) problems.push(`凭证 ${r.id}（${r.key}）只有 ${r.n} 条分录`);

  const drifted = await db.query<{ id: string; balance: string | null; total: string | null }>(
    `SELECT coalesce(a.id, s.account_id) AS id, a.balance, s.total
       FROM ledger_accounts a
       FULL JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s
         ON s.account_id = a.id
      WHERE a.balance IS DISTINCT FROM coalesce(s.total, 0)
      ORDER BY 1 LIMIT ${LIST_LIMIT}`,
  );
  for (const r of drifted.rows) {
    problems.push(`账户 ${r.id} 的余额为 ${r.balance ?? '（无账户）'}，分录合计为 ${r.total ?? 0}`);
  }

  const running = await db.query<{
    id: string;
    account_id: string;
    balance_after: string;
    sum: string;
  }>(
    `SELECT id, account_id, balance_after, sum FROM (
       SELECT id, account_id, balance_after,
              sum(amount) OVER (PARTITION BY account_id ORDER BY id) AS sum
         FROM ledger_entries) r
      WHERE balance_after <> sum ORDER BY id LIMIT ${LIST_LIMIT}`,
  );
  for (const r of running.rows) {
    problems.push(
      `分录 ${r.id}（账户 ${r.account_id}）记录的余额为 ${r.balance_after}，按分录累计应为 ${r.sum}`,
    );
  }

  const overdrawn = await db.query<{ id: string; balance: string }>(
    `SELECT id, balance FROM ledger_accounts WHERE NOT may_go_negative AND balance < 0
      ORDER BY id LIMIT ${LIST_LIMIT}`,
  );
  for (const r of overdrawn.rows) problems.push(`账户 ${r.id} 余额为负：${r.balance}`);

  const row = counts.rows[0]!;
  return {
    journals: Number(row.journals),
    entries: Number(row.entries),
    accounts: Number(row.accounts),
    problems,
  };
}
