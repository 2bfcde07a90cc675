/**
 * Judging a submission against a problem directory, and single debug runs on custom input.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkPythonSyntax, compileCpp } from './compile.ts';
import { runForeignChecker } from './checkers/foreign.ts';
import { FILE_IO_DIR, prepareFileIo, type FileIoRun } from './file-io.ts';
import {
  decideInteractive,
  openInteractorBox,
  runInteractive,
  type InteractiveBoxes,
} from './interactive.ts';
import { checkDefault, checkFloat, checkStrict, type CheckOutcome } from './checkers/text.ts';
import {
  compileTestlibChecker,
  openCheckerBox,
  runTestlibChecker,
  type TestlibChecker,
} from './checkers/testlib.ts';
import { languageByName, type Language } from './languages.ts';
import { loadProblem, type Problem } from './problem.ts';
import { assertIsolation } from './sandbox/isolation.ts';
import type { Bind, SandboxLimits, SandboxOutcome } from './sandbox/sandbox.ts';
import { captureFailingOutput } from './failing-output.ts';
import { SubtaskSkipper, skipNotes, type SkipReason } from './subtask-skip.ts';
import type {
  CaseOutcome,
  CaseResult,
  FailingOutput,
  JudgeProgress,
  JudgeResult,
  SubtaskResult,
  Verdict,
} from './types.ts';
import { classifyRun } from './verdict.ts';
import { makeWorkDir, removeWorkDir } from './workdir.ts';
import { openWarmBox, warmBoxesEnabled, type WarmBox } from './sandbox/warm-box.ts';

export interface Submission {
  language: string;
  source: string;
}

export interface JudgeOptions {
  cacheDir: string;
  onProgress?: (p: JudgeProgress) => void;
  /** Overrides of the compile limits (COMPILE_LIMITS); tests use tighter ones. */
  compileLimits?: Partial<SandboxLimits>;
}

export const DEFAULT_OUTPUT_LIMIT_BYTES = 64 * 1024 * 1024;
const STDERR_CAP_BYTES = 1024 * 1024;
const SHOWN_BYTES = 64 * 1024;

/** A ready-to-run program: how to start it in the box and what to clean up afterwards. */
interface Program {
  argv: string[];
  binds: Bind[];
  language: Language;
  dispose(): void;
}

type Prepared = { program: Program; compileOutput: string } | { compileError: string };

function requireLanguage(name: string): Language {
  const lang = languageByName(name);
  if (!lang) throw new Error(`不支持的语言：${name}`);
  return lang;
}

async function prepare(
  language: Language,
  source: string,
  cacheDir: string,
  compileLimits?: Partial<SandboxLimits>,
): Promise<Prepared> {
  if (language.kind === 'compiled') {
    const r = await compileCpp(source, language, { cacheDir, limits: compileLimits });
    if (!r.ok || !r.binary) return { compileError: r.output };
    return {
      compileOutput: r.output,
      program: {
        argv: ['/box/main'],
        binds: [{ host: r.binary, box: '/box/main', copy: true }],
        language,
        dispose: () => undefined,
      },
    };
  }
  const syntax = await checkPythonSyntax(source, cacheDir);
  if (!syntax.ok) return { compileError: syntax.output };
  const dir = makeWorkDir(cacheDir, 'py');
  writeFileSync(join(dir, language.sourceFile), source, { mode: 0o644 });
  return {
    compileOutput: '',
    program: {
      argv: [language.interpreter, ...language.interpreterArgs, `/box/${language.sourceFile}`],
      binds: [
        { host: join(dir, language.sourceFile), box: `/box/${language.sourceFile}`, copy: true },
      ],
      language,
      dispose: () => removeWorkDir(dir),
    },
  };
}

export interface RunLimits {
  timeLimitMs: number;
  memoryLimitMiB: number;
  outputLimitBytes?: number;
}

function sandboxLimits(l: RunLimits): SandboxLimits {
  const memoryBytes = l.memoryLimitMiB * 1024 * 1024;
  const output = l.outputLimitBytes ?? DEFAULT_OUTPUT_LIMIT_BYTES;
  return {
    cpuMs: l.timeLimitMs,
    wallMs: l.timeLimitMs * 2 + 1000,
    memoryBytes,
    pids: 32,
    stdoutBytes: output,
    stderrBytes: STDERR_CAP_BYTES,
    fileBytes: output,
    tmpBytes: memoryBytes,
  };
}

/** How a submission's outputs are checked: its compiled checker, in a box of its own. */
interface Checking {
  checker: TestlibChecker | undefined;
  /** The checker's warm box for the submission; null: a fresh box per case. */
  box: WarmBox | null;
  cacheDir: string;
}

