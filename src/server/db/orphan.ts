/**
 * Start-up after a crash (issue 13, item 6). When the API process is killed outright, the
 * embedded PostgreSQL it started lives on holding `postmaster.pid`, and a new start would fail
 * on the lock. The server therefore marks the data directory with its own pid; a start that
 * finds a cluster running on its directory while the marking server is gone stops that orphan
 * first. A directory still marked by a live server is refused: two servers on one database
 * directory would corrupt it.
 */
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';

const SERVER_PID_FILE = 'server.pid';
const POLL_MS = 100;
/** Fast shutdown first (rolls back, checkpoints), then immediate, then kill. */
const STOP_STEPS: { signal: NodeJS.Signals; waitMs: number }[] = [
  { signal: 'SIGINT', waitMs: 30_000 },
  { signal: 'SIGQUIT', waitMs: 5_000 },
  { signal: 'SIGKILL', waitMs: 5_000 },
];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

async function readPid(file: string): Promise<{ pid: number; lines: string[] } | null> {
  try {
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    const pid = Number(lines[0]);
    return Number.isSafeInteger(pid) && pid > 0 ? { pid, lines } : null;
  } catch {
    return null;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += POLL_MS) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return !alive(pid);
}

/**
 * Marks `dataDir` as this server's, after stopping a cluster orphaned there by a server that
 * died. Returns the function that removes the mark at shutdown.
 */
export async function claimDataDir(
  dataDir: string,
  clusterDir: string,
  logger: Logger,
): Promise<() => Promise<void>> {
  const marker = path.join(dataDir, SERVER_PID_FILE);
  const owner = await readPid(marker);
  if (owner && owner.pid !== process.pid && alive(owner.pid) && /node/.test(commandOf(owner.pid))) {
    throw new Error(
      `DATA_DIR ${dataDir} 正被另一个运行中的服务器使用（进程 ${owner.pid}）；请先停止它，或换一个 DATA_DIR`,
    );
  }
  const postmaster = await readPid(path.join(clusterDir, 'postmaster.pid'));
  // Line 2 of postmaster.pid is the cluster's directory: only our own cluster is stopped.
  if (
    postmaster &&
    alive(postmaster.pid) &&
    path.resolve(postmaster.lines[1] ?? '') === path.resolve(clusterDir) &&
    /postgres/.test(commandOf(postmaster.pid))
  ) {
    logger.warn(
      { pid: postmaster.pid, clusterDir },
      '发现上次异常退出遗留的内置 PostgreSQL，正在停止它',
    );
    let stopped = false;
    for (const step of STOP_STEPS) {
      try {
        process.kill(postmaster.pid, step.signal);
      } catch {
        // gone between the check and the signal
      }
      if (await waitForExit(postmaster.pid, step.waitMs)) {
        stopped = true;
        break;
      }
    }
    if (!stopped) throw new Error(`could not stop the orphaned PostgreSQL (pid ${postmaster.pid})`);
  }
  await fs.writeFile(marker, `${process.pid}\n`);
  return async () => {
    const current = await readPid(marker);
    if (current?.pid === process.pid) await fs.rm(marker, { force: true });
  };
}
