/** Verdicts, results and language ids shared by the judge, the CLI and the judge service. */

/** Severity order used to pick the overall verdict from case verdicts (first non-AC wins). */
export const VERDICTS = ['AC', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'OLE', 'SE'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** How one case ended: a checker's outcome, or the run's own failure (TLE, RE…). */
export interface CaseOutcome {
  /** The fraction of the case's score, 0..1. */
  fraction: number;
  verdict: Verdict;
  message?: string;
}

export interface CaseResult {
  /** 1-based test case number (tests/<index>.in). */
  index: number;
  verdict: Verdict;
  timeMs: number;
  memoryKiB: number;
  score: number;
  maxScore: number;
  message?: string;
}

export interface SubtaskResult {
  index: number;
  cases: number[];
  mode: 'min' | 'sum';
  score: number;
  maxScore: number;
  verdict: Verdict;
}

/** What the program printed on the first case that was not AC (failing-output.ts). */
export interface FailingOutput {
  /** The case (same as the first non-AC entry of `cases`). */
  index: number;
  /** The first FAILING_OUTPUT_BYTES of stdout. */
  stdout: string;
  /** stdout was longer than what is kept (or the program was stopped for printing too much). */
  stdoutTruncated: boolean;
  /** The last FAILING_OUTPUT_BYTES of stderr (where a crash message or traceback ends). */
  stderr: string;
}

export interface JudgeResult {
  verdict: Verdict;
  score: number;
  maxScore: number;
  /** Maximum per-case CPU time. */
  timeMs: number;
  /** Maximum per-case peak memory. */
  memoryKiB: number;
  compileOutput: string;
  /** The cases that ran, in order; a skipped case (see skippedCases) has no entry. */
  cases: CaseResult[];
  subtasks?: SubtaskResult[];
  /**
   * Cases not run because they could no longer change any score (a `min` subtask that already
   * has a zero, subtask-skip.ts); the deciding case's message names them. Absent in results
   * stored before skipping existed.
   */
  skippedCases?: number[];
  /** Absent when every case is AC, on CE/SE without cases, and in results stored before it. */
  failingOutput?: FailingOutput;
}

export type JudgeProgress =
  | { phase: 'compiling' }
  | { phase: 'running'; case: number; of: number }
  | { phase: 'done'; result: JudgeResult };
