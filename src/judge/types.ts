/** Verdicts, results and language ids shared by the judge, the CLI and the judge service. */

export type Verdict = 'AC' | 'WA' | 'TLE' | 'MLE' | 'RE' | 'CE' | 'OLE' | 'SE';

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

export interface JudgeResult {
  verdict: Verdict;
  score: number;
  maxScore: number;
  /** Maximum per-case CPU time. */
  timeMs: number;
  /** Maximum per-case peak memory. */
  memoryKiB: number;
  compileOutput: string;
  cases: CaseResult[];
  subtasks?: SubtaskResult[];
}

export type JudgeProgress =
  | { phase: 'compiling' }
  | { phase: 'running'; case: number; of: number }
  | { phase: 'done'; result: JudgeResult };

/** Severity order used to pick the overall verdict from case verdicts (first non-AC wins). */
export const VERDICTS: readonly Verdict[] = ['AC', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'OLE', 'SE'];
