/**
 * Empty network namespaces held by `xinao-launch --hold-netns`, handed out one per running
 * sandbox. bwrap's --unshare-net creates (and the kernel later tears down) a namespace per run,
 * a few ms each; joining a held one is nearly free (bench/RESULTS.md, "sandbox overhead").
 *
 * A namespace is only ever used by one run at a time, and a run's processes are all killed
 * (cgroup freezer) before it is released, so nothing a program leaves in it (an abstract Unix
 * socket, say) outlives the program. Holders die with this process (PR_SET_PDEATHSIG).
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface NetnsLease {
  /** `/proc/<holder>/ns/net`, for the launcher's --netns. */
  path: string;
  release(): void;
}

interface Holder {
  child: ChildProcess;
  path: string;
}

const READY_TIMEOUT_MS = 5_000;

function startHolder(launcher: string): Promise<Holder> {
  return new Promise((resolve, reject) => {
    const child = spawn(launcher, ['--hold-netns'], { stdio: ['ignore', 'pipe', 'pipe'], env: {} });
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('network namespace holder did not start'));
    }, READY_TIMEOUT_MS);
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(stderr.trim() || `network namespace holder exited with ${code}`));
    });
    child.stdout!.once('data', () => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.stdout!.destroy();
      child.stderr!.destroy();
      // An idle holder must not keep the judge process (or a test run) alive.
      child.unref();
      resolve({ child, path: `/proc/${child.pid}/ns/net` });
    });
  });
}

const alive = (h: Holder) => h.child.exitCode === null && h.child.signalCode === null;

export class NetnsPool {
  private readonly idle: Holder[] = [];
  /** Set after a holder could not start: the caller falls back to bwrap --unshare-net. */
  private unavailable = false;

  constructor(private readonly launcher: string) {}

  /** A namespace for one run, or null when holders cannot run here. */
  async acquire(): Promise<NetnsLease | null> {
    if (this.unavailable) return null;
    let holder = this.idle.pop();
    while (holder && !alive(holder)) holder = this.idle.pop();
    if (!holder) {
      try {
        holder = await startHolder(this.launcher);
      } catch {
        this.unavailable = true;
        return null;
      }
    }
    const taken = holder;
    let released = false;
    return {
      path: taken.path,
      release: () => {
        if (released) return;
        released = true;
        if (alive(taken)) this.idle.push(taken);
      },
    };
  }

  /** Ends every idle holder (tests; a process exit ends them anyway). */
  close(): void {
    for (const h of this.idle.splice(0)) h.child.kill('SIGKILL');
  }
}

const pools = new Map<string, NetnsPool>();

/** One pool per launcher binary, shared by every run in this process. */
export function netnsPool(launcher: string): NetnsPool {
  let pool = pools.get(launcher);
  if (!pool) {
    pool = new NetnsPool(launcher);
    pools.set(launcher, pool);
  }
  return pool;
}