function checkOutput(
  problem: Problem,
  checking: Checking,
  input: string,
  answerFile: string,
  output: Buffer,
): Promise<CheckOutcome> | CheckOutcome {
  const spec = problem.meta.checker;
  if (spec.type === 'testlib' || spec.type === 'hustoj' || spec.type === 'qduoj') {
    const { checker, box, cacheDir } = checking;
    if (!checker) return { fraction: 0, verdict: 'SE', message: '检查器未编译' };
    const files = { input, answer: answerFile, output };
    return spec.type === 'testlib'
      ? runTestlibChecker(checker, files, cacheDir, box)
      : runForeignChecker(spec.type, checker, files, cacheDir, box);
  }
  const answer = readFileSync(answerFile);
  if (spec.type === 'strict') return checkStrict(output, answer);
  if (spec.type === 'float') return checkFloat(output, answer, spec.epsilon, spec.mode);
  return checkDefault(output, answer);
}

export async function judgeProblem(
  problemDir: string,
  submission: Submission,
  opts: JudgeOptions,
): Promise<JudgeResult> {
  return judgeLoaded(loadProblem(problemDir), submission, opts);
}

/** Judges against an already loaded problem (the CLI's single-case form builds one in memory). */
export async function judgeLoaded(
  problem: Problem,
  submission: Submission,
  opts: JudgeOptions,
): Promise<JudgeResult> {
  assertIsolation();
  const language = requireLanguage(submission.language);
  const { meta } = problem;
  const maxScore =
    meta.scoring.mode === 'subtasks' ? sum((meta.subtasks ?? []).map((s) => s.score)) : 100;
  const finish = (r: JudgeResult) => {
    opts.onProgress?.({ phase: 'done', result: r });
    return r;
  };

  opts.onProgress?.({ phase: 'compiling' });
  let checker: TestlibChecker | undefined;
  if (problem.checkerSource !== undefined) {
    const c = await compileTestlibChecker(problem.checkerSource, opts.cacheDir);
    if (!c.checker) {
      return finish(emptyResult('SE', maxScore, `检查器编译失败：\n${c.output}`));
    }
    checker = c.checker;
  }
  let interactor: TestlibChecker | undefined;
  if (meta.interactive) {
    if (problem.interactorSource === undefined) {
      return finish(emptyResult('SE', maxScore, '交互题缺少交互器 interactor.cpp'));
    }
    const c = await compileTestlibChecker(problem.interactorSource, opts.cacheDir);
    if (!c.checker) return finish(emptyResult('SE', maxScore, `交互器编译失败：\n${c.output}`));
    interactor = c.checker;
  }
  const prepared = await prepare(language, submission.source, opts.cacheDir, opts.compileLimits);
  if ('compileError' in prepared) return finish(emptyResult('CE', maxScore, prepared.compileError));

  const { program, compileOutput } = prepared;
  const limits = sandboxLimits({
    timeLimitMs: meta.timeLimitMs,
    memoryLimitMiB: meta.memoryLimitMiB,
    outputLimitBytes:
      meta.outputLimitMiB !== undefined ? meta.outputLimitMiB * 1024 * 1024 : undefined,
  });
  const perCase = 100 / problem.cases.length;
  const cases: CaseResult[] = [];
  /** Unrounded score fractions per case, so totals do not accumulate display rounding. */
  const fractions: number[] = [];
  const skipper = new SubtaskSkipper(meta.scoring.mode === 'subtasks' ? meta.subtasks : undefined);
  const skipped = new Map<number, SkipReason[]>();
  let failingOutput: FailingOutput | undefined;
  // Standard input and output: every case runs in one box built for this submission. The
  // interactive and file-I/O cases need a box with their own files: a fresh one each.
  let box: WarmBox | null = null;
  let interactorBox: WarmBox | null = null;
  const checking: Checking = { checker, box: null, cacheDir: opts.cacheDir };
  try {
    const programBox = await openWarmBox({
      binds: program.binds,
      // A file-I/O case's folder is its own, mounted for its run alone.
      ...(meta.io.mode === 'file' ? { mountPoints: [{ box: FILE_IO_DIR, kind: 'dir' }] } : {}),
      cacheDir: opts.cacheDir,
    });
    box = programBox;
    if (interactor && warmBoxesEnabled()) {
      interactorBox = await openInteractorBox(interactor, opts.cacheDir);
    }
    if (checker) checking.box = await openCheckerBox(checker, opts.cacheDir);
    for (const tc of problem.cases) {
      const reasons = skipper.skipReasons(tc.index);
      if (reasons) {
        skipped.set(tc.index, reasons);
        continue;
      }
      opts.onProgress?.({ phase: 'running', case: tc.index, of: problem.cases.length });
      const ran = interactor
        ? await runInteractiveCase(problem, program, limits, interactor, checking, tc, {
            boxes: interactorBox ? { program: programBox, interactor: interactorBox } : undefined,
          })
        : await runPlainCase(problem, program, limits, checking, tc, programBox);
      const { run: r, check } = ran;
      const result: CaseResult = {
        index: tc.index,
        timeMs: Math.round(r.cpuMs),
        memoryKiB: Math.round(r.memoryBytes / 1024),
        maxScore: round2(perCase),
        verdict: check.verdict,
        score: round2(check.fraction * perCase),
        ...(check.message ? { message: check.message } : {}),
      };
      const fraction = check.fraction;
      cases.push(result);
      fractions.push(fraction);
      skipper.record(tc.index, fraction);
      // Only the first failing case's output is kept: it is the one shown to the learner.
      if (result.verdict !== 'AC' && !failingOutput) {
        failingOutput = captureFailingOutput(tc.index, ran.shown, r.stderr, r.outputExceeded);
      }
    }
  } finally {
    await Promise.all([box?.close(), interactorBox?.close(), checking.box?.close()]);
    program.dispose();
  }
  noteSkipped(cases, skipped);
  const summary = summarise(problem, cases, fractions, compileOutput, maxScore);
  return finish({
    ...summary,
    skippedCases: [...skipped.keys()],
    ...(failingOutput ? { failingOutput } : {}),
  });
}

