/**
 * Checkers in the style of each of testlib's 21 standard checkers (written for Xinao, in
 * src/judge/fixtures/testlib/styles/), compiled and run the way the judge does it
 * (compileTestlibChecker / runTestlibChecker, in the sandbox, against Xinao's testlib.h): each
 * case pins the verdict, the fraction and the exact message a learner would see, so every testlib
 * exit code's mapping (ok, WA, PE incl. dirt and unexpected EOF, FAIL, points, points_info,
 * partially correct) is exercised end to end.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, TEST_CACHE_DIR, dataDir, registerSandboxHooks } from '../test-support.ts';
import { compileTestlibChecker, runTestlibChecker, type TestlibChecker } from './testlib.ts';
import type { CheckOutcome } from './text.ts';

registerSandboxHooks({ checkLeftovers: true });

interface StyleCase {
  input?: string;
  /** The contestant's output; char codes are bytes (latin1), so '\xEF\xBB\xBF' is a BOM. */
  output: string;
  answer: string;
  expect: CheckOutcome;
}

const ac = (message: string): CheckOutcome => ({ verdict: 'AC', fraction: 1, message });
const wa = (message: string): CheckOutcome => ({ verdict: 'WA', fraction: 0, message });
const pe = (message: string): CheckOutcome => ({
  verdict: 'WA',
  fraction: 0,
  message: `格式错误：wrong output format ${message}`,
});
const fail = (message: string): CheckOutcome => ({
  verdict: 'SE',
  fraction: 0,
  message: `检查器报告失败（FAIL）：FAIL ${message}`,
});
const DIRT = pe('Extra information in the output file');

