/**
 * Interactive problems (交互题): the program and the interactor — a testlib program built with
 * `registerInteraction`, run as `interactor input tout answer` — run at once, each in a box and a
 * cgroup of its own. Two FIFOs join them: the program's stdout is the interactor's stdin (`ouf`),
 * the interactor's stdout is the program's stdin. Only the program's time and memory are the
 * program's; the interactor has limits of its own, and its failing is the jury's fault (SE).
 *
 * Who decides (docs/problem-format.md "Interactive problems"), from the outcomes alone, since
 * which side's end reaches Node first is a race:
 *   - the interactor failed (crash, its own time or memory, FAIL) → SE, the jury's fault;
 *   - the program exceeded a limit (TLE, MLE, OLE) → that; a program that never answers waits
 *     until its wall clock runs out, which is shorter than the interactor's. A program that ended
 *     holding its process limit is a runtime error (verdict.ts), under the rule below;
 *   - the program's runtime error, when the program ended first: the interactor then accepted
 *     anyway or complained of an unexpected end of the program's output → RE;
 *   - the interactor gave a verdict other than OK → that verdict. The program is stopped as soon
 *     as it is given, so a runtime error after it (a write into the closed pipe, a read past the
 *     end of the replies) is the refusal's consequence and does not count;
 *   - the interactor accepted: the checker, when the problem has a compiled one, reads `tout` as
 *     the output; without one the interactor's OK is the verdict.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, closeSync, constants, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { verdictOf, type TestlibChecker } from './checkers/testlib.ts';
import {
  runSandboxed,
  SANDBOX_GID,
  SANDBOX_UID,
  type Bind,
  type SandboxLimits,
  type SandboxOutcome,
} from './sandbox/sandbox.ts';
import type { CaseOutcome } from './types.ts';
import { openWarmBox, type WarmBox } from './sandbox/warm-box.ts';
import { classifyRun } from './verdict.ts';
import { makeWorkDir, removeWorkDir } from './workdir.ts';

/** The interactor's files inside its box: the case's input, the answer, and `tout`. */
const BOX = {
  interactor: '/interact/interactor',
  input: '/interact/input',
  tout: '/interact/tout',
  answer: '/interact/answer',
} as const;
const MKFIFO = '/usr/bin/mkfifo';
const TOUT_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * The interactor's limits, from the program's: it may take as long again as the program's time
 * limit (at least 5 s of CPU), and it outlives the program's wall clock, so that when both wait
 * on each other it is the program that is stopped (TLE), not the jury.
 */
export function interactorLimits(program: SandboxLimits): SandboxLimits {
  return {
    cpuMs: Math.max(5_000, program.cpuMs * 2),
    wallMs: program.wallMs + 2_000,
    memoryBytes: 512 * 1024 * 1024,
    pids: 4,
    stdoutBytes: 0,
    stderrBytes: 64 * 1024,
    fileBytes: TOUT_LIMIT_BYTES,
  };
}

export interface InteractiveRun {
  program: SandboxOutcome;
  interactor: SandboxOutcome;
  /** What the interactor wrote for the checker (`tout`). */
  tout: Buffer;
}

/** A FIFO's two ends, opened without blocking: a read-write end is held while they are opened. */
function openFifo(path: string): { read: number; write: number } {
  execFileSync(MKFIFO, ['-m', '0600', path]);
  // Both boxes run as the sandbox user, and `/dev/stdin` reopens the FIFO through
  // /proc/self/fd, which checks the owner.
  chownSync(path, SANDBOX_UID, SANDBOX_GID);
  // On Linux an O_RDWR open of a FIFO never waits (fifo(7)); with it held, neither of the
  // one-way opens waits for the other side, and both ends stay blocking for the programs.
  const keeper = openSync(path, constants.O_RDWR);
  try {
    const read = openSync(path, constants.O_RDONLY);
    try {
      return { read, write: openSync(path, constants.O_WRONLY) };
    } catch (e) {
      closeSync(read);
      throw e;
    }
  } finally {
    closeSync(keeper);
  }
}

/** The interactor's box, built once for a submission: its binary, and room for a case's files. */
export function openInteractorBox(interactor: TestlibChecker, cacheDir: string): Promise<WarmBox> {
  return openWarmBox({
    binds: [{ host: interactor.binary, box: BOX.interactor }],
    mountPoints: [BOX.input, BOX.tout, BOX.answer].map((box) => ({ box, kind: 'file' as const })),
    cacheDir,
  });
}

/** The two sides' warm boxes; without them each case builds two fresh ones. */
export interface InteractiveBoxes {
  program: WarmBox;
  interactor: WarmBox;
}

