/**
 * Runs one command inside bubblewrap + a per-run cgroup, with limits, and reports what happened.
 *
 * Process chain: Node → xinao-launch (copies stdin into a sealed memfd, gives the command real
 * pipes for stdout/stderr with a relay outside the cgroup, joins the cgroups and a held empty
 * network namespace, rlimits, setsid, drops to uid 65534, closes fds > 4) → bwrap (its
 * arguments read from fd 3 and its seccomp filter from fd 4, so /proc/1/cmdline inside names no
 * host path; new user/pid/ipc/uts/mount namespaces — and a new network namespace when none
 * could be held — nested user namespaces disabled, read-only /usr, private tmpfs /tmp, empty
 * environment, the syscall filter of seccomp.ts) → the command.
 * Stdout/stderr reach Node with a cap; when the main process exits (or a limit is hit) the
 * whole cgroup is killed, so an orphan holding the pipe cannot stall us.
 */
import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { RunCgroup } from './cgroup.ts';
import {
  IsolationUnavailableError,
  bwrapPath,
  ensureLauncher,
  isolationReady,
  missingIsolation,
  unsafeAllowed,
} from './isolation.ts';
import { netnsPool } from './netns.ts';
import { seccompFilter } from './seccomp.ts';
import { runUnsandboxed } from './unsafe.ts';
import { watchRun } from './run-watch.ts';

export const SANDBOX_UID = 65534;
export const SANDBOX_GID = 65534;

export interface Bind {
  host: string;
  box: string;
  writable?: boolean;
  /**
   * A file given as a read-only copy rather than a mount of the host's: the box's mount table
   * then names no host path (the program's own binary or script, which it may inspect).
   */
  copy?: boolean;
}

export interface SandboxLimits {
  cpuMs: number;
  wallMs: number;
  /** Verdict threshold; the cgroup hard limit sits a little above it. */
  memoryBytes: number;
  pids: number;
  /** Cap on stdout bytes kept; exceeding it kills the run (outputExceeded). */
  stdoutBytes: number;
  /** Cap on stderr bytes accepted before the run is killed as output-exceeded. */
  stderrBytes: number;
  /** RLIMIT_FSIZE for files the program writes (e.g. compiler output). */
  fileBytes: number;
  /** Size of the private /tmp tmpfs (its pages also count against the memory cgroup). */
  tmpBytes?: number;
}

export interface SandboxRequest {
  argv: string[];
  binds?: Bind[];
  cwd?: string;
  /** Host file given as stdin; /dev/null when absent. */
  stdinFile?: string;
  /**
   * Descriptors given as the command's stdin and stdout instead (an interactive run's FIFOs, see
   * interactive.ts). The run owns them: they are closed once the command has them, or when the
   * run fails before it starts. `stdout` is then empty in the outcome.
   */
  wired?: { stdin: number; stdout: number };
  /** Aborting kills every process of the run (the interactor has already given its verdict). */
  signal?: AbortSignal;
  /**
   * Mount /proc (default true). Compiles run without it: the compiler needs none, and a source
   * could otherwise `#include "/proc/self/mountinfo"` and read the judge's paths in the errors.
   */
  proc?: boolean;
  limits: SandboxLimits;
  cacheDir: string;
}

export interface SandboxOutcome {
  exitCode: number | null;
  /** Signal that ended the command, decoded from bwrap's 128+n exit status. */
  signal: number | null;
  cpuMs: number;
  wallMs: number;
  memoryBytes: number;
  oomKilled: boolean;
  /**
   * A fork or thread was refused for want of a pid, and the run still held its whole allowance
   * of processes when it ended (stopped, or its program exited): a fork bomb, not a program that
   * once asked for a thread too many (run-watch.ts).
   */
  processLimitHeld: boolean;
  timeLimitExceeded: 'cpu' | 'wall' | null;
  outputExceeded: boolean;
  stdout: Buffer;
  stderr: Buffer;
  /** Launcher/bwrap setup failed (exit 125/1 before the command ran) — a system error. */
  setupError: string | null;
}

/** Extra room above the memory verdict threshold so a peak just over it is measured, not clipped. */
export const MEMORY_HEADROOM_BYTES = 16 * 1024 * 1024;
/** The child's descriptors carrying bwrap's arguments and its seccomp filter. */
const ARGS_FD = 3;
const SECCOMP_FD = 4;
/** Copied binds (Bind.copy) follow, one descriptor each. */
const FIRST_COPY_FD = 5;
const DRAIN_MS = 200;

/**
 * What every box is built from, fresh (here) or warm (warm-box.ts): bubblewrap's namespaces,
 * and the system the program sees, `/usr` read-only and `/dev`. `netnsHeld`: an empty network
 * namespace was already joined (netns.ts).
 */
