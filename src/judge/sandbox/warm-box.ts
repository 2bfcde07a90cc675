/**
 * Warm boxes: a box built once for a submission and run once per test case (box-keeper.c). What
 * a run enforces is what a fresh box (sandbox.ts) enforces — the same seccomp filter, a cgroup
 * of its own, no network, no host paths, uid 65534, pipes owned by the box, rlimits — and each
 * run gets its own mount, pid, ipc and uts namespaces, /tmp and /proc, so nothing one case leaves
 * behind reaches the next. What it saves is bubblewrap building the file system and Node
 * spawning a process for every case (bench/RESULTS.md, "Warm boxes").
 *
 * A box runs one command at a time; runs queue. Where warm boxes are off (warmBoxesEnabled), a
 * box is a fresh bubblewrap per run, or on a machine without isolation, where
 * XINAO_JUDGE_UNSAFE=1 allows it, an unsandboxed run (unsafe.ts).
 */
import { closeSync, openSync } from 'node:fs';
import { boxKeeper, type BoxKeeper } from './box-keeper.ts';
import { ensureLauncher, isolationReady } from './isolation.ts';
import { netnsPool, type NetnsLease } from './netns.ts';
import { watchRun } from './run-watch.ts';
import {
  boxBase,
  LD_SO_CACHE,
  rlimitsOf,
  runCgroupFor,
  runSandboxed,
  type Bind,
  type SandboxLimits,
  type SandboxOutcome,
} from './sandbox.ts';

export interface BoxRun {
  argv: string[];
  /** Host file given as stdin; /dev/null when absent. */
  stdinFile?: string;
  /**
   * FIFOs given as stdin and stdout instead (an interactive run, interactive.ts): the keeper
   * opens their ends, so neither side sees the other's end before both have started. `stdout`
   * is then empty in the outcome.
   */
  wired?: { stdin: string; stdout: string };
  /** Host paths for this run alone, each over one of the box's mount points. */
  binds?: Bind[];
  cwd?: string;
  limits: SandboxLimits;
  signal?: AbortSignal;
}

export interface WarmBox {
  run(req: BoxRun): Promise<SandboxOutcome>;
  /** Ends the box; runs still queued fail. */
  close(): Promise<void>;
}

/** Where a run's own binds go: an empty file or folder the box keeps for them. */
export interface MountPoint {
  box: string;
  kind: 'file' | 'dir';
}

export interface BoxOptions {
  /** Fixed for the box's life: the program, its interpreter's script, … */
  binds: Bind[];
  mountPoints?: MountPoint[];
  /** Mount /proc in each run (default true). */
  proc?: boolean;
  cacheDir: string;
}

/** bubblewrap's options for the box's file system; the namespaces of a run are the keeper's. */
function boxOptions(
  binds: Bind[],
  mountPoints: MountPoint[],
  netnsHeld: boolean,
): { copies: string[]; options: string[] } {
  const copies: string[] = [];
  const options = [
    ...boxBase(netnsHeld),
    // Mount points for each run's own /proc and /tmp.
    '--dir',
    '/proc',
    '--dir',
    '/tmp',
  ];
  // bubblewrap makes a missing parent of a bind 0700, its own user's, which is not the
  // program's here (box-keeper.c, BOX_BUILDER_ID): every parent is made readable first.
  for (const dir of parentsOf([
    '/etc/ld.so.cache',
    ...binds.map((b) => b.box),
    ...mountPoints.map((m) => m.box),
  ])) {
    options.push('--perms', '0755', '--dir', dir);
  }
  options.push(...LD_SO_CACHE);
  for (const b of binds) {
    if (b.copy) {
      options.push('--perms', '0555', '--ro-bind-data', `@copy:${copies.length}`, b.box);
      copies.push(b.host);
    } else {
      options.push(b.writable ? '--bind' : '--ro-bind', b.host, b.box);
    }
  }
  for (const m of mountPoints) {
    if (m.kind === 'dir') options.push('--dir', m.box);
    else options.push('--ro-bind', '/dev/null', m.box);
  }
  options.push('--remount-ro', '/');
  return { copies, options };
}

/** Every folder above the given paths, outermost first, without `/`. */
function parentsOf(paths: string[]): string[] {
  const dirs = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/').filter(Boolean);
    for (let i = 1; i < parts.length; i++) dirs.add(`/${parts.slice(0, i).join('/')}`);
  }
  return [...dirs].sort((a, b) => a.split('/').length - b.split('/').length);
}