export async function runInteractive(opts: {
  program: { argv: string[]; binds: Bind[]; limits: SandboxLimits };
  interactor: TestlibChecker;
  input: string;
  answer: string;
  cacheDir: string;
  boxes?: InteractiveBoxes;
}): Promise<InteractiveRun> {
  const dir = makeWorkDir(opts.cacheDir, 'interact');
  try {
    const tout = join(dir, 'tout');
    writeFileSync(tout, '', { mode: 0o600 });
    chownSync(tout, SANDBOX_UID, SANDBOX_GID);
    if (opts.boxes) return await runInWarmBoxes(opts, opts.boxes, dir, tout);
    // From here on every descriptor opened is handed to a run, which closes it.
    const toProgram = openFifo(join(dir, 'to-program'));
    let toInteractor: { read: number; write: number };
    try {
      toInteractor = openFifo(join(dir, 'to-interactor'));
    } catch (e) {
      closeSync(toProgram.read);
      closeSync(toProgram.write);
      throw e;
    }
    const stop = new AbortController();
    // Each run owns the two descriptors it is given and closes them once its box holds them, so
    // either side sees the end of its input as soon as the other side is gone.
    const program = runSandboxed({
      argv: opts.program.argv,
      binds: opts.program.binds,
      wired: { stdin: toProgram.read, stdout: toInteractor.write },
      limits: opts.program.limits,
      cacheDir: opts.cacheDir,
      signal: stop.signal,
    });
    const interactor = runSandboxed({
      argv: [BOX.interactor, BOX.input, BOX.tout, BOX.answer],
      binds: [
        { host: opts.interactor.binary, box: BOX.interactor },
        { host: opts.input, box: BOX.input },
        { host: tout, box: BOX.tout, writable: true },
        { host: opts.answer, box: BOX.answer },
      ],
      wired: { stdin: toInteractor.read, stdout: toProgram.write },
      limits: interactorLimits(opts.program.limits),
      cacheDir: opts.cacheDir,
    }).then((r) => {
      // A verdict other than OK decides the case: the program has nothing left to say.
      if (r.exitCode !== 0) stop.abort();
      return r;
    });
    const [p, i] = await Promise.allSettled([program, interactor]);
    if (p.status === 'rejected') throw p.reason;
    if (i.status === 'rejected') throw i.reason;
    return {
      program: p.value,
      interactor: i.value,
      tout: readFileSync(tout),
    };
  } finally {
    removeWorkDir(dir);
  }
}

/** The same run in the submission's two warm boxes: the keeper opens the FIFOs' ends. */
async function runInWarmBoxes(
  opts: Parameters<typeof runInteractive>[0],
  boxes: InteractiveBoxes,
  dir: string,
  tout: string,
): Promise<InteractiveRun> {
  // The keeper makes the FIFOs as it opens them.
  const toProgram = join(dir, 'to-program');
  const toInteractor = join(dir, 'to-interactor');
  const stop = new AbortController();
  const program = boxes.program.run({
    argv: opts.program.argv,
    wired: { stdin: toProgram, stdout: toInteractor },
    limits: opts.program.limits,
    signal: stop.signal,
  });
  const interactor = boxes.interactor
    .run({
      argv: [BOX.interactor, BOX.input, BOX.tout, BOX.answer],
      wired: { stdin: toInteractor, stdout: toProgram },
      binds: [
        { host: opts.input, box: BOX.input },
        { host: tout, box: BOX.tout, writable: true },
        { host: opts.answer, box: BOX.answer },
      ],
      limits: interactorLimits(opts.program.limits),
    })
    .then((r) => {
      if (r.exitCode !== 0) stop.abort();
      return r;
    })
    .catch((e: unknown) => {
      // No interactor: nothing will ever answer the program.
      stop.abort();
      throw e;
    });
  const [p, i] = await Promise.allSettled([program, interactor]);
  if (p.status === 'rejected') throw p.reason;
  if (i.status === 'rejected') throw i.reason;
  return { program: p.value, interactor: i.value, tout: readFileSync(tout) };
}

export type InteractiveDecision =
  | { decided: CaseOutcome }
  /** The interactor accepted and the problem has a checker: it reads `tout`. */
  | { check: Buffer; interactorMessage: string };

/** Applies the rules at the top of this file to a finished run. */
export function decideInteractive(
  run: InteractiveRun,
  programMemoryBytes: number,
  hasChecker: boolean,
): InteractiveDecision {
  const it = run.interactor;
  const message = (it.stderr.toString('utf8') || '').trim().slice(0, 1000);
  if (it.setupError || it.timeLimitExceeded || it.oomKilled || it.signal !== null) {
    const why = it.timeLimitExceeded ? '超时' : it.oomKilled ? '内存超限' : '异常退出';
    return {
      decided: { fraction: 0, verdict: 'SE', message: `交互器运行失败（${why}）：${message}` },
    };
  }
  const own = classifyRun(run.program, programMemoryBytes);
  // A runtime error decides when the program ended first: the interactor accepted anyway, or
  // it was left reading past the end of the program's output (testlib's "Unexpected end of
  // file"). After any other refusal the crash is its consequence — a write into the closed
  // pipe, a read past the end of the replies, or the judge stopping the program.
  const crashedFirst = it.exitCode === 0 || /Unexpected end of file/.test(message);
  if (own.verdict && (own.verdict !== 'RE' || crashedFirst)) {
    return { decided: { fraction: 0, verdict: own.verdict, message: own.message } };
  }
  if (it.exitCode !== 0) return { decided: verdictOf(it.exitCode, message, '交互器') };
  return hasChecker
    ? { check: run.tout, interactorMessage: message }
    : { decided: { fraction: 1, verdict: 'AC', message } };
}
