import { describe, expect, it } from 'vitest';
import { FAILING_OUTPUT_BYTES, headText, tailText } from './failing-output.ts';
import { judgeLoaded } from './judge.ts';
import { TEST_CACHE_DIR, problemFromCases, registerSandboxHooks } from './test-support.ts';

registerSandboxHooks({ checkLeftovers: true });

/** Does what its input says: `echo X` prints X, `big` prints 5000 x's, `crash` fills stderr and raises. */
const COMMANDS_PY = `import sys
cmd = sys.stdin.read().split()
if cmd[0] == 'echo':
    print(cmd[1])
elif cmd[0] == 'big':
    sys.stdout.write('x' * 5000 + '\\n')
elif cmd[0] == 'crash':
    print('partial')
    sys.stderr.write('e' * 6000 + '\\n')
    raise ZeroDivisionError('boom')
`;
const judge = (cases: { input: string; answer: string }[]) =>
  judgeLoaded(
    problemFromCases(cases),
    { language: 'python', source: COMMANDS_PY },
    { cacheDir: TEST_CACHE_DIR },
  );

describe('the first failing case keeps what the program printed', () => {
  it('keeps the first 4 KiB of stdout of the first failing case only', async () => {
    const r = await judge([
      { input: 'echo a\n', answer: 'a\n' },
      { input: 'big\n', answer: 'y\n' },
      { input: 'echo b\n', answer: 'c\n' },
    ]);
    expect(r.cases.map((c) => c.verdict)).toEqual(['AC', 'WA', 'WA']);
    expect(r.failingOutput).toEqual({
      index: 2,
      stdout: 'x'.repeat(FAILING_OUTPUT_BYTES),
      stdoutTruncated: true,
      stderr: '',
    });
    // Case 3 failed too, but only the first failing case's output is kept, and never per case.
    expect(JSON.stringify(r)).not.toContain('"b\\n"');
    expect(r.cases.every((c) => !('stdout' in c) && !('output' in c))).toBe(true);
  });

  it('keeps a short wrong output whole, not marked truncated', async () => {
    const r = await judge([{ input: 'echo 41\n', answer: '42\n' }]);
    expect(r.failingOutput).toEqual({
      index: 1,
      stdout: '41\n',
      stdoutTruncated: false,
      stderr: '',
    });
  });

  it('keeps the tail of stderr on a runtime error, where the traceback ends', async () => {
    const r = await judge([
      { input: 'echo a\n', answer: 'a\n' },
      { input: 'crash\n', answer: 'x\n' },
    ]);
    expect(r.verdict).toBe('RE');
    const kept = r.failingOutput!;
    expect(kept.index).toBe(2);
    expect(kept.stdout).toBe('partial\n');
    expect(Buffer.byteLength(kept.stderr)).toBeLessThanOrEqual(FAILING_OUTPUT_BYTES);
    expect(kept.stderr).toContain('Traceback');
    expect(kept.stderr.trimEnd().endsWith('ZeroDivisionError: boom')).toBe(true);
  });

  it('keeps nothing when every case is accepted', async () => {
    const r = await judge([
      { input: 'echo a\n', answer: 'a\n' },
      { input: 'echo b\n', answer: 'b\n' },
    ]);
    expect(r.verdict).toBe('AC');
    expect(r.failingOutput).toBeUndefined();
  });
});

describe('cutting text at a byte limit', () => {
  // '测' is 3 bytes in UTF-8: a cut at 4 bytes falls inside the second character.
  const text = Buffer.from('测试数据');

  it('the head never ends inside a UTF-8 sequence', () => {
    expect(headText(text, 4)).toBe('测');
    expect(headText(text, 6)).toBe('测试');
    expect(headText(text, 100)).toBe('测试数据');
  });

  it('the tail never starts inside a UTF-8 sequence', () => {
    expect(tailText(text, 4)).toBe('据');
    expect(tailText(text, 6)).toBe('数据');
    expect(tailText(Buffer.from('abc'), 2)).toBe('bc');
  });
});
