/**
 * Watches one sandboxed run, however it was started (a fresh box in sandbox.ts, a warm one in
 * warm-box.ts): caps its output, stops it at its CPU or wall-clock limit or when asked, and
 * turns what the cgroup counted into the outcome. Every stop is the cgroup's killAll, so an
 * orphan holding a pipe cannot outlive its run.
 */
import { getPriority } from 'node:os';
import { CappedSink } from './capped-sink.ts';
import type { RunCgroup } from './cgroup.ts';
import type { SandboxLimits, SandboxOutcome } from './sandbox.ts';

/** A run as the watcher sees it. */
export interface StartedRun {
  /** Called for each chunk of the command's stdout and stderr. */
  listen(onStdout: (chunk: Buffer) => void, onStderr: (chunk: Buffer) => void): void;
  /** The run's first process has ended: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: number | null }>;
  /** After the exit and the group's kill: what was already written has been delivered. */
  drained(): Promise<void>;
}

/** What a failed set-up says first on stderr, with the exit status it ends with. */
const SETUP_ERRORS: ReadonlyArray<{ exitCode: number; prefix: string }> = [
  { exitCode: 125, prefix: 'xinao-launch:' },
  { exitCode: 125, prefix: 'xinao-box:' },
  { exitCode: 1, prefix: 'bwrap:' },
];

const POLL_MS = 10;

/**
 * Slack under the pids limit that still counts as holding it: a fork bomb's processes die
 * (OOM kills, the freezer's round) and are replaced all the time, so a sample a moment apart
 * can find it a task or two short.
 */
const AT_LIMIT_SLACK = 2;

/**
 * Whether a run ended holding its process allowance, forks refused: sampled at its end, or
 * refused so often that only a program forking in a loop explains it. A fork bomb is refused
 * hundreds to thousands of times within its first 30 ms (measured: 764 to 13 543 refusals for
 * runs of 27 to 300 ms); a program that asked for 64 threads at once, 35. An OOM kill can thin
 * a bomb below its limit just before it ends, which the count still sees.
 */
export function heldProcessLimit(atLimit: boolean, refusals: number, limit: number): boolean {
  return refusals > 0 && (atLimit || refusals >= REFUSALS_PER_PID_OF_A_BOMB * limit);
}

/** Refusals per pid of the limit that only a fork bomb reaches (see heldProcessLimit). */
const REFUSALS_PER_PID_OF_A_BOMB = 8;

export function watchRun(
  run: StartedRun,
  cg: RunCgroup,
  limits: SandboxLimits,
  signal: AbortSignal | undefined,
  started: number,
): Promise<SandboxOutcome> {
  const stdout = new CappedSink(limits.stdoutBytes);
  const stderr = new CappedSink(limits.stderrBytes);
  let outputExceeded = false;
  let timeLimitExceeded: 'cpu' | 'wall' | null = null;
  let killing: Promise<void> | null = null;
  // A stop can come before the run has joined its group (an interactor that fails at once
  // aborts the program still being set up): the kill then finds nobody, and is tried again.
  let stopped = false;
  const killTree = () => {
    stopped = true;
    return (killing ??= cg.killAll().finally(() => (killing = null)));
  };

  const onData = (sink: CappedSink) => (chunk: Buffer) => {
    if (!sink.push(chunk) && !outputExceeded) {
      outputExceeded = true;
      endSampling();
      void killTree();
    }
  };
  run.listen(onData(stdout), onData(stderr));
  const onAbort = () => void killTree();
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });

  // Whether the group held its whole process allowance when the run ended (the last sample
  // before its end): what tells a fork bomb from a program that once asked for a thread too
  // many and went on (verdict.ts). Sampled while the run lives, since a warm box's namespace
  // takes its processes with it when the program's pid 1 ends, before we hear of the exit.
  let atProcessLimit = false;
  let ended = false;
  const sampleProcesses = () => {
    if (ended) return;
    try {
      atProcessLimit = cg.pidsCurrent() >= limits.pids - AT_LIMIT_SLACK;
    } catch {
      // group already being torn down: keep the last sample
    }
  };
  const endSampling = () => {
    sampleProcesses();
    ended = true;
  };

  // The run's sessions get the judge's own niceness (RunCgroup.reniceSessions), from the first
  // poll on: a case shorter than a poll is over before it could matter.
  const nice = getPriority();
  const reniced = new Set<string>();

  const cpuLimitNs = limits.cpuMs * 1e6;
  const poll = setInterval(() => {
    try {
      sampleProcesses();
      if (nice > 0) cg.reniceSessions(nice, reniced);
      if (cg.cpuNs() > cpuLimitNs) {
        timeLimitExceeded ??= 'cpu';
        endSampling();
        void killTree();
      } else if (stopped && !killing && cg.procs().length > 0) {
        void killTree();
      }
    } catch {
      // group already being torn down
    }
  }, POLL_MS);
  const wallTimer = setTimeout(() => {
    timeLimitExceeded ??= 'wall';
    endSampling();
    void killTree();
  }, limits.wallMs);
  const stopWatching = () => {
    clearInterval(poll);
    clearTimeout(wallTimer);
    signal?.removeEventListener('abort', onAbort);
  };

  return run.exited.then(
    async ({ code, signal: endedBy }) => {
      const wallMs = performance.now() - started;
      stopWatching();
      // In a fresh box what the program left is still in the group. In a warm one it may be gone
      // already with the namespace, so the last sample taken while the run lived counts too.
      const heldBefore = atProcessLimit;
      endSampling();
      atProcessLimit ||= heldBefore;
      // The main process is gone: kill anything left in the group (orphans holding our pipes),
      // then give the pipes a short, bounded time to deliver what is already buffered.
      await killTree();
      await run.drained();
      const cpuNs = cg.cpuNs();
      if (cpuNs > cpuLimitNs) timeLimitExceeded ??= 'cpu';
      let decoded = endedBy;
      if (decoded === null && code !== null && code > 128 && code < 128 + 65) decoded = code - 128;
      const errText = stderr.buffer().toString('utf8');
      const setupError = SETUP_ERRORS.some(
        (e) => code === e.exitCode && errText.startsWith(e.prefix),
      )
        ? errText
        : null;
      return {
        exitCode: code,
        signal: decoded,
        cpuMs: cpuNs / 1e6,
        wallMs,
        memoryBytes: cg.peakMemoryBytes(),
        oomKilled: cg.oomKills() > 0,
        processLimitHeld: heldProcessLimit(atProcessLimit, cg.pidsLimitHits(), limits.pids),
        timeLimitExceeded,
        outputExceeded,
        stdout: stdout.buffer(),
        stderr: stderr.buffer(),
        setupError,
      };
    },
    (e: unknown) => {
      stopWatching();
      throw e;
    },
  );
}
