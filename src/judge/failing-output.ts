/**
 * What the program printed on the first failing case, kept so a learner can compare it with the
 * expected answer. Only one case is kept, and only its first bytes of stdout and last bytes of
 * stderr (a crash message or a Python traceback ends there), so stored results stay small.
 */
import type { FailingOutput } from './types.ts';

/** Bytes of stdout (head) and of stderr (tail) kept for the first failing case. */
export const FAILING_OUTPUT_BYTES = 4096;

const isContinuationByte = (b: number) => (b & 0xc0) === 0x80;

/** The first `max` bytes as text, not ending inside a UTF-8 sequence. */
export function headText(buf: Buffer, max: number): string {
  if (buf.length <= max) return buf.toString('utf8');
  let end = max;
  // Step back over a sequence the cut would split (its lead byte and continuation bytes).
  while (end > 0 && end > max - 4 && isContinuationByte(buf[end]!)) end--;
  return buf.subarray(0, end).toString('utf8');
}

/** The last `max` bytes as text, not starting inside a UTF-8 sequence. */
export function tailText(buf: Buffer, max: number): string {
  if (buf.length <= max) return buf.toString('utf8');
  let start = buf.length - max;
  while (start < buf.length && start < buf.length - max + 4 && isContinuationByte(buf[start]!)) {
    start++;
  }
  return buf.subarray(start).toString('utf8');
}

/**
 * The kept output of case `index`. `outputExceeded`: the sandbox stopped the program for printing
 * too much, so even a short capture is not all of what it would have printed.
 */
export function captureFailingOutput(
  index: number,
  stdout: Buffer,
  stderr: Buffer,
  outputExceeded: boolean,
): FailingOutput {
  return {
    index,
    stdout: headText(stdout, FAILING_OUTPUT_BYTES),
    stdoutTruncated: stdout.length > FAILING_OUTPUT_BYTES || outputExceeded,
    stderr: tailText(stderr, FAILING_OUTPUT_BYTES),
  };
}