/** One case's run: the program's outcome, its verdict and score, and the output to show. */
interface CaseRun {
  run: SandboxOutcome;
  check: CaseOutcome;
  /** What the learner is shown as the program's output if this case fails. */
  shown: Buffer;
}

type TestCase = Problem['cases'][number];

async function runPlainCase(
  problem: Problem,
  program: Program,
  limits: SandboxLimits,
  checking: Checking,
  tc: TestCase,
  box: WarmBox,
): Promise<CaseRun> {
  const { io } = problem.meta;
  const fileIo = io.mode === 'file' ? prepareFileIo(io, tc.input, checking.cacheDir) : undefined;
  let r: SandboxOutcome;
  let output: Buffer | { missing: string };
  try {
    r = await box.run({
      argv: program.argv,
      ...(fileIo ? { binds: [fileIo.bind], cwd: fileIo.cwd } : { stdinFile: tc.input }),
      limits,
    });
    // A file-I/O program answers in its output file; what it prints is not its answer.
    output = fileIo ? readOutput(fileIo, limits.fileBytes) : r.stdout;
  } finally {
    fileIo?.dispose();
  }
  const shown = Buffer.isBuffer(output) ? output : r.stdout;
  const own = classifyRun(r, limits.memoryBytes);
  if (own.verdict) return { run: r, shown, check: { fraction: 0, ...own, verdict: own.verdict } };
  if (!Buffer.isBuffer(output)) {
    return { run: r, shown, check: { fraction: 0, verdict: 'WA', message: output.missing } };
  }
  const check = await checkOutput(problem, checking, tc.input, tc.answer, output);
  return { run: r, shown, check };
}

async function runInteractiveCase(
  problem: Problem,
  program: Program,
  limits: SandboxLimits,
  interactor: TestlibChecker,
  checking: Checking,
  tc: TestCase,
  where: { boxes: InteractiveBoxes | undefined },
): Promise<CaseRun> {
  const ran = await runInteractive({
    program: { argv: program.argv, binds: program.binds, limits },
    interactor,
    input: tc.input,
    answer: tc.answer,
    cacheDir: checking.cacheDir,
    ...(where.boxes ? { boxes: where.boxes } : {}),
  });
  // The program's output went to the interactor and was not kept; `tout` is the jury's text
  // (it may name the hidden answer), so nothing is shown as the program's output.
  const base = { run: ran.program, shown: Buffer.alloc(0) };
  const decision = decideInteractive(ran, limits.memoryBytes, checking.checker !== undefined);
  if ('decided' in decision) return { ...base, check: decision.decided };
  const check = await checkOutput(problem, checking, tc.input, tc.answer, decision.check);
  return { ...base, check };
}

const readOutput = (fileIo: FileIoRun, maxBytes: number) => {
  const read = fileIo.readOutput(maxBytes);
  return 'output' in read ? read.output : read;
};

/** Appends to each deciding case's message which cases its zero made unnecessary. */
function noteSkipped(cases: CaseResult[], skipped: Map<number, SkipReason[]>): void {
  const notes = skipNotes(skipped);
  for (const c of cases) {
    const note = notes.get(c.index);
    if (note) c.message = c.message ? `${c.message}；${note}` : note;
  }
}