const STYLES: Record<string, StyleCase[]> = {
  acmp: [
    { output: '1.0000001\n', answer: '1\n', expect: ac('ok answer is 1.0000000000') },
    {
      output: '1.1',
      answer: '1',
      expect: wa('wrong answer expected 1.0000000000, found 1.1000000000'),
    },
    { output: '1 2\n', answer: '1\n', expect: DIRT },
    {
      output: '1\n',
      answer: 'x\n',
      expect: fail('Expected double, but "x" found (/check/answer)'),
    },
  ],
  caseicmp: [
    {
      output: 'Case 1: 5\nCase 2: 7\n',
      answer: 'Case 1: 5\nCase 2: 7\n',
      expect: ac('ok 2 cases'),
    },
    {
      output: 'Case 1: 5\nCase 2: 8',
      answer: 'Case 1: 5\nCase 2: 7\n',
      expect: wa('wrong answer case 2: expected 7, found 8'),
    },
    {
      output: 'case 1: 5\n',
      answer: 'Case 1: 5\n',
      expect: wa(
        'wrong answer Token parameter [name=case word] equals to "case", doesn\'t correspond to pattern "Case"',
      ),
    },
    {
      output: 'Case 1: 5\n',
      answer: 'Case 1: 5\nCase 2: 7\n',
      expect: pe('expected 2 cases, found 1'),
    },
  ],
  casencmp: [
    {
      output: 'Case 1: 1 2\nCase 2: 3\n',
      answer: 'Case 1: 1 2\nCase 2: 3\n',
      expect: ac('ok 2 case(s)'),
    },
    {
      output: 'Case 1: 1 2\nCase 2: 4\n',
      answer: 'Case 1: 1 2\nCase 2: 3\n',
      expect: wa('wrong answer case 2 differs: expected 3, found 4'),
    },
    {
      output: 'Case 1: 1 x\n',
      answer: 'Case 1: 1 2\n',
      expect: pe('Expected integer, but "x" found'),
    },
  ],
  casewcmp: [
    {
      output: 'Case 1: a b\nCase 2: c\n',
      answer: 'Case 1: a b\nCase 2: c\n',
      expect: ac('ok 2 case(s)'),
    },
    {
      output: 'Case 1: a b\nCase 2: d\n',
      answer: 'Case 1: a b\nCase 2: c\n',
      expect: wa('wrong answer case 2: expected "c", found "d"'),
    },
    {
      output: 'Case 1: a b\nCase 3: c\n',
      answer: 'Case 1: a b\nCase 2: c\n',
      expect: wa(
        'wrong answer Token parameter [name=label] equals to "3:", doesn\'t correspond to pattern "2:"',
      ),
    },
  ],
  dcmp: [
    { output: '1000000.5\n', answer: '1000000\n', expect: ac('ok answer is 1000000.0000000000') },
    {
      output: '1.00001\n',
      answer: '1\n',
      expect: wa('wrong answer expected 1.0000000000, found 1.0000100000'),
    },
    {
      output: '',
      answer: '1\n',
      expect: {
        verdict: 'WA',
        fraction: 0,
        message: '格式错误：unexpected eof Unexpected end of file - double expected',
      },
    },
  ],
  fcmp: [
    { output: 'a b\nc\n', answer: 'a b\nc\n', expect: ac('ok 2 line(s)') },
    { output: 'a b\r\nc\r\n', answer: 'a b\nc\n', expect: ac('ok 2 line(s)') },
    {
      output: 'a  b\nc',
      answer: 'a b\nc\n',
      expect: wa("wrong answer line 1 differs: expected 'a b', found 'a  b'"),
    },
  ],
  hcmp: [
    {
      output: '123456789012345678901234567890\n',
      answer: '123456789012345678901234567890\n',
      expect: ac('ok 30 digit(s)'),
    },
    { output: '0123\n', answer: '123\n', expect: pe('0123 is not an integer') },
    { output: '5\n', answer: '12a\n', expect: fail('answer 12a is not an integer') },
    { output: '-5\n', answer: '5\n', expect: wa('wrong answer expected 5, found -5') },
  ],
  icmp: [
    { output: '2147483647\n', answer: '2147483647\n', expect: ac('ok answer is 2147483647') },
    { output: '2147483648\n', answer: '1\n', expect: pe('Expected int32, but "2147483648" found') },
    { output: '-0\n', answer: '0\n', expect: pe('Expected integer, but "-0" found') },
    { output: '\xEF\xBB\xBF42\r\n', answer: '42\n', expect: ac('ok answer is 42') },
  ],
  lcmp: [
    { output: '1  2\n3\n', answer: '1 2\n3\n', expect: ac('ok 2 line(s)') },
    { output: '1 2 3\n', answer: '1 2\n3\n', expect: wa('wrong answer 1st lines differ') },
  ],
  ncmp: [
    { output: '1 2 3', answer: '1 2 3\n', expect: ac('ok 3 number(s)') },
    {
      output: '1 2',
      answer: '1 2 3\n',
      expect: wa('wrong answer output has 2 number(s), the answer more'),
    },
    {
      output: '1 2 4',
      answer: '1 2 3\n',
      expect: wa('wrong answer 3rd numbers differ: expected 3, found 4'),
    },
    {
      output: '9223372036854775808\n',
      answer: '1\n',
      expect: pe('Expected integer, but "9223372036854775808" found'),
    },
  ],
  nyesno: [
    { output: 'yes No\n', answer: 'YES NO\n', expect: ac('ok 2 token(s)') },
    {
      output: 'yes yes\n',
      answer: 'YES NO\n',
      expect: wa('wrong answer 2nd token: expected NO, found YES'),
    },
    {
      output: 'yup\n',
      answer: 'YES\n',
      expect: wa(
        'wrong answer Token parameter [name=token] equals to "yup", doesn\'t correspond to pattern "[YyNn][EeOo]?[Ss]?"',
      ),
    },
    { output: 'ys\n', answer: 'YES\n', expect: pe('YES or NO expected, found YS') },
    { output: 'yes\n', answer: 'MAYBE\n', expect: fail('bad answer token MAYBE') },
  ],
  pointscmp: [
    {
      output: '0.75\n',
      answer: '1\n',
      expect: { verdict: 'WA', fraction: 0.75, message: 'points 0.75 off by 0.250' },
    },
    { output: '1\n', answer: '1\n', expect: ac('ok exact') },
    {
      output: '5\n',
      answer: '1\n',
      expect: { verdict: 'WA', fraction: 0, message: 'points 0.0 off by 4.000' },
    },
    { output: '0.5 junk\n', answer: '1\n', expect: DIRT },
  ],
  pointsinfo: [
    {
      output: '1.5\n',
      answer: '2\n',
      expect: {
        verdict: 'SE',
        fraction: 0,
        message: '检查器只给出了 points_info，没有分数：points points_info=d=0.5 for the scorer',
      },
    },
  ],
  rcmp: [
    { output: '2.0000001\n', answer: '2\n', expect: ac('ok 2.000000') },
    { output: '2.5\n', answer: '2\n', expect: wa("wrong answer expected '2.0', but found '2.5'") },
  ],
  rcmp4: [
    { output: '1.00005 2\n', answer: '1 2\n', expect: ac('ok 2 number(s)') },
    {
      output: '1 2.001\n',
      answer: '1 2\n',
      expect: wa('wrong answer 2nd numbers differ: expected 2.00000, found 2.00100, error 0.00050'),
    },
  ],
  rcmp6: [
    { output: '1000000.9\n', answer: '1000000\n', expect: ac('ok 1 number(s)') },
    {
      output: '1.000002\n',
      answer: '1\n',
      expect: wa(
        'wrong answer 1st numbers differ: expected 1.0000000, found 1.0000020, error 0.0000020',
      ),
    },
  ],
  rcmp9: [
    { output: '1.0000000005\n', answer: '1\n', expect: ac('ok 1 number(s)') },
    {
      output: '0.000000002\n',
      answer: '0\n',
      expect: wa(
        'wrong answer 1st numbers differ: expected 0.0000000000, found 0.0000000020, error 0.0000000020',
      ),
    },
  ],
  rncmp: [
    { output: '1.00001 5\n', answer: '1 5\n', expect: ac('ok 2 number(s)') },
    {
      output: '1.0001\n',
      answer: '1\n',
      expect: wa('wrong answer number 1: expected 1.0000000000, found 1.0001000000'),
    },
  ],
  uncmp: [
    { input: '3\n', output: '3 1 2\n', answer: '1 2 3\n', expect: ac('ok 3 number(s)') },
    {
      input: '3\n',
      output: '1 2\n',
      answer: '1 2 3\n',
      expect: pe('Unexpected end of file - int64 expected'),
    },
    {
      input: '3\n',
      output: '1 2 2000000\n',
      answer: '1 2 3\n',
      expect: wa(
        'wrong answer Integer element a[3] equals to 2000000, violates the range [-1000000, 1000000]',
      ),
    },
    {
      input: '2000\n',
      output: '1\n',
      answer: '1\n',
      expect: fail(
        'Integer parameter [name=n] equals to 2000, violates the range [0, 1000] (/check/input)',
      ),
    },
  ],
  wcmp: [
    { output: 'a b c\n', answer: 'a b c\n', expect: ac('ok 3 token(s)') },
    { output: 'a b c d\n', answer: 'a b c\n', expect: DIRT },
    {
      output: 'a b\n',
      answer: 'a b c\n',
      expect: wa('wrong answer the output ends after 2 token(s)'),
    },
    {
      output: 'a x c\n',
      answer: 'a b c\n',
      expect: wa("wrong answer 2nd words differ: expected 'b', found 'x'"),
    },
  ],
  yesno: [
    { output: 'Yes\n', answer: 'YES\n', expect: ac('ok answer is YES') },
    {
      output: 'maybe\n',
      answer: 'YES\n',
      expect: { verdict: 'WA', fraction: 0.4, message: 'partially correct (40) hedged' },
    },
    { output: 'NO\n', answer: 'YES\n', expect: wa('wrong answer expected YES, found NO') },
    { output: '', answer: 'YES\n', expect: pe('Unexpected end of file - token expected') },
  ],
};

