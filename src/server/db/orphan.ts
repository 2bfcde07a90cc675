/**
 * Start-up after a crash (issue 13, item 6). When the API process is killed outright, the
 * embedded PostgreSQL it started lives on holding `postmaster.pid`, and a new start would fail
 * on the lock. The server therefore marks the data directory with its own pid; a start that
 * finds a cluster running on its directory while the marking server is gone stops that orphan
 * first. A directory still marked by a live server is refused: two servers on one database
 * directory would corrupt it.
 */
import { spawn } from 'node:child_process';
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

/**
 * The watchdog's script: while the server lives it checks every second that the cluster is
 * still there (and leaves once it is not, after a clean stop); when the server is gone it stops
 * the cluster with the steps above. `$1` the server's pid, `$2` the postmaster's. A pid is
 * taken for the cluster only while its command line names postgres, so a reused pid is never
 * signalled.
 */
const WATCHDOG = `
server=$1; pg=$2
is_pg() { grep -qa postgres "/proc/$pg/cmdline" 2>/dev/null; }
while kill -0 "$server" 2>/dev/null; do
  is_pg || exit 0
  sleep 1
done
for step in ${STOP_STEPS.map((s) => `${s.signal.slice(3)}:${s.waitMs / 100}`).join(' ')}; do
  is_pg || exit 0
  kill -"\${step%%:*}" "$pg" 2>/dev/null
  n=0
  while is_pg && [ "$n" -lt "\${step##*:}" ]; do sleep 0.1; n=$((n + 1)); done
done
`;

/** The name the watchdog runs under (`ps`, `pgrep -f`), followed by the two pids. */
export const WATCHDOG_NAME = 'xinao-pg-watchdog';

/**
 * Stops the cluster `postmasterPid` as soon as this process dies without stopping it: a
 * `kill -9`, a power cut of the API alone, a CI timeout that kills the test runner. Without it
 * the cluster lived on until the next start on the same directory (claimDataDir), and a test
 * platform's, on a directory nobody starts again, lived on for good. A detached shell, so a
 * signal to the server's process group does not take it along; unreferenced, so it never keeps
 * the server up.
 */
export function stopClusterWhenServerDies(postmasterPid: number): void {
  const watchdog = spawn(
    'sh',
    ['-c', WATCHDOG, WATCHDOG_NAME, String(process.pid), String(postmasterPid)],
    { detached: true, stdio: 'ignore' },
  );
  watchdog.on('error', () => {
    // No shell: the next start still stops the orphan (claimDataDir).
  });
  watchdog.unref();
}