function summarise(
  problem: Problem,
  cases: CaseResult[],
  fractions: number[],
  compileOutput: string,
  maxScore: number,
): JudgeResult {
  const verdict: Verdict = cases.find((c) => c.verdict !== 'AC')?.verdict ?? 'AC';
  const timeMs = Math.max(0, ...cases.map((c) => c.timeMs));
  const memoryKiB = Math.max(0, ...cases.map((c) => c.memoryKiB));
  if (problem.meta.scoring.mode !== 'subtasks') {
    return {
      verdict,
      score: round2((sum(fractions) * 100) / Math.max(1, problem.cases.length)),
      maxScore,
      timeMs,
      memoryKiB,
      compileOutput,
      cases,
    };
  }
  const byIndex = new Map(cases.map((c) => [c.index, c]));
  const fractionOf = new Map(cases.map((c, k) => [c.index, fractions[k] ?? 0]));
  const subtasks: SubtaskResult[] = (problem.meta.subtasks ?? []).map((st, k) => {
    const fr = st.cases.map((i) => fractionOf.get(i) ?? 0);
    const f = st.mode === 'min' ? Math.min(...fr) : sum(fr) / fr.length;
    // Skipped cases have no result; the case that decided the subtask ran and is not AC.
    const worst = st.cases
      .map((i) => byIndex.get(i)?.verdict)
      .find((v) => v !== undefined && v !== 'AC');
    return {
      index: k + 1,
      cases: st.cases,
      mode: st.mode,
      score: round2(f * st.score),
      maxScore: st.score,
      verdict: worst ?? 'AC',
    };
  });
  return {
    verdict,
    score: round2(sum(subtasks.map((s) => s.score))),
    maxScore,
    timeMs,
    memoryKiB,
    compileOutput,
    cases,
    subtasks,
  };
}

function emptyResult(verdict: Verdict, maxScore: number, compileOutput: string): JudgeResult {
  return {
    verdict,
    score: 0,
    maxScore,
    timeMs: 0,
    memoryKiB: 0,
    compileOutput,
    cases: [],
    skippedCases: [],
  };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const round2 = (x: number) => Math.round(x * 100) / 100;

export interface RunOnceResult {
  /** AC means the program ran to completion with exit code 0 (no answer to compare with). */
  verdict: Verdict;
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  timeMs: number;
  memoryKiB: number;
  exitCode: number | null;
  compileOutput: string;
  message?: string;
}

/** A debug run on custom input (not a submission): capped stdout/stderr, time, memory, verdict. */
export async function runOnce(
  submission: Submission,
  input: string,
  limits: RunLimits,
  opts: { cacheDir: string; compileLimits?: Partial<SandboxLimits> },
): Promise<RunOnceResult> {
  assertIsolation();
  const language = requireLanguage(submission.language);
  const prepared = await prepare(language, submission.source, opts.cacheDir, opts.compileLimits);
  if ('compileError' in prepared) {
    return {
      verdict: 'CE',
      stdout: '',
      stderr: '',
      stdoutTruncated: false,
      timeMs: 0,
      memoryKiB: 0,
      exitCode: null,
      compileOutput: prepared.compileError,
    };
  }
  const { program, compileOutput } = prepared;
  const dir = makeWorkDir(opts.cacheDir, 'stdin');
  try {
    const inputFile = join(dir, 'input');
    writeFileSync(inputFile, input);
    const sl = sandboxLimits(limits);
    // The same box a judged submission's cases run in, so the two cannot drift apart.
    const box = await openWarmBox({ binds: program.binds, cacheDir: opts.cacheDir });
    let r: SandboxOutcome;
    try {
      r = await box.run({ argv: program.argv, stdinFile: inputFile, limits: sl });
    } finally {
      await box.close();
    }
    const run = classifyRun(r, sl.memoryBytes);
    return {
      verdict: run.verdict ?? 'AC',
      stdout: r.stdout.subarray(0, SHOWN_BYTES).toString('utf8'),
      stderr: r.stderr.subarray(0, SHOWN_BYTES).toString('utf8'),
      stdoutTruncated: r.stdout.length > SHOWN_BYTES || r.outputExceeded,
      timeMs: Math.round(r.cpuMs),
      memoryKiB: Math.round(r.memoryBytes / 1024),
      exitCode: r.exitCode,
      compileOutput,
      ...(run.message ? { message: run.message } : {}),
    };
  } finally {
    removeWorkDir(dir);
    program.dispose();
  }
}

/** Builds an in-memory one-case problem (CLI `--input/--answer` form). */
export function singleCaseProblem(opts: {
  input: string;
  answer: string;
  timeLimitMs: number;
  memoryLimitMiB: number;
  checker?: Problem['meta']['checker'];
}): Problem {
  return {
    dir: '(single case)',
    meta: {
      title: 'single case',
      difficulty: 'easy',
      timeLimitMs: opts.timeLimitMs,
      memoryLimitMiB: opts.memoryLimitMiB,
      checker: opts.checker ?? { type: 'default' },
      scoring: { mode: 'sum' },
      io: { mode: 'stdio' },
      interactive: false,
      samples: [],
      tags: [],
    },
    cases: [{ index: 1, input: opts.input, answer: opts.answer }],
  };
}