const checkers = new Map<string, TestlibChecker>();

beforeAll(async () => {
  const names = Object.keys(STYLES);
  // Two compiles at a time: each is a sandboxed g++ run of a few seconds.
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const name = names[next++]!;
      const source = readFileSync(join(FIXTURES, 'testlib', 'styles', `${name}.cpp`), 'utf8');
      const r = await compileTestlibChecker(source, TEST_CACHE_DIR);
      if (!r.checker) throw new Error(`${name}.cpp does not compile:\n${r.output}`);
      checkers.set(name, r.checker);
    }
  };
  await Promise.all([worker(), worker()]);
}, 300_000);

describe('testlib-style checkers through the judge', () => {
  it('has one checker in the style of each of the 21 standard ones', () => {
    expect(Object.keys(STYLES)).toHaveLength(21);
  });

  for (const [name, cases] of Object.entries(STYLES)) {
    it(`${name}: ${cases.length} case(s) give the verdict and message a learner sees`, async () => {
      for (const c of cases) {
        const dir = dataDir();
        writeFileSync(join(dir, 'in'), c.input ?? '1\n', { mode: 0o644 });
        writeFileSync(join(dir, 'ans'), c.answer, { mode: 0o644 });
        const got = await runTestlibChecker(
          checkers.get(name)!,
          {
            input: join(dir, 'in'),
            answer: join(dir, 'ans'),
            output: Buffer.from(c.output, 'latin1'),
          },
          TEST_CACHE_DIR,
        );
        expect({ case: c.output, ...got }).toEqual({ case: c.output, ...c.expect });
      }
    });
  }
});
