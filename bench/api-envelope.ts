/**
 * API budget (DESIGN.md §5): an encrypted paged list answers in a few ms at 100 concurrent
 * clients. The server runs in its own process (as `npm start` runs it, on a throw-away embedded
 * database); this process plays 100 clients through the real transport, each sealing its
 * request and opening the sealed answer. Baseline, measured in the same run against the same
 * server: the plain-JSON health check (one database round trip, no envelope, no session).
 *
 *   npx tsx bench/api-envelope.ts [requestsPerClient] [pacedSeconds]
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { envelopeCryptoMsPerCall } from './support/envelope-cost.ts';
import { treeCpuSeconds } from './support/process-cpu.ts';
import { startServer, stopServer } from './support/server.ts';
import { accounts } from '../src/contract/accounts/refs.ts';
import { grade } from '../src/contract/grade/refs.ts';
import { system } from '../src/contract/system/refs.ts';
import { APP_ID, APP_ID_HEADER } from '../src/contract/envelope.ts';
import { DEFAULT_SEED_PASSWORD } from '../src/server/config.ts';
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-data.ts';
import { createTransport } from '../src/transport/client.ts';
import {
  channelSession,
  openClientChannel,
  openClientSession,
  openResponse,
  sealRequest,
  type EnvelopeSession,
  type ServerPublicKey,
} from '../src/transport/envelope-crypto.ts';

const CLIENTS = 100;
/** The server under measurement (its process tree's CPU is read around each load). */
let serverPid = 0;
const PER_CLIENT = Number(process.argv[2] ?? 20);
const PACED_SECONDS = Number(process.argv[3] ?? 20);

async function startBenchServer(
  apiProcesses = 1,
): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'xinao-bench-api-'));
  const env = { JUDGE_WORKERS: '0', API_PROCESSES: String(apiProcesses) };
  return { ...(await startServer(dataDir, env, 30_000)), dataDir };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Figures {
  requests: number;
  seconds: number;
  /** CPU this process (the 100 clients) used: on 2 cores, what the server did not get. */
  clientCpuSeconds: number;
  /** CPU the server, its API processes and its database used meanwhile. */
  serverCpuSeconds: number;
  p50: number;
  p95: number;
  p99: number;
}

