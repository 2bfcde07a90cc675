/**
 * One cgroup v1 group per sandboxed run, in the memory, pids, cpuacct and freezer hierarchies.
 * The whole process tree is accounted and killed through it.
 */
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

export const CGROUP_ROOT = '/sys/fs/cgroup';
export const CONTROLLERS = ['memory', 'pids', 'cpuacct', 'freezer'] as const;
type Controller = (typeof CONTROLLERS)[number];
const PARENT = 'xinao-judge';

export interface CgroupLimits {
  memoryBytes: number;
  pids: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The session a process belongs to (field 6 of /proc/<pid>/stat, after the command's name). */
function sessionOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
}

export class RunCgroup {
  readonly name: string;
  private readonly dirs: Record<Controller, string>;

  /**
   * Kills and removes groups left by judge processes that died mid-run (a killed worker leaves
   * its cgroup directories behind; --die-with-parent already ended the sandbox itself).
   */
  static async sweepStale(): Promise<string[]> {
    const names = new Set<string>();
    for (const c of CONTROLLERS) {
      const parent = join(CGROUP_ROOT, c, PARENT);
      if (!existsSync(parent)) continue;
      for (const entry of readdirSync(parent, { withFileTypes: true })) {
        if (!entry.isDirectory()) continue;
        const owner = Number(entry.name.split('-')[0]);
        if (Number.isInteger(owner) && owner > 0 && !existsSync(`/proc/${owner}`))
          names.add(entry.name);
      }
    }
    for (const name of names) {
      const cg = new RunCgroup(name);
      await cg.killAll();
      await cg.destroy();
    }
    return [...names];
  }

  private constructor(name: string) {
    this.name = name;
    this.dirs = Object.fromEntries(
      CONTROLLERS.map((c) => [c, join(CGROUP_ROOT, c, PARENT, name)]),
    ) as Record<Controller, string>;
  }

  static create(limits: CgroupLimits): RunCgroup {
    const cg = new RunCgroup(`${process.pid}-${randomBytes(6).toString('hex')}`);
    for (const c of CONTROLLERS) mkdirSync(cg.dirs[c], { recursive: true });
    try {
      cg.write('memory', 'memory.limit_in_bytes', String(limits.memoryBytes));
      // Without swap accounting a program could page out past the limit; best effort where present.
      const memsw = join(cg.dirs.memory, 'memory.memsw.limit_in_bytes');
      if (existsSync(memsw)) writeFileSync(memsw, String(limits.memoryBytes));
      cg.write('pids', 'pids.max', String(limits.pids));
    } catch (e) {
      void cg.destroy();
      throw e;
    }
    return cg;
  }

  /** Directories the launcher joins (it writes its pid to each cgroup.procs). */
  get joinDirs(): string[] {
    return CONTROLLERS.map((c) => this.dirs[c]);
  }

  private write(c: Controller, file: string, value: string): void {
    writeFileSync(join(this.dirs[c], file), value);
  }

  private read(c: Controller, file: string): string {
    return readFileSync(join(this.dirs[c], file), 'utf8');
  }

  cpuNs(): number {
    return Number(this.read('cpuacct', 'cpuacct.usage'));
  }

  peakMemoryBytes(): number {
    return Number(this.read('memory', 'memory.max_usage_in_bytes'));
  }

  /** OOM kills in this group (the kernel's counter) plus hits of the hard limit. */
  oomKills(): number {
    const m = /oom_kill (\d+)/.exec(this.read('memory', 'memory.oom_control'));
    return m ? Number(m[1]) : 0;
  }

  memoryFailCount(): number {
    return Number(this.read('memory', 'memory.failcnt'));
  }

  /**
   * Gives the scheduling groups (autogroups) of the sessions the group's processes started the
   * niceness `nice`, looking at each process and session not in `done` (added to it: a process
   * seen before it started a session of its own is looked at again once it has). Each box's program
   * starts a session of its own (setsid), and where the kernel groups tasks by session
   * (`sched_autogroup_enabled`) a task's own niceness only orders it within its session: without
   * this, a judged program would weigh as much as the whole API against it, whatever
   * JUDGE_WORKER_NICE says. Only a process leading its own session is touched: the others of the
   * group (bubblewrap's outer process, a warm box's pid 1) are still in the judge's session,
   * which is the platform's, and writing theirs would renice the API with them.
   */
  reniceSessions(nice: number, done: Set<string>): void {
    for (const pid of this.procs()) {
      try {
        const session = sessionOf(pid);
        const seen = `${pid}:${session}`;
        if (done.has(seen)) continue;
        done.add(seen);
        if (session !== pid) continue;
        writeFileSync(`/proc/${pid}/autogroup`, String(nice));
      } catch {
        // the process has ended, or the kernel groups nothing by session
      }
    }
  }

  /** Tasks (processes and threads) in the group now. */
  pidsCurrent(): number {
    return Number(this.read('pids', 'pids.current'));
  }

  /**
   * Forks and clones refused in this group for want of a pid: this group's limit, or (rarely)
   * an ancestor's, such as a container's, whose refusals the kernel counts here too.
   */
  pidsLimitHits(): number {
    const m = /max (\d+)/.exec(this.read('pids', 'pids.events'));
    return m ? Number(m[1]) : 0;
  }

  procs(): number[] {
    if (!existsSync(this.dirs.freezer)) return [];
    return this.read('freezer', 'cgroup.procs').split('\n').filter(Boolean).map(Number);
  }

  /**
   * Kill every process in the group: freeze (so a fork bomb cannot outrun us), SIGKILL every
   * task, thaw so the kills are delivered, repeat until the group is empty.
   */
  async killAll(): Promise<void> {
    for (let round = 0; round < 200; round++) {
      const tasks = this.procs();
      if (tasks.length === 0) return;
      this.write('freezer', 'freezer.state', 'FROZEN');
      for (let i = 0; i < 50 && this.read('freezer', 'freezer.state').trim() !== 'FROZEN'; i++) {
        await sleep(1);
      }
      for (const pid of this.read('freezer', 'tasks').split('\n').filter(Boolean)) {
        try {
          process.kill(Number(pid), 'SIGKILL');
        } catch {
          // already gone
        }
      }
      this.write('freezer', 'freezer.state', 'THAWED');
      await sleep(round < 10 ? 1 : 10);
    }
    throw new Error(`cgroup ${this.name}: processes survive SIGKILL`);
  }

  /** Remove the group directories; rmdir right after the last exit can fail with EBUSY. */
  async destroy(): Promise<void> {
    for (const c of CONTROLLERS) {
      for (let attempt = 0; ; attempt++) {
        try {
          rmdirSync(this.dirs[c]);
          break;
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code;
          if (code === 'ENOENT') break;
          if (code !== 'EBUSY' || attempt >= 100) throw e;
          await sleep(Math.min(2 + attempt, 20));
        }
      }
    }
  }
}