/**
 * Whether runs go to warm boxes: on a machine that isolates, unless XINAO_JUDGE_WARM_BOXES=0
 * asks for a fresh bubblewrap per run (the judge before warm boxes, kept for a kernel that
 * refuses what the keeper does; README "Judge").
 */
export function warmBoxesEnabled(): boolean {
  return isolationReady() && process.env.XINAO_JUDGE_WARM_BOXES !== '0';
}

export async function openWarmBox(opts: BoxOptions): Promise<WarmBox> {
  if (!warmBoxesEnabled()) return freshBoxes(opts);
  const keeper = await boxKeeper(opts.cacheDir);
  const netns = await netnsPool(await ensureLauncher(opts.cacheDir)).acquire();
  const { copies, options } = boxOptions(opts.binds, opts.mountPoints ?? [], netns !== null);
  const box = keeper.openBox({ netns: netns?.path ?? '', copies, options });
  try {
    await box.ready;
  } catch (e) {
    netns?.release();
    throw e;
  }
  return new KeptBox(keeper, box.id, netns, opts.proc !== false);
}

class KeptBox implements WarmBox {
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly keeper: BoxKeeper,
    private readonly id: number,
    private readonly netns: NetnsLease | null,
    private readonly proc: boolean,
  ) {}

  run(req: BoxRun): Promise<SandboxOutcome> {
    const next = this.queue.then(() => this.runNow(req));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async runNow(req: BoxRun): Promise<SandboxOutcome> {
    if (this.closed) throw new Error('判题沙箱已关闭');
    // Opened here: a missing input fails the run before anything needs cleaning up, with the
    // same error a fresh box gives.
    if (req.stdinFile) closeSync(openSync(req.stdinFile, 'r'));
    const { limits } = req;
    const cg = runCgroupFor(limits);
    try {
      const started = performance.now();
      let listen: { stdout(b: Buffer): void; stderr(b: Buffer): void } | null = null;
      const early: Array<['stdout' | 'stderr', Buffer]> = [];
      const exited = new Promise<{ code: number | null; signal: number | null }>(
        (resolve, reject) => {
          this.keeper.run(
            {
              box: this.id,
              stdin: req.wired
                ? { fifo: req.wired.stdin }
                : req.stdinFile
                  ? { file: req.stdinFile }
                  : null,
              stdout: req.wired ? { fifo: req.wired.stdout } : 'pipe',
              proc: this.proc,
              ...(limits.tmpBytes !== undefined ? { tmpBytes: limits.tmpBytes } : {}),
              cwd: req.cwd ?? '/tmp',
              binds: req.binds ?? [],
              cgroupDirs: cg.joinDirs,
              rlimits: rlimitsOf(limits),
              argv: req.argv,
            },
            {
              stdout: (b) => (listen ? listen.stdout(b) : early.push(['stdout', b])),
              stderr: (b) => (listen ? listen.stderr(b) : early.push(['stderr', b])),
              ended: (code, signal) => resolve({ code, signal }),
              failed: reject,
            },
          );
        },
      );
      return await watchRun(
        {
          listen(onStdout, onStderr) {
            listen = { stdout: onStdout, stderr: onStderr };
            for (const [stream, b] of early.splice(0)) listen[stream](b);
          },
          exited,
          // The keeper reports the end only once both pipes are closed: all output is in.
          drained: () => Promise.resolve(),
        },
        cg,
        limits,
        req.signal,
        started,
      );
    } finally {
      if (req.wired)
        for (const fifo of [req.wired.stdin, req.wired.stdout]) this.keeper.forgetFifo(fifo);
      await cg.killAll().finally(() => cg.destroy());
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    await this.keeper.closeBox(this.id);
    this.netns?.release();
  }
}

/** A fresh box for every run (or, where XINAO_JUDGE_UNSAFE=1 allows it, no box at all). */
function freshBoxes(opts: BoxOptions): WarmBox {
  return {
    run: (req) => {
      // interactive.ts keeps its FIFOs in Node then (the judge opens no interactor box).
      if (req.wired) throw new Error('fresh boxes take their FIFOs as descriptors');
      return runSandboxed({
        argv: req.argv,
        binds: [...opts.binds, ...(req.binds ?? [])],
        ...(req.stdinFile !== undefined ? { stdinFile: req.stdinFile } : {}),
        ...(req.cwd !== undefined ? { cwd: req.cwd } : {}),
        ...(req.signal ? { signal: req.signal } : {}),
        proc: opts.proc !== false,
        limits: req.limits,
        cacheDir: opts.cacheDir,
      });
    },
    close: () => Promise.resolve(),
  };
}