export function boxBase(netnsHeld: boolean): string[] {
  return [
    '--unshare-user',
    '--uid',
    String(SANDBOX_UID),
    '--gid',
    String(SANDBOX_GID),
    '--disable-userns',
    '--unshare-pid',
    ...(netnsHeld ? [] : ['--unshare-net']),
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    '--hostname',
    'box',
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/sbin',
    '/sbin',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--dev',
    '/dev',
  ];
}

/** The dynamic linker's cache, bound into every box (its /etc must be readable first). */
export const LD_SO_CACHE = ['--ro-bind-try', '/etc/ld.so.cache', '/etc/ld.so.cache'];

/** A run's rlimits, `name=value`, as the launcher and the box keeper take them. */
export function rlimitsOf(limits: SandboxLimits): string[] {
  const cpuSeconds = Math.ceil(limits.cpuMs / 1000) + 1;
  return [
    `fsize=${limits.fileBytes}`,
    `stack=${limits.memoryBytes}`,
    `cpu=${cpuSeconds}`,
    'core=0',
    'nofile=256',
  ];
}

/** The cgroup of one run: its memory limit a little above the verdict's (MEMORY_HEADROOM). */
export const runCgroupFor = (limits: SandboxLimits): RunCgroup =>
  RunCgroup.create({ memoryBytes: limits.memoryBytes + MEMORY_HEADROOM_BYTES, pids: limits.pids });

/**
 * bwrap's options, which it reads from a descriptor (the command itself stays on its command
 * line, as bwrap requires).
 */
function bwrapOptions(req: SandboxRequest, netnsHeld: boolean): string[] {
  let copyFd = FIRST_COPY_FD;
  const args = [...boxBase(netnsHeld), ...LD_SO_CACHE];
  if (req.proc !== false) {
    // Pid 1 is bubblewrap's own reaper, running as the program's user: its memory (/proc/1/mem
    // is not ptrace, which seccomp refuses), maps and arguments were readable. An empty, tiny,
    // read-only folder covers it: the program owns the tmpfs (same user), so mode 0000 alone
    // could be chmod-ed back, and it would be room to write past the /tmp limit. The program's
    // own /proc/self is untouched.
    args.push('--proc', '/proc', '--perms', '0000', '--size', '4096', '--tmpfs', '/proc/1');
    args.push('--remount-ro', '/proc/1');
  }
  if (req.limits.tmpBytes !== undefined) args.push('--size', String(req.limits.tmpBytes));
  args.push('--tmpfs', '/tmp');
  for (const b of req.binds ?? []) {
    if (b.copy) args.push('--perms', '0555', '--ro-bind-data', String(copyFd++), b.box);
    else args.push(b.writable ? '--bind' : '--ro-bind', b.host, b.box);
  }
  // The sandbox root is bwrap's own tmpfs: make it read-only so only /tmp (sized) is writable.
  args.push('--remount-ro', '/');
  args.push(
    '--setenv',
    'PATH',
    '/usr/bin:/bin',
    '--setenv',
    'HOME',
    '/tmp',
    '--setenv',
    'LANG',
    'C.UTF-8',
  );
  args.push('--chdir', req.cwd ?? '/tmp');
  return args;
}

let staleSwept: Promise<unknown> | undefined;

