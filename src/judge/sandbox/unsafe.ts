/**
 * XINAO_JUDGE_UNSAFE=1 fallback for development machines without bubblewrap/cgroups.
 * NOT A SANDBOX: the program runs as the judge's own user, sees the whole file system and the
 * network. Only the limits that need no kernel support are applied: wall-clock time (also used as
 * the CPU time), capped stdout/stderr, the process group killed at the end, and peak memory
 * sampled from the main process's VmHWM (children are not accounted).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { CappedSink } from './capped-sink.ts';
import type { Bind, SandboxOutcome, SandboxRequest } from './sandbox.ts';

/** Maps a path inside the box to the host path it is bound from (also inside `-I/box/...`). */
export function translateBoxPath(arg: string, binds: readonly Bind[]): string {
  const sorted = [...binds].sort((a, b) => b.box.length - a.box.length);
  const prefix = arg.startsWith('-I') ? '-I' : '';
  const path = arg.slice(prefix.length);
  for (const b of sorted) {
    if (path === b.box || path.startsWith(`${b.box}/`))
      return prefix + b.host + path.slice(b.box.length);
  }
  return arg;
}

function vmHwmBytes(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export function runUnsandboxed(req: SandboxRequest): Promise<SandboxOutcome> {
  const binds = req.binds ?? [];
  const argv = req.argv.map((a) => translateBoxPath(a, binds));
  const scratch = mkdtempSync(join(tmpdir(), 'xinao-unsafe-'));
  const cwd = req.cwd && req.cwd !== '/tmp' ? translateBoxPath(req.cwd, binds) : scratch;
  const { wired } = req;
  const stdinFd = wired ? wired.stdin : openSync(req.stdinFile ?? '/dev/null', 'r');
  let inputsOpen = true;
  const closeInputs = () => {
    if (!inputsOpen) return;
    inputsOpen = false;
    closeSync(stdinFd);
    if (wired) closeSync(wired.stdout);
  };
  const { limits } = req;
  return new Promise<SandboxOutcome>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(argv[0]!, argv.slice(1), {
      stdio: [stdinFd, wired?.stdout ?? 'pipe', 'pipe'],
      cwd,
      detached: true,
      env: { PATH: '/usr/bin:/bin', HOME: scratch, LANG: 'C.UTF-8' },
    });
    // The child holds its own copies now; an interactive run's FIFO ends must not stay open here.
    closeInputs();
    const stdout = new CappedSink(limits.stdoutBytes);
    const stderr = new CappedSink(limits.stderrBytes);
    let outputExceeded = false;
    let timeLimitExceeded: 'cpu' | 'wall' | null = null;
    let peak = 0;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // group already gone
      }
    };
    const onData = (sink: CappedSink) => (chunk: Buffer) => {
      if (!sink.push(chunk) && !outputExceeded) {
        outputExceeded = true;
        killGroup();
      }
    };
    child.stdout?.on('data', onData(stdout));
    (child.stderr as Readable).on('data', onData(stderr));
    req.signal?.addEventListener('abort', killGroup, { once: true });
    const poll = setInterval(() => {
      if (child.pid) peak = Math.max(peak, vmHwmBytes(child.pid));
      if (peak > limits.memoryBytes) killGroup();
    }, 10);
    const timer = setTimeout(() => {
      timeLimitExceeded = 'cpu';
      killGroup();
    }, limits.cpuMs);
    const cleanup = () => {
      clearInterval(poll);
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', killGroup);
      closeInputs();
      rmSync(scratch, { recursive: true, force: true });
    };
    child.on('error', (e) => {
      cleanup();
      reject(e);
    });
    child.on('exit', (code, sig) => {
      const wallMs = performance.now() - started;
      killGroup();
      cleanup();
      child.stdout?.destroy();
      (child.stderr as Readable).destroy();
      resolve({
        exitCode: code,
        signal: sig ? (sig === 'SIGKILL' ? 9 : sig === 'SIGSEGV' ? 11 : 6) : null,
        cpuMs: wallMs,
        wallMs,
        memoryBytes: peak,
        oomKilled: peak > limits.memoryBytes,
        processLimitHeld: false,
        timeLimitExceeded,
        outputExceeded,
        stdout: stdout.buffer(),
        stderr: stderr.buffer(),
        setupError: null,
      });
    });
  });
}
