/**
 * The platform in its own process, as `npm start` runs it (production, log level warn), on a
 * throw-away data directory and free ports: what every bench measures against.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { EMBEDDED_DATABASE_NAME } from '../../src/server/db/embedded.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface BenchServer {
  url: string;
  child: ChildProcess;
  /** The embedded database's port (its credentials are in the data directory). */
  pgPort: number;
}

/** Starts src/server/main.ts and waits until its health check answers. */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<BenchServer> {
  const [port, pgPort] = await Promise.all([freePort(), freePort()]);
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server under a bench.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    try {
      if ((await fetch(`${url}/xinao/api`)).ok) return { url, child, pgPort };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`the server did not start within ${timeoutMs / 1000} s`);
}

/** SIGTERM, then SIGKILL after 15 s; resolves when the process is gone. */
export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface BenchPlatform {
  server: BenchServer;
  /** `<url>/xinao/api` */
  apiUrl: string;
  /** A small pool on the platform's embedded database, for writing the bench's data set. */
  db: pg.Pool;
}

/**
 * Runs `body` against a fresh platform (its own data directory, `env` on top), with a database
 * pool beside it; stops the server and removes the directory afterwards, also on failure.
 */
export async function withPlatform(
  name: string,
  env: Record<string, string>,
  body: (platform: BenchPlatform) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `xinao-bench-${name}-`));
  const server = await startServer(dataDir, env, 60_000);
  const credentials = JSON.parse(readFileSync(path.join(dataDir, 'pg-credentials.json'), 'utf8'));
  const db = new pg.Pool({
    host: '127.0.0.1',
    port: server.pgPort,
    user: credentials.user,
    password: credentials.password,
    database: EMBEDDED_DATABASE_NAME,
    max: 4,
  });
  try {
    await body({ server, apiUrl: `${server.url}/xinao/api`, db });
  } finally {
    await db.end();
    await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