export async function runSandboxed(req: SandboxRequest): Promise<SandboxOutcome> {
  let launcher: string;
  try {
    if (!isolationReady()) {
      if (unsafeAllowed()) return runUnsandboxed(req);
      throw new IsolationUnavailableError(missingIsolation());
    }
    launcher = await ensureLauncher(req.cacheDir);
    await (staleSwept ??= RunCgroup.sweepStale());
  } catch (e) {
    // The run owns wired descriptors from the start: left open here, the other side of an
    // interactive run would wait on them until its own time ran out.
    if (req.wired) for (const fd of [req.wired.stdin, req.wired.stdout]) closeSync(fd);
    throw e;
  }
  const { limits } = req;
  const { wired } = req;
  // Opened first: a missing input file then fails the run before anything needs cleaning up.
  let stdinFd: number;
  try {
    stdinFd = wired ? wired.stdin : openSync(req.stdinFile ?? '/dev/null', 'r');
  } catch (e) {
    if (wired) closeSync(wired.stdout);
    throw e;
  }
  const copyFds: number[] = [];
  let inputsOpen = true;
  // Closed as soon as the launcher holds its copies: a FIFO end left open here would keep the
  // reader at the other end from ever seeing the end of its input.
  const closeInputs = () => {
    if (!inputsOpen) return;
    inputsOpen = false;
    for (const fd of [stdinFd, ...(wired ? [wired.stdout] : []), ...copyFds]) closeSync(fd);
  };
  try {
    for (const b of req.binds ?? []) if (b.copy) copyFds.push(openSync(b.host, 'r'));
  } catch (e) {
    closeInputs();
    throw e;
  }
  let cg: RunCgroup;
  try {
    cg = runCgroupFor(limits);
  } catch (e) {
    closeInputs();
    throw e;
  }
  const netns = await netnsPool(launcher).acquire();
  try {
    const launchArgs: string[] = [];
    for (const dir of cg.joinDirs) launchArgs.push('--cgroup', dir);
    if (netns) launchArgs.push('--netns', netns.path);
    launchArgs.push(
      ...rlimitsOf(limits).flatMap((r) => ['--rlimit', r]),
      '--uid',
      String(SANDBOX_UID),
      '--gid',
      String(SANDBOX_GID),
      ...(wired ? ['--pipe-stderr'] : ['--stdin-memfd', '--pipe-output']),
      '--keep-fds',
      String(SECCOMP_FD + copyFds.length),
      '--',
      bwrapPath(),
      '--args',
      String(ARGS_FD),
      '--',
      ...req.argv,
    );
    const boxArgs = ['--seccomp', String(SECCOMP_FD), ...bwrapOptions(req, netns !== null)];
    return await supervise(
      launcher,
      launchArgs,
      boxArgs,
      { stdin: stdinFd, stdout: wired?.stdout, copies: copyFds, afterSpawn: closeInputs },
      cg,
      limits,
      req.signal,
    );
  } finally {
    closeInputs();
    // The namespace goes back to the pool only once nothing of this run is left alive in it.
    await cg
      .killAll()
      .then(() => netns?.release())
      .finally(() => cg.destroy());
  }
}

function supervise(
  launcher: string,
  args: string[],
  boxArgs: string[],
  fds: { stdin: number; stdout: number | undefined; copies: number[]; afterSpawn: () => void },
  cg: RunCgroup,
  limits: SandboxLimits,
  signal: AbortSignal | undefined,
): Promise<SandboxOutcome> {
  const started = performance.now();
  const child = spawn(launcher, args, {
    stdio: [fds.stdin, fds.stdout ?? 'pipe', 'pipe', 'pipe', 'pipe', ...fds.copies],
    env: {},
  });
  // spawn has forked by now: the child holds its own copies of every descriptor.
  fds.afterSpawn();
  // bwrap reads both to their end before it sets anything up: NUL-separated arguments, and
  // the filter as raw sock_filter records.
  const argsStream = child.stdio[ARGS_FD] as Writable;
  const filterStream = child.stdio[SECCOMP_FD] as Writable;
  argsStream.on('error', () => undefined);
  filterStream.on('error', () => undefined);
  argsStream.end(Buffer.from(boxArgs.map((a) => `${a}\0`).join('')));
  filterStream.end(seccompFilter());
  const exited = new Promise<{ code: number | null; signal: number | null }>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, sig) => resolve({ code, signal: sig ? signalNumber(sig) : null }));
  });
  return watchRun(
    {
      listen(onStdout, onStderr) {
        child.stdout?.on('data', onStdout);
        (child.stderr as Readable).on('data', onStderr);
      },
      exited,
      drained: () => drain(...[child.stdout, child.stderr].filter((s) => s !== null)),
    },
    cg,
    limits,
    signal,
    started,
  );
}

function drain(...streams: Readable[]): Promise<void> {
  const ends = streams.map(
    (s) =>
      new Promise<void>((r) => {
        if (s.readableEnded || s.destroyed) return r();
        s.once('close', r);
        s.once('end', r);
      }),
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((r) => (timer = setTimeout(r, DRAIN_MS)));
  return Promise.race([Promise.all(ends).then(() => undefined), timeout]).finally(() => {
    clearTimeout(timer);
    for (const s of streams) s.destroy();
  });
}

const SIGNALS: Record<string, number> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGQUIT: 3,
  SIGILL: 4,
  SIGTRAP: 5,
  SIGABRT: 6,
  SIGBUS: 7,
  SIGFPE: 8,
  SIGKILL: 9,
  SIGUSR1: 10,
  SIGSEGV: 11,
  SIGUSR2: 12,
  SIGPIPE: 13,
  SIGALRM: 14,
  SIGTERM: 15,
  SIGXCPU: 24,
  SIGXFSZ: 25,
  SIGSYS: 31,
};

function signalNumber(name: string): number {
  return SIGNALS[name] ?? 0;
}

export function signalName(n: number): string {
  return Object.entries(SIGNALS).find(([, v]) => v === n)?.[0] ?? `signal ${n}`;
}