/** `clients` clients, each sending its requests one after another. */
async function load(
  run: (client: number) => Promise<void>,
  clients = CLIENTS,
  perClient = PER_CLIENT,
): Promise<Figures> {
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const serverCpu = treeCpuSeconds(serverPid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; i < perClient; i++) {
        const t0 = performance.now();
        await run(client);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    clientCpuSeconds: (used.user + used.system) / 1e6,
    serverCpuSeconds: treeCpuSeconds(serverPid) - serverCpu,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/**
 * `clients` users at once, each sending a request, reading the answer, then pausing a random
 * 0–2 s (1 s on average) as a person between clicks does: about 100 requests a second offered,
 * whatever the answers take. This is "100 concurrent clients" as a deployment sees them; the
 * closed loop of `load` (every client always waiting on an answer) measures throughput instead.
 */
async function paced(
  run: (client: number) => Promise<void>,
  seconds: number,
  clients = CLIENTS,
): Promise<Figures> {
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const serverCpu = treeCpuSeconds(serverPid);
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      // Users arrive spread over the first pause, not all in the same millisecond.
      await sleep(Math.random() * 2000);
      while (performance.now() < until) {
        const t0 = performance.now();
        await run(client);
        latencies.push(performance.now() - t0);
        await sleep(Math.random() * 2000);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds: elapsed,
    clientCpuSeconds: (used.user + used.system) / 1e6,
    serverCpuSeconds: treeCpuSeconds(serverPid) - serverCpu,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

async function publicKey(apiUrl: string): Promise<ServerPublicKey> {
  const keyAnswer = await fetch(apiUrl + system['common.envelope.publicKey'].path, {
    headers: { [APP_ID_HEADER]: APP_ID },
  });
  return ((await keyAnswer.json()) as { data: ServerPublicKey }).data;
}

/** Sends a sealed list request as it is and answers its sealed data, or throws when refused. */
async function postSealedList(apiUrl: string, cookie: string, body: string) {
  const response = await fetch(
    `${apiUrl}${grade['grade.queryList'].path}?page=0&size=20&sort=sort,asc`,
    {
      method: 'POST',
      headers: { [APP_ID_HEADER]: APP_ID, 'content-type': 'application/json', cookie },
      body,
    },
  );
  const envelope = (await response.json()) as { success: boolean; message: string; data: never };
  if (!envelope.success) throw new Error(`the sealed list was refused: ${envelope.message}`);
  return envelope.data;
}

/**
 * Sealed list requests prepared before the clock starts, as if each user's own device had sealed
 * them on its own channel (one per user): the paced run then measures the server's answer time,
 * not this one process sealing for 100 users. Every answer is opened and checked once the run
 * is over.
 */
async function presealedLists(apiUrl: string, cookie: string, count: number) {
  const serverKey = await publicKey(apiUrl);
  const path = new URL(apiUrl + grade['grade.queryList'].path).pathname;
  const channels = await Promise.all(
    Array.from({ length: CLIENTS }, () => openClientChannel(serverKey)),
  );
  const prepared: { session: EnvelopeSession; body: string }[] = [];
  for (let i = 0; i < count; i++) {
    const session = await channelSession(channels[i % CLIENTS]!, { method: 'POST', path });
    const sealed = await sealRequest(session, {
      method: 'POST',
      path,
      body: LIST_BODY,
      now: Date.now(),
    });
    prepared.push({ session, body: JSON.stringify(sealed) });
  }
  const answers: { session: EnvelopeSession; data: never }[] = [];
  const send = async () => {
    const next = prepared.pop();
    if (!next) throw new Error('ran out of prepared requests');
    answers.push({ session: next.session, data: await postSealedList(apiUrl, cookie, next.body) });
  };
  const check = () => Promise.all(answers.map((a) => openResponse(a.session, a.data)));
  return { send, check };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const row = (name: string, f: Figures) =>
  `| ${name} | ${f.requests} | ${(f.requests / f.seconds).toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.seconds.toFixed(2)} | ${f.clientCpuSeconds.toFixed(2)} | ${f.serverCpuSeconds.toFixed(2)} |`;

interface Platform {
  apiUrl: string;
  cookie: string;
  /** A sealed list through the SDK (version 2: one channel per client). */
  list: (client: number) => Promise<void>;
  /** The same list sealed as a version-1 client does (a key agreement per request). */
  listV1: (client: number) => Promise<void>;
  health: () => Promise<void>;
  /** The list's path and one of its answers, for measuring the envelope's crypto alone. */
  listPath: string;
  listAnswer: unknown;
}

const LIST_QUERY = { page: 0, size: 20, sort: 'sort,asc' } as const;
const LIST_BODY = {
  statusList: ['4', '1', '2', '3', '5'] as ('4' | '1' | '2' | '3' | '5')[],
  isPublic: true,
};

/** Starts a server with `apiProcesses` API processes, logs in once, and runs `work` on it. */
async function onPlatform<T>(apiProcesses: number, work: (p: Platform) => Promise<T>): Promise<T> {
  const { url, child, dataDir } = await startBenchServer(apiProcesses);
  serverPid = child.pid!;
  try {
    const apiUrl = `${url}/xinao/api`;
    const { username } = DEMO_ACCOUNTS.student;
    // One login (the login call is rate limited per address); every client then carries that
    // session cookie, so each request also resolves a session.
    const first = createTransport({ baseUrl: apiUrl });
    await first.call(accounts.loginByPwd, { body: { username, password: DEFAULT_SEED_PASSWORD } });
    const cookie = first.cookies!.header()!;
    const withSession: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('cookie', cookie);
      return fetch(input, { ...init, headers });
    };
    const clients = Array.from({ length: CLIENTS }, () =>
      createTransport({ baseUrl: apiUrl, fetch: withSession }),
    );
    const list = (client: number) =>
      clients[client]!.call(grade['grade.queryList'], { query: LIST_QUERY, body: LIST_BODY }).then(
        () => undefined,
      );
    const serverKey = await publicKey(apiUrl);
    const listPath = new URL(apiUrl + grade['grade.queryList'].path).pathname;
    const listV1 = async () => {
      const session = await openClientSession(serverKey);
      const sealed = await sealRequest(session, {
        method: 'POST',
        path: listPath,
        body: LIST_BODY,
        now: Date.now(),
      });
      await openResponse(session, await postSealedList(apiUrl, cookie, JSON.stringify(sealed)));
    };
    const health = () =>
      fetch(apiUrl).then(async (r) => {
        if (!r.ok) throw new Error(`health ${r.status}`);
        await r.arrayBuffer();
      });
    const listAnswer = await clients[0]!.call(grade['grade.queryList'], {
      query: LIST_QUERY,
      body: LIST_BODY,
    });
    return await work({ apiUrl, cookie, list, listV1, health, listPath, listAnswer });
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const throughput = (f: Figures) => f.requests / f.seconds;

/** CPU one request cost the machine: these clients, the server and its database. */
const cpuMsPerRequest = (f: Figures) =>
  ((f.clientCpuSeconds + f.serverCpuSeconds) * 1000) / f.requests;

/**
 * What the closed-loop goal can reach at best with the envelope costing nothing. Both closed
 * loops keep the two cores busy (the clients share them), so throughput goes as the inverse of
 * the CPU a request costs the machine. Taken off the sealed list's cost: the envelope's crypto
 * at both ends, and for its nonce claim a whole plain health check (a request, its HTTP and a
 * database round trip: more than one statement on a connection already open costs). Taking off
 * more than the envelope costs makes this an upper bound.
 */
function envelopeFreeBound(plain: Figures, sealed: Figures, cryptoMs: number) {
  const plainMs = cpuMsPerRequest(plain);
  const sealedMs = cpuMsPerRequest(sealed);
  const withoutMs = sealedMs - cryptoMs - plainMs;
  return { plainMs, sealedMs, cryptoMs, withoutMs, ratio: plainMs / withoutMs };
}

async function main() {
  const one = await onPlatform(1, async (platform) => {
    const { apiUrl, cookie, list, listV1, health } = platform;
    await load(list); // warm-up: JIT, connection pool, key ring
    const plain = await load(health);
    const sealed = await load(list);
    const sealedV1 = await load(listV1);
    // One client alone: the latency of a sealed list without queueing behind 99 others.
    const alone = await load(list, 1, 200);
    const plainAlone = await load(health, 1, 200);
    const pacedPlain = await paced(health, PACED_SECONDS);
    const pacedSealed = await paced(list, PACED_SECONDS);
    // At most ~1.5 requests per user a second, with room to spare.
    const presealed = await presealedLists(
      apiUrl,
      cookie,
      Math.ceil(CLIENTS * PACED_SECONDS * 1.5),
    );
    const pacedServer = await paced(presealed.send, PACED_SECONDS);
    await presealed.check();
    const crypto = await envelopeCryptoMsPerCall(platform.listPath, LIST_BODY, platform.listAnswer);
    return {
      plain,
      sealed,
      sealedV1,
      alone,
      plainAlone,
      pacedPlain,
      pacedSealed,
      pacedServer,
      crypto,
    };
  });
  // The same closed loops against two API processes (API_PROCESSES=2) on this machine.
  const two = await onPlatform(2, async ({ list, health }) => {
    await load(list);
    return { plain: await load(health), sealed: await load(list) };
  });

  const { plain, sealed, sealedV1, alone, plainAlone, pacedPlain, pacedSealed, pacedServer } = one;
  const envelopeFree = envelopeFreeBound(plain, sealed, one.crypto);
  console.log(
    `\n${CLIENTS} concurrent clients × ${PER_CLIENT} requests, server in its own process\n`,
  );
  console.log(
    '| Call | Requests | Requests/s | p50 ms | p95 ms | p99 ms | Wall s | Client CPU s | Server + database CPU s |',
  );
  console.log('| --- | --: | --: | --: | --: | --: | --: | --: | --: |');
  console.log(row('Baseline: plain JSON health check (GET, no envelope)', plain));
  console.log(row('Encrypted paged list (sealed POST + sealed answer, session)', sealed));
  console.log(row('Encrypted paged list, version 1 (a key agreement per request)', sealedV1));
  console.log(row('One client alone: plain JSON health check', plainAlone));
  console.log(row('One client alone: encrypted paged list', alone));
  console.log(row(`Paced, ${CLIENTS} users (1 s mean pause): plain JSON health check`, pacedPlain));
  console.log(row(`Paced, ${CLIENTS} users (1 s mean pause): encrypted paged list`, pacedSealed));
  console.log(
    row(
      `Paced, ${CLIENTS} users: encrypted paged list sealed in advance (server answer time)`,
      pacedServer,
    ),
  );
  console.log(row('API_PROCESSES=2: plain JSON health check', two.plain));
  console.log(row('API_PROCESSES=2: encrypted paged list', two.sealed));
  console.log(
    `\nRatio encrypted / plain: p50 ${(sealed.p50 / plain.p50).toFixed(2)}, ` +
      `throughput ${(throughput(sealed) / throughput(plain)).toFixed(2)} (goal ≥ 0.5; version 1 ${(throughput(sealedV1) / throughput(plain)).toFixed(2)}); ` +
      `paced p50 ${(pacedSealed.p50 / pacedPlain.p50).toFixed(2)} (goal ≤ 2), p95 ${(pacedSealed.p95 / pacedPlain.p95).toFixed(2)}; ` +
      `paced, sealed in advance: p50 ${(pacedServer.p50 / pacedPlain.p50).toFixed(2)}, p95 ${(pacedServer.p95 / pacedPlain.p95).toFixed(2)}`,
  );
  console.log(
    `CPU per request, clients + server + database: plain ${envelopeFree.plainMs.toFixed(2)} ms, ` +
      `encrypted list ${envelopeFree.sealedMs.toFixed(2)} ms, of which the envelope's crypto ` +
      `(both ends) ${envelopeFree.cryptoMs.toFixed(2)} ms. With a free envelope (crypto and ` +
      `nonce claim taken off) the list would cost ${envelopeFree.withoutMs.toFixed(2)} ms: ` +
      `closed-loop ratio at most ${envelopeFree.ratio.toFixed(2)} whatever the envelope does`,
  );
  console.log(
    `Encrypted list throughput, two API processes / one: ${(throughput(two.sealed) / throughput(sealed)).toFixed(2)} ` +
      `(${throughput(two.sealed).toFixed(0)} / ${throughput(sealed).toFixed(0)} requests/s); plain ${(throughput(two.plain) / throughput(plain)).toFixed(2)}`,
  );
}

await main();
