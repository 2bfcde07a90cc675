/** Built-in checkers that compare the program's output with the answer in memory. */

export interface CheckOutcome {
  /** Fraction of the case's score earned, 0..1. */
  fraction: number;
  /** 'AC' or 'WA' for built-ins; testlib may also yield 'SE' (checker failure). */
  verdict: 'AC' | 'WA' | 'SE';
  message?: string;
}

const ok = (): CheckOutcome => ({ fraction: 1, verdict: 'AC' });
const wrong = (message: string): CheckOutcome => ({ fraction: 0, verdict: 'WA', message });

function normalisedLines(text: string): string[] {
  const lines = text.split('\n').map((l) => l.replace(/[ \t\r\f\v]+$/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 60)}…` : s);

/** Ignores trailing whitespace on each line and trailing blank lines; everything else must match. */
export function checkDefault(output: Buffer, answer: Buffer): CheckOutcome {
  const got = normalisedLines(output.toString('utf8'));
  const want = normalisedLines(answer.toString('utf8'));
  const n = Math.max(got.length, want.length);
  for (let i = 0; i < n; i++) {
    if (got[i] !== want[i]) {
      if (got[i] === undefined) return wrong(`第 ${i + 1} 行：输出过早结束`);
      if (want[i] === undefined) return wrong(`第 ${i + 1} 行：输出多余内容`);
      return wrong(`第 ${i + 1} 行不同：期望 "${clip(want[i]!)}"，得到 "${clip(got[i]!)}"`);
    }
  }
  return ok();
}

/** Byte-for-byte comparison. */
export function checkStrict(output: Buffer, answer: Buffer): CheckOutcome {
  if (output.equals(answer)) return ok();
  const n = Math.min(output.length, answer.length);
  let i = 0;
  while (i < n && output[i] === answer[i]) i++;
  return wrong(`第 ${i} 字节起不同（输出 ${output.length} 字节，答案 ${answer.length} 字节）`);
}

export type FloatMode = 'absolute' | 'relative' | 'either';

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Token-by-token comparison: numeric tokens match when within epsilon (absolute, relative to the
 * answer, or either — the default), other tokens must be equal.
 */
export function checkFloat(
  output: Buffer,
  answer: Buffer,
  epsilon: number,
  mode: FloatMode = 'either',
): CheckOutcome {
  const got = output.toString('utf8').split(/\s+/).filter(Boolean);
  const want = answer.toString('utf8').split(/\s+/).filter(Boolean);
  if (got.length !== want.length)
    return wrong(`数值个数不同：期望 ${want.length} 个，得到 ${got.length} 个`);
  for (let i = 0; i < want.length; i++) {
    const g = got[i]!;
    const w = want[i]!;
    if (NUMBER.test(w) && NUMBER.test(g)) {
      const a = Number(g);
      const b = Number(w);
      const diff = Math.abs(a - b);
      const absOk = diff <= epsilon;
      const relOk = diff <= epsilon * Math.abs(b);
      const pass = mode === 'absolute' ? absOk : mode === 'relative' ? relOk : absOk || relOk;
      if (!pass) return wrong(`第 ${i + 1} 个数误差过大：期望 ${clip(w)}，得到 ${clip(g)}`);
    } else if (g !== w) {
      return wrong(`第 ${i + 1} 个记号不同：期望 "${clip(w)}"，得到 "${clip(g)}"`);
    }
  }
  return ok();
}
