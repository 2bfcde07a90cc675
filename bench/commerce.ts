/**
 * Commerce figures (issue 6): order create + pay from the wallet (two sealed calls, a row lock,
 * a ledger journal, a grant) against the plain paged list of the member's orders, both from the
 * same concurrent clients in the same run; then `ledger check` over one million entries.
 *
 *   npx tsx bench/commerce.ts [clients] [perClient] [entries]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, stopServer } from './support/server.ts';
import { accounts } from '../src/contract/accounts/refs.ts';
import { aiToken } from '../src/contract/ai-token/refs.ts';
import { order } from '../src/contract/order/refs.ts';
import { wallet } from '../src/contract/wallet/refs.ts';
import { DEFAULT_SEED_PASSWORD } from '../src/server/config.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { createPool } from '../src/server/db/pool.ts';
import { checkLedger } from '../src/server/ledger/check.ts';
import { createLogger } from '../src/server/logger.ts';
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-data.ts';
import { createTransport, type Transport } from '../src/transport/client.ts';

const CLIENTS = Number(process.argv[2] ?? 20);
const PER_CLIENT = Number(process.argv[3] ?? 25);
const ENTRIES = Number(process.argv[4] ?? 1_000_000);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function load(run: (client: number) => Promise<void>) {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; i < PER_CLIENT; i++) {
        const t0 = performance.now();
        await run(client);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

async function login(apiUrl: string, username: string): Promise<Transport> {
  const api = createTransport({ baseUrl: apiUrl });
  await api.call(accounts.loginByPwd, { body: { username, password: DEFAULT_SEED_PASSWORD } });
  return api;
}

async function apiFigures() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'xinao-bench-commerce-'));
  const { url, child } = await startServer(dataDir, { JUDGE_WORKERS: '0' }, 30_000);
  try {
    const apiUrl = `${url}/xinao/api`;
    const admin = await login(apiUrl, DEMO_ACCOUNTS.admin.username);
    const first = await login(apiUrl, DEMO_ACCOUNTS.student.username);
    const me = await first.call(accounts['oj.member.queryCurrent'], {});
    await admin.call(wallet['bms.memberWallet.incrementCount'], {
      body: { id: me.id, unit: 'fen', amount: 900_000_000, reason: 'bench' },
    });
    const goods = await first.call(aiToken['oj.aiTokenGoods.queryList'], { body: {} });
    const packId = goods.content[0]!.id;
    // One session shared by the clients (login is rate limited per address).
    const cookie = first.cookies!.header()!;
    const clients = Array.from({ length: CLIENTS }, () =>
      createTransport({
        baseUrl: apiUrl,
        fetch: (input, init) => {
          const headers = new Headers(init?.headers);
          headers.set('cookie', cookie);
          return fetch(input, { ...init, headers });
        },
      }),
    );
    const buyAndPay = async (client: number) => {
      const api = clients[client]!;
      const placed = await api.call(aiToken['oj.aiTokenGoods.buy'], { body: { id: packId } });
      await api.call(order['oj.member.order.payment'], {
        body: { id: placed.id, method: 'wallet' },
      });
    };
    const list = async (client: number) => {
      await clients[client]!.call(order['oj.member.order.queryList'], {
        query: { page: 0, size: 20 },
        body: {},
      });
    };
    await load(list); // warm-up
    const listed = await load(list);
    const bought = await load(buyAndPay);
    const listedAfter = await load(list);
    return { listed, bought, listedAfter };
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A ledger of `ENTRIES` entries written in bulk, then checked as `xinao ledger check` does. */
async function ledgerFigures() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'xinao-bench-ledger-'));
  const logger = createLogger({ level: 'warn' });
  const db = await startEmbeddedPostgres({ dataDir, port: 0, logger, skipFsync: true });
  const pool = createPool(db.connectionString, logger);
  try {
    await runMigrations(pool, logger);
    const journals = ENTRIES / 2;
    const loadStart = performance.now();
    await pool.query(`INSERT INTO ledger_journals (idempotency_key, kind)
      SELECT 'bench:' || g, 'bench' FROM generate_series(1, ${journals}) g`);
    // Each journal: 1000 wallets in turn receive an amount the revenue account gives.
    await pool.query(`INSERT INTO ledger_accounts (id, unit, may_go_negative)
      SELECT 'wallet:' || g, 'fen', false FROM generate_series(1, 1000) g
      UNION ALL SELECT 'revenue', 'fen', true`);
    await pool.query(`INSERT INTO ledger_entries (journal_id, account_id, amount, balance_after)
      SELECT journal_id, account_id, amount,
             sum(amount) OVER (PARTITION BY account_id ORDER BY journal_id, side)
        FROM (SELECT j.id AS journal_id, s.side,
                     CASE s.side WHEN 0 THEN 'wallet:' || (1 + j.id % 1000) ELSE 'revenue' END AS account_id,
                     CASE s.side WHEN 0 THEN 100 + j.id % 50 ELSE -(100 + j.id % 50) END AS amount
                FROM ledger_journals j CROSS JOIN (VALUES (0), (1)) s(side)) e
       ORDER BY journal_id, side`);
    await pool.query(`UPDATE ledger_accounts a SET balance = s.total
      FROM (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s
      WHERE s.account_id = a.id`);
    await pool.query('ANALYZE');
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const started = performance.now();
    const report = await checkLedger(pool);
    const checkSeconds = (performance.now() - started) / 1000;
    if (report.problems.length > 0) throw new Error(report.problems.join('\n'));
    return { entries: report.entries, loadSeconds, checkSeconds };
  } finally {
    await pool.end();
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const api = await apiFigures();
  const row = (name: string, f: Awaited<ReturnType<typeof load>>) =>
    `| ${name} | ${f.count} | ${f.perSecond.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} |`;
  console.log(`\n${CLIENTS} clients × ${PER_CLIENT} each, one process, same server:\n`);
  console.log('| operation | count | per second | p50 ms | p95 ms |');
  console.log('| --- | --- | --- | --- | --- |');
  console.log(row('paged order list (baseline)', api.listed));
  console.log(row('order create + wallet pay (2 calls)', api.bought));
  console.log(row('paged order list again', api.listedAfter));
  console.log(`\ncreate + pay p95 / list p95: ${(api.bought.p95 / api.listed.p95).toFixed(2)}×`);
  const ledger = await ledgerFigures();
  console.log(
    `\nledger check: ${ledger.entries} entries in ${ledger.checkSeconds.toFixed(2)} s (bulk load ${ledger.loadSeconds.toFixed(1)} s)`,
  );
}

await main();
