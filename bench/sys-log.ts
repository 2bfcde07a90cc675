/**
 * The system log's cost (issue 27 item 3: "recording never slows a call measurably"): the same
 * staff write (role.update by the demo school's admin: a transaction and a version bump) from
 * the same concurrent clients on one platform, in rounds that alternate between recording every
 * call and recording none (SysLogOptions.recording, which only this bench sets). One platform,
 * so nothing but the log differs between the two: two platforms side by side differed by 8 %
 * with the log on in both.
 *
 *   npx tsx bench/sys-log.ts [clients] [perClient] [pairs]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accounts } from '../src/contract/accounts/refs.ts';
import { permission } from '../src/contract/permission/refs.ts';
import { API_PREFIX } from '../src/contract/envelope.ts';
import { DEFAULT_SEED_PASSWORD } from '../src/server/config.ts';
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-data.ts';
import { startPlatform } from '../src/server/start.ts';
import { createTransport, type Transport } from '../src/transport/client.ts';
import { percentile } from './support/timing.ts';

const CLIENTS = Number(process.argv[2] ?? 20);
const PER_CLIENT = Number(process.argv[3] ?? 25);
const PAIRS = Number(process.argv[4] ?? 10);

interface Arm {
  latencies: number[];
  calls: number;
  seconds: number;
}

let recording = true;

/** One round of every client's calls; its throughput, calls a second. */
async function round(api: Transport, roleId: number, arm: Arm): Promise<number> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; i < PER_CLIENT; i++) {
        const t0 = performance.now();
        await api.call(permission['role.update'], {
          body: { id: roleId, name: '压测角色', remark: `${client}-${i}`, enabled: true },
        });
        arm.latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  arm.calls += CLIENTS * PER_CLIENT;
  arm.seconds += seconds;
  return (CLIENTS * PER_CLIENT) / seconds;
}

const summary = (name: string, arm: Arm) => {
  const sorted = [...arm.latencies].sort((a, b) => a - b);
  return (
    `  ${name.padEnd(13)} ${arm.calls} calls  ${(arm.calls / arm.seconds).toFixed(0)}/s  ` +
    `p50 ${percentile(sorted, 50).toFixed(1)} ms  p95 ${percentile(sorted, 95).toFixed(1)} ms`
  );
};

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'xinao-bench-syslog-'));
  const platform = await startPlatform({
    port: 0,
    host: '127.0.0.1',
    embeddedPgPort: 0,
    dataDir,
    quiet: true,
    judgeWorkers: 0,
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: '', LOG_LEVEL: 'warn' },
    seedDemo: true,
    seedPassword: DEFAULT_SEED_PASSWORD,
    sysLogRecording: () => recording,
  });
  try {
    // One session shared by every client: sign-ins are rate limited per address.
    const api = createTransport({ baseUrl: platform.url + API_PREFIX });
    await api.call(accounts.loginByPwd, {
      body: { username: DEMO_ACCOUNTS.orgAdmin.username, password: DEFAULT_SEED_PASSWORD },
    });
    const { id: roleId } = await api.call(permission['role.create'], {
      body: { name: '压测角色' },
    });
    const entries = async () =>
      (await platform.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM sys_log')).rows[0]!
        .n;
    const warm: Arm = { latencies: [], calls: 0, seconds: 0 };
    await round(api, roleId, warm);
    const on: Arm = { latencies: [], calls: 0, seconds: 0 };
    const off: Arm = { latencies: [], calls: 0, seconds: 0 };
    const ratios: number[] = [];
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = await entries();
    for (let pair = 0; pair < PAIRS; pair++) {
      // Which goes first alternates, so a drift within a pair falls on both.
      const order = pair % 2 === 0 ? [true, false] : [false, true];
      const perSecond: Record<string, number> = {};
      for (const record of order) {
        recording = record;
        perSecond[String(record)] = await round(api, roleId, record ? on : off);
      }
      ratios.push(perSecond.true! / perSecond.false!);
    }
    recording = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const written = (await entries()) - before;
    ratios.sort((a, b) => a - b);
    console.log(
      `role.update, ${CLIENTS} clients × ${PER_CLIENT} calls, ${PAIRS} pairs of rounds ` +
        `(recording, not recording)`,
    );
    console.log(summary('recording', on));
    console.log(summary('not recording', off));
    console.log(
      `  recording / not recording throughput, per pair: median ${percentile(ratios, 50).toFixed(3)}` +
        ` (from ${ratios[0]!.toFixed(3)} to ${ratios.at(-1)!.toFixed(3)})`,
    );
    console.log(`  entries written: ${written} (recorded calls made: ${on.calls})`);
  } finally {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
