/**
 * Watches one sandboxed run, however it was started (a fresh box in sandbox.ts, a warm one in
 * warm-box.ts): caps its output, stops it at its CPU or wall-clock limit or when asked, and
 * turns what the cgroup counted into the outcome. Every stop is the cgroup's killAll, so an
 * orphan holding a pipe cannot outlive its run.
 */
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
      void killTree();
    }
  };
  run.listen(onData(stdout), onData(stderr));
  const onAbort = () => void killTree();
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });

  const cpuLimitNs = limits.cpuMs * 1e6;
  const poll = setInterval(() => {
    try {
      if (cg.cpuNs() > cpuLimitNs) {
        timeLimitExceeded ??= 'cpu';
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
        pidsLimitHit: cg.pidsLimitHits() > 0,
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
