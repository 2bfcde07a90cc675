/**
 * Which cases can still change a score. A `min` subtask earns its score × the smallest case
 * fraction, so once one of its cases scores 0 its score is 0 whatever the rest do; its remaining
 * cases are worth running only for another subtask that still needs them (a `sum` subtask, or a
 * `min` subtask with no zero yet). Skipping them saves judge time on TLE-heavy submissions.
 *
 * The overall verdict stays right: a skipped case always comes after a case that scored 0, and a
 * case that scores 0 is never AC, so the first non-AC case is among those that ran.
 */
import type { ProblemMeta } from './problem.ts';

type Subtasks = NonNullable<ProblemMeta['subtasks']>;

export interface SkipReason {
  /** 1-based subtask number. */
  subtask: number;
  /** The case whose zero score decided the subtask. */
  decidedBy: number;
}

export class SubtaskSkipper {
  private readonly subtasks: Subtasks;
  /** Per subtask (0-based): the first case of it that scored 0, once there is one. */
  private readonly decidedBy: (number | undefined)[];

  /** `subtasks` undefined (sum scoring): every case counts and nothing is skipped. */
  constructor(subtasks: Subtasks | undefined) {
    this.subtasks = subtasks ?? [];
    this.decidedBy = this.subtasks.map(() => undefined);
  }

  /** Records the score fraction of a case that ran. */
  record(caseIndex: number, fraction: number): void {
    if (fraction > 0) return;
    this.subtasks.forEach((st, k) => {
      if (st.mode === 'min' && this.decidedBy[k] === undefined && st.cases.includes(caseIndex)) {
        this.decidedBy[k] = caseIndex;
      }
    });
  }

  /**
   * Why case `caseIndex` need not run (every subtask naming it is a decided `min` subtask), or
   * null when it must run. A case no subtask names runs: it still has a per-case result to show.
   */
  skipReasons(caseIndex: number): SkipReason[] | null {
    const reasons: SkipReason[] = [];
    for (const [k, st] of this.subtasks.entries()) {
      if (!st.cases.includes(caseIndex)) continue;
      const decidedBy = this.decidedBy[k];
      if (st.mode !== 'min' || decidedBy === undefined) return null;
      reasons.push({ subtask: k + 1, decidedBy });
    }
    return reasons.length > 0 ? reasons : null;
  }
}

/**
 * The note added to the message of each deciding case, e.g.
 * "子任务 2 已不得分，其余测试点 5、6 未运行": the learner sees why those cases have no result.
 */
export function skipNotes(skipped: Map<number, SkipReason[]>): Map<number, string> {
  /** decidedBy → subtask → skipped cases, in run order. */
  const byDecider = new Map<number, Map<number, number[]>>();
  for (const [caseIndex, reasons] of skipped) {
    for (const r of reasons) {
      const bySubtask = byDecider.get(r.decidedBy) ?? new Map<number, number[]>();
      byDecider.set(r.decidedBy, bySubtask);
      bySubtask.set(r.subtask, [...(bySubtask.get(r.subtask) ?? []), caseIndex]);
    }
  }
  const notes = new Map<number, string>();
  for (const [decider, bySubtask] of byDecider) {
    const parts = [...bySubtask.entries()]
      .sort(([a], [b]) => a - b)
      .map(([k, cases]) => `子任务 ${k} 已不得分，其余测试点 ${cases.join('、')} 未运行`);
    notes.set(decider, parts.join('；'));
  }
  return notes;
}
