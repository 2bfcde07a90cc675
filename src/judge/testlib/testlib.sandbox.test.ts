/**
 * Differential test of Xinao's own testlib.h (src/judge/testlib) against the real testlib
 * (tests/fixtures/testlib-upstream, used by tests only): the 21 standard checkers of testlib's
 * checkers/ folder and an API probe (src/judge/fixtures/testlib/api/probe.cpp) are compiled against
 * both headers and run on the same (input, output, answer) files; exit codes and stderr must be
 * byte-identical.
 *
 * It does not use the judge's sandbox — the sources are trusted and host g++ is much faster — but it
 * lives in the sandbox project because it needs g++ and keeps both cores busy (that project runs
 * alone). Binaries are cached in os.tmpdir()/xinao-testlib-cache, keyed by sha256(header, source,
 * g++ version, flags): each source is compiled on its own against Xinao's header (precompiled once,
 * at most two compiles at a time), the reference is one multi-call binary of all of them.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, '..', '..', '..');
const OURS = HERE;
const UPSTREAM = join(REPO, 'tests', 'fixtures', 'testlib-upstream');
const PROBE = join(HERE, '..', 'fixtures', 'testlib', 'api', 'probe.cpp');
const INTERACTOR = join(HERE, '..', 'fixtures', 'testlib', 'api', 'interactor.cpp');
const CACHE = join(tmpdir(), 'xinao-testlib-cache');
const FLAGS = ['-std=c++17', '-O0'];
const GXX = '/usr/bin/g++';

const CHECKERS = [
  'acmp',
  'caseicmp',
  'casencmp',
  'casewcmp',
  'dcmp',
  'fcmp',
  'hcmp',
  'icmp',
  'lcmp',
  'ncmp',
  'nyesno',
  'pointscmp',
  'pointsinfo',
  'rcmp',
  'rcmp4',
  'rcmp6',
  'rcmp9',
  'rncmp',
  'uncmp',
  'wcmp',
  'yesno',
];

const execFileAsync = promisify(execFile);
const sha256 = (...parts: (string | Buffer)[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
};

/** Runs fn over items with at most `limit` at a time, keeping the order of results. */
async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const k = next++;
      out[k] = await fn(items[k]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

let gxxVersion = '';

/** <CACHE>/pch-<hash>/ with testlib.h and its .gch, built once per header content. */
async function precompiled(headerDir: string): Promise<string> {
  const header = readFileSync(join(headerDir, 'testlib.h'));
  const dir = join(CACHE, `pch-${sha256(header, gxxVersion, FLAGS.join(' ')).slice(0, 24)}`);
  if (existsSync(join(dir, 'testlib.h.gch'))) return dir;
  const tmp = `${dir}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  copyFileSync(join(headerDir, 'testlib.h'), join(tmp, 'testlib.h'));
  await execFileAsync(GXX, [
    ...FLAGS,
    '-x',
    'c++-header',
    join(tmp, 'testlib.h'),
    '-o',
    join(tmp, 'testlib.h.gch'),
  ]);
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return dir;
}

/** The cached binary of `source` compiled against the header in pchDir. */
async function compiled(source: string, pchDir: string): Promise<string> {
  const key = sha256(
    readFileSync(join(pchDir, 'testlib.h')),
    readFileSync(source),
    gxxVersion,
    FLAGS.join(' '),
  );
  const bin = join(CACHE, `bin-${key.slice(0, 32)}`);
  if (existsSync(bin)) return bin;
  const tmp = `${bin}.${process.pid}.tmp`;
  await execFileAsync(GXX, [...FLAGS, '-Winvalid-pch', '-I', pchDir, source, '-o', tmp]);
  renameSync(tmp, bin);
  return bin;
}

/**
 * The reference build: all sources in one translation unit against the real testlib.h, each in its
 * own namespace (their `#include "testlib.h"` and standard headers are already-included no-ops
 * there), behind a main that picks the checker by argv[0]; <dir>/<name> are symlinks to it. One
 * compile of ~4 s instead of 23 of ~2 s each — testlib.h is large. Returns <dir>.
 */
async function upstreamMultiCall(sources: { name: string; path: string }[]): Promise<string> {
  const unit = [
    '#include "testlib.h"',
    ...sources.map((s) => `namespace xinao_${s.name} {\n#include "${s.path}"\n}`),
    'int main(int argc, char *argv[]) {',
    '  std::string self = argv[0];',
    "  self = self.substr(self.rfind('/') + 1);",
    ...sources.map((s) => `  if (self == "${s.name}") return xinao_${s.name}::main(argc, argv);`),
    '  return 99;',
    '}',
    '',
  ].join('\n');
  const header = readFileSync(join(UPSTREAM, 'testlib.h'));
  const key = sha256(
    header,
    unit,
    ...sources.map((s) => readFileSync(s.path)),
    gxxVersion,
    FLAGS.join(' '),
  );
  const dir = join(CACHE, `upstream-${key.slice(0, 32)}`);
  if (existsSync(join(dir, 'multi'))) return dir;
  const tmp = `${dir}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  writeFileSync(join(tmp, 'multi.cpp'), unit);
  await execFileAsync(GXX, [
    ...FLAGS,
    '-I',
    UPSTREAM,
    join(tmp, 'multi.cpp'),
    '-o',
    join(tmp, 'multi'),
  ]);
  for (const s of sources) symlinkSync('multi', join(tmp, s.name));
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return dir;
}

interface Outcome {
  code: number;
  stderr: string;
}

/* Both binaries run on every case dir from one shell loop: a Node spawn per run costs ~10 ms on
 * a busy machine, a fork from bash ~1 ms, and there are ~6000 runs. Each run leaves
 * <dir>/<side>.code and <dir>/<side>.err. */
const RUN_ALL = `ours=$1; upstream=$2; shift 2
for d in "$@"; do
  "$ours" "$d/input" "$d/output" "$d/answer" 2>"$d/ours.err" >/dev/null; echo $? >"$d/ours.code"
  "$upstream" "$d/input" "$d/output" "$d/answer" 2>"$d/upstream.err" >/dev/null; echo $? >"$d/upstream.code"
done`;

/* An interactor runs as `interactor input tout answer`, the program's output on stdin; its stdout
 * (what the program would read) and the tout file are compared too. */
const RUN_INTERACTOR = `ours=$1; upstream=$2; shift 2
for d in "$@"; do
  for side in ours upstream; do
    if [ $side = ours ]; then bin=$ours; else bin=$upstream; fi
    "$bin" "$d/input" "$d/$side.tout" "$d/answer" <"$d/output" >"$d/$side.out" 2>"$d/$side.err"
    echo $? >"$d/$side.code"
  done
done`;

/* Checkers run with a result file (4th argument) and optionally -appes (XML): stderr then only
 * points to the file, whose content is compared too. */
const RUN_RESULT_FILE = `ours=$1; upstream=$2; shift 2
for d in "$@"; do
  for side in ours upstream; do
    if [ $side = ours ]; then bin=$ours; else bin=$upstream; fi
    if [ -e "$d/appes" ]; then extra=-appes; else extra=; fi
    "$bin" "$d/input" "$d/output" "$d/answer" "$d/$side.result" $extra 2>"$d/$side.err" >/dev/null
    echo $? >"$d/$side.code"
  done
done`;

function outcome(dir: string, side: 'ours' | 'upstream'): Outcome {
  return {
    code: Number(readFileSync(join(dir, `${side}.code`), 'utf8').trim()),
    stderr: readFileSync(join(dir, `${side}.err`)).toString('latin1'),
  };
}

/** A case: strings whose char codes are bytes (written as latin1, so "\xEF\xBB\xBF" is a BOM). */
interface Case {
  input?: string;
  output: string;
  answer: string;
  /** With a result file: write it as testlib's -appes XML. */
  appes?: boolean;
}

const big = (n: number, c = 'x') => c.repeat(n);

/**
 * The corpus, by theme; each theme runs on the checkers it concerns (every pair costs two process
 * starts, and this machine has two cores): whitespace, BOM, missing/extra and malformed data on
 * all 21, numbers on the numeric ones, and so on.
 */
const ALL = CHECKERS;
const REAL = [
  'acmp',
  'dcmp',
  'rcmp',
  'rcmp4',
  'rcmp6',
  'rcmp9',
  'rncmp',
  'pointscmp',
  'pointsinfo',
  'ncmp',
  'wcmp',
];
const NUMERIC = [...REAL, 'icmp', 'uncmp', 'hcmp'];
const SEQUENCE = ['ncmp', 'uncmp', 'rcmp4', 'rncmp', 'wcmp', 'lcmp', 'fcmp', 'nyesno'];

const THEMES: { name: string; checkers: string[]; cases: Case[] }[] = [
  {
    name: 'whitespace', // Whitespace and line ends.
    checkers: ALL,
    cases: [
      { output: '3\n', answer: '3\n' },
      { output: '3', answer: '3\n' },
      { output: '  3  \n\n\n', answer: '3\n' },
      { output: '3\n\n  \t\n', answer: '3' },
      { output: '3\r\n', answer: '3\n' },
      { output: '3\n', answer: '3\r\n' },
      { output: '3\r', answer: '3\n' },
      { output: '\t3\t', answer: '3\n' },
      { output: '3\f\n', answer: '3\n' },
      { output: '3\v', answer: '3\n' },
    ],
  },
  {
    name: 'bom', // Byte-order marks (testlib skips one only at the start of the output).
    checkers: ALL,
    cases: [
      { output: '\xEF\xBB\xBF3\n', answer: '3\n' },
      { output: '3\n', answer: '\xEF\xBB\xBF3\n' },
      { output: '\xEF\xBB3\n', answer: '3\n' },
      { output: '\xEF\xBB\xBF\xEF\xBB\xBF3\n', answer: '3\n' },
    ],
  },
  {
    name: 'missing', // Wrong, missing, extra.
    checkers: ALL,
    cases: [
      { output: '4\n', answer: '3\n' },
      { output: '', answer: '3\n' },
      { output: '   \n', answer: '3\n' },
      { output: '3 4\n', answer: '3\n' },
      { output: '3\n4\n', answer: '3\n' },
      { output: '3\n', answer: '3 4\n' },
      { output: '', answer: '' },
      { output: '3\n', answer: '' },
      { output: '', answer: '  \n' },
    ],
  },
  {
    name: 'malformed', // Malformed tokens.
    checkers: ALL,
    cases: [
      { output: 'abc\n', answer: '3\n' },
      { output: '3\n', answer: 'abc\n' },
      { output: '3\0\n', answer: '3\n' },
      { output: '\xFF\n', answer: '3\n' },
      { output: '3x\n', answer: '3\n' },
      { output: `${big(100, '7')}\n`, answer: '3\n' },
      { output: `${big(40)}${big(40, 'y')}\n`, answer: `${big(80, 'z')}\n` },
    ],
  },
  {
    name: 'integers', // Integer edges.
    checkers: NUMERIC,
    cases: [
      { output: '2147483647\n', answer: '2147483647\n' },
      { output: '2147483648\n', answer: '2147483647\n' },
      { output: '-2147483648\n', answer: '-2147483648\n' },
      { output: '-2147483649\n', answer: '-2147483648\n' },
      { output: '2147483647\n', answer: '2147483648\n' },
      { output: '9223372036854775807\n', answer: '9223372036854775807\n' },
      { output: '9223372036854775808\n', answer: '9223372036854775807\n' },
      { output: '-9223372036854775808\n', answer: '-9223372036854775808\n' },
      { output: '-9223372036854775809\n', answer: '-9223372036854775808\n' },
      { output: '99999999999999999999\n', answer: '1\n' },
      { output: '999999999999999999999\n', answer: '1\n' },
      { output: '18446744073709551615\n', answer: '18446744073709551615\n' },
      { output: '-0\n', answer: '0\n' },
      { output: '0\n', answer: '-0\n' },
      { output: '007\n', answer: '7\n' },
      { output: '00\n', answer: '0\n' },
      { output: '+5\n', answer: '5\n' },
      { output: '-\n', answer: '5\n' },
      { output: '--5\n', answer: '-5\n' },
    ],
  },
  {
    name: 'reals', // Reals: formats and tolerance edges (1e-4 / 1.5e-5 / 1e-6 / 1.5e-6 / 1e-9, absolute and relative).
    checkers: REAL,
    cases: [
      { output: '1.0\n', answer: '1\n' },
      { output: '.5\n', answer: '0.5\n' },
      { output: '5.\n', answer: '5\n' },
      { output: '-1.5E-3\n', answer: '-0.0015\n' },
      { output: '1e9\n', answer: '1000000000\n' },
      { output: '1.5e\n', answer: '1.5\n' },
      { output: '1e400\n', answer: '1\n' },
      { output: '1e400\n', answer: '1e400\n' },
      { output: '1e301\n', answer: '-1e302\n' },
      { output: '1e-400\n', answer: '0\n' },
      { output: 'nan\n', answer: '1\n' },
      { output: 'inf\n', answer: '1\n' },
      { output: '1..5\n', answer: '1.5\n' },
      { output: '1e5e5\n', answer: '1\n' },
      { output: '+-1\n', answer: '-1\n' },
      { output: '0x10\n', answer: '16\n' },
      { output: '1.0000001\n', answer: '1\n' },
      { output: '1.000001\n', answer: '1\n' },
      { output: '1.0000015\n', answer: '1\n' },
      { output: '1.0000016\n', answer: '1\n' },
      { output: '1.000002\n', answer: '1\n' },
      { output: '1.000015\n', answer: '1\n' },
      { output: '1.00001\n', answer: '1\n' },
      { output: '1.0001\n', answer: '1\n' },
      { output: '1.00010001\n', answer: '1\n' },
      { output: '1.0002\n', answer: '1\n' },
      { output: '1.000000001\n', answer: '1\n' },
      { output: '1.000000002\n', answer: '1\n' },
      { output: '1000000.5\n', answer: '1000000\n' },
      { output: '1000001.5\n', answer: '1000000\n' },
      { output: '123456789012\n', answer: '123456789000\n' },
      { output: '1e-7\n', answer: '0\n' },
      { output: '-1e-7\n', answer: '1e-7\n' },
      { output: '0.25\n', answer: '0.75\n' },
      { output: '3000000\n', answer: '0\n' },
      { output: '1.0000000001 2\n', answer: '1 2\n' },
      { output: '1 2 3.5\n', answer: '1 2 3.4999\n' },
      { output: '1 2\n', answer: '1 2 3\n' },
    ],
  },
  {
    name: 'sequences', // Sequences.
    checkers: SEQUENCE,
    cases: [
      { output: '1 2 3\n', answer: '3 2 1\n' },
      { output: '1 2 3 4 5 6 7\n', answer: '1 2 3 4 5 6 7\n' },
      { output: '1 2 3 4 5 6 8\n', answer: '1 2 3 4 5 6 7\n' },
      { output: '6 5 4 3 2 1\n', answer: '1 2 3 4 5 6\n' },
      { output: '1 1 2\n', answer: '1 2 2\n' },
      { output: '5\n', answer: '5 x\n' },
    ],
  },
  {
    name: 'yesno', // YES / NO.
    checkers: ['yesno', 'nyesno', 'wcmp'],
    cases: [
      { output: 'yes\n', answer: 'YES\n' },
      { output: 'YES\n', answer: 'NO\n' },
      { output: 'nO\n', answer: 'no\n' },
      { output: 'maybe\n', answer: 'YES\n' },
      { output: 'YES\n', answer: 'maybe\n' },
      { output: 'yes no Yes\n', answer: 'YES NO YES\n' },
      { output: 'yes no no\n', answer: 'YES NO YES\n' },
      { output: 'YES NO\n', answer: 'YES\n' },
      { output: 'YES\n', answer: 'YES NO\n' },
    ],
  },
  {
    name: 'cases', // Case k: formats.
    checkers: ['caseicmp', 'casencmp', 'casewcmp'],
    cases: [
      { output: 'Case 1: 5\nCase 2: 7\n', answer: 'Case 1: 5\nCase 2: 7\n' },
      { output: 'Case 1: 5\nCase 2: 8\n', answer: 'Case 1: 5\nCase 2: 7\n' },
      { output: 'Case 1: 5\n', answer: 'Case 1: 5\nCase 2: 7\n' },
      { output: 'Case 1: 5\nCase 2: 7\nCase 3: 9\n', answer: 'Case 1: 5\nCase 2: 7\n' },
      { output: 'case 1: 5\n', answer: 'Case 1: 5\n' },
      { output: 'Case 2: 5\n', answer: 'Case 1: 5\n' },
      { output: 'Case 1 5\n', answer: 'Case 1: 5\n' },
      { output: 'Case #1: 5\n', answer: 'Case 1: 5\n' },
      { output: 'Case 1: 1 2 3\nCase 2: 4\n', answer: 'Case 1: 1 2 3\nCase 2: 4\n' },
      { output: 'Case 1: 1 2 3\nCase 2: 4 5\n', answer: 'Case 1: 1 2 3\nCase 2: 4\n' },
      { output: 'Case 1: 1 2 3 4 5 6 7\n', answer: 'Case 1: 1 2 3 4 5 6 8\n' },
      { output: 'Case 1: a b\nCase 2: c\n', answer: 'Case 1: a b\nCase 2: d\n' },
      { output: 'Case 1: 5\n', answer: 'Case 1: x\n' },
      { output: 'Case 1: x\n', answer: 'Case 1: 5\n' },
      { output: 'Case 1: 5\n', answer: 'Kase 1: 5\n' },
      { output: 'Case 1:\n', answer: 'Case 1:\n' },
      { output: `Case 1: ${big(70, 'a')}\n`, answer: `Case 1: ${big(70, 'b')}\n` },
    ],
  },
  {
    name: 'lines', // Lines.
    checkers: ['fcmp', 'lcmp', 'wcmp'],
    cases: [
      { output: 'hello world\nsecond line\n', answer: 'hello world\nsecond line\n' },
      { output: 'hello  world\n', answer: 'hello world\n' },
      { output: 'hello world\r\n', answer: 'hello world\n' },
      { output: 'hello world \n', answer: 'hello world\n' },
      { output: 'a\nb\n', answer: 'a\nb\nc\n' },
      { output: 'a\nb\nc\nd\n', answer: 'a\nb\nc\n' },
      { output: 'a\n\nb\n', answer: 'a\nb\n' },
      { output: 'ab\rc\n', answer: 'abc\n' },
      { output: 'ab\r\r\nc\n', answer: 'ab\nc\n' },
      { output: 'ab\r', answer: 'ab\n' },
      { output: '1 2\r\n3 4\r\n', answer: '1 2\n3 4\n' },
      { output: `${big(200, 'l')}\n`, answer: `${big(199, 'l')}\n` },
    ],
  },
  {
    name: 'huge', // Huge integers (hcmp).
    checkers: ['hcmp', 'icmp', 'wcmp'],
    cases: [
      { output: '123456789012345678901234567890\n', answer: '123456789012345678901234567890\n' },
      { output: '-123456789012345678901234567891\n', answer: '-123456789012345678901234567890\n' },
      { output: '0123\n', answer: '123\n' },
      { output: '123\n', answer: '0123\n' },
      { output: '-0\n', answer: '-0\n' },
      { output: '12\n', answer: '12 13\n' },
    ],
  },
];

/** Verdicts written to a result file, plain and as -appes XML (escaping, points, pctype). */
const RESULT_FILE_CASES: Case[] = [false, true].flatMap((appes) => [
  { input: 'token ok', output: 'a<b>&"c"', answer: '', appes },
  { input: 'token wa', output: 'x', answer: '', appes },
  { input: 'pe', output: '', answer: '', appes },
  { input: 'ansquit', output: '', answer: '', appes },
  { input: 'quitp 0.125', output: '', answer: '', appes },
  { input: 'quitpint 3', output: '', answer: '', appes },
  { input: 'pc 30', output: '', answer: '', appes },
  { input: 'ok', output: 'dirt', answer: '', appes },
  { input: 'testcase 2 wa', output: '', answer: '', appes },
]);

/** Interactor runs (input = the number, output = the program's side of the dialogue). */
const INTERACTOR_CASES: Case[] = [
  { input: '5\n', output: '? 3\n? 7\n! 5\n', answer: '' },
  { input: '5\n', output: '! 4\n', answer: '' },
  { input: '5\n', output: '? 3\n', answer: '' },
  { input: '5\n', output: '? 2000\n', answer: '' },
  { input: '5\n', output: 'x 3\n', answer: '' },
  { input: '5\n', output: '! 5 junk\n', answer: '' },
  { input: '5000\n', output: '! 5\n', answer: '' },
  { input: '5\n', output: '? 1 ? 2 ? 3 ? 4 ! 5', answer: '' },
  { input: '5\n', output: '\xEF\xBB\xBF! 5\n', answer: '' },
  { input: '5\n', output: '?\t5\r\n!\r\n5', answer: '' },
];

/** API probe scripts (input = commands, see probe.cpp), with the contestant output and answer. */
const PROBE_CASES: Case[] = [
  { input: 'int int int', output: '1 -2 +3', answer: '' },
  { input: 'int', output: '', answer: '' },
  { input: 'long', output: '-', answer: '' },
  { input: 'intr 1 10', output: '11', answer: '' },
  { input: 'intr0 -1000000000 1000000000', output: '1000000001', answer: '' },
  { input: 'longr -3000000000 30000000000000', output: '-3000000001', answer: '' },
  { input: 'ulong ulong', output: '18446744073709551615 18446744073709551616', answer: '' },
  { input: 'ulong', output: '01', answer: '' },
  { input: 'double doubler 0 1', output: '1e-3 1.5', answer: '' },
  { input: 'doubler -1 1', output: '-1.0000001', answer: '' },
  { input: 'strict 1 3 strict 0 2', output: '1.50 -0.00', answer: '' },
  { input: 'strict 1 3', output: '1.5000', answer: '' },
  { input: 'strict 0 3', output: '01.5', answer: '' },
  { input: 'strict 0 3', output: '1e5', answer: '' },
  { input: 'strict 0 3', output: '-0', answer: '' },
  { input: 'strict 0 3', output: '.5', answer: '' },
  { input: 'token token', output: '  ab\tc  ', answer: '' },
  { input: 'token', output: ' \n ', answer: '' },
  { input: 'tokenp [a-z]{1,3} tokenp [0-9]+', output: 'abc 123', answer: '' },
  { input: 'tokenp [a-z]{1,3}', output: 'abcd', answer: '' },
  { input: 'wordp0 (yes|no)', output: 'maybe', answer: '' },
  { input: 'linep [a-z\\ ]+', output: 'hello world\nx', answer: '' },
  { input: 'linep [a-z]+', output: 'hello world\nx', answer: '' },
  { input: 'line line line line', output: 'a\r\nb\rc\n\nd', answer: '' },
  { input: 'line', output: '', answer: '' },
  { input: 'char char char char', output: 'a b', answer: '' },
  { input: 'charx 97 space charx 98 eoln eof', output: 'a b\n', answer: '' },
  { input: 'charx 97 space charx 98 eoln eof', output: 'a b\r\n', answer: '' },
  { input: 'charx 97 charx 32', output: 'a\n', answer: '' },
  { input: 'charx 97 charx 32', output: 'ab', answer: '' },
  { input: 'int eoln', output: '5 \n', answer: '' },
  { input: 'int seekeoln int iseoln', output: '5 \t\n6', answer: '' },
  { input: 'int eof', output: '5\n', answer: '' },
  { input: 'int seekeof', output: '5\n \n', answer: '' },
  { input: 'ints 3', output: '1 -100 100', answer: '' },
  { input: 'ints 3', output: '1 2 101', answer: '' },
  { input: 'ints 3', output: '1 2', answer: '' },
  { input: 'longs 2 doubles 2', output: '1 2 3.5 4e1', answer: '' },
  { input: 'tokens 3', output: 'ab cd EF', answer: '' },
  { input: 'lines 3', output: 'a b\nc\n', answer: '' },
  { input: 'ansint int', output: '5', answer: '5' },
  { input: 'ansint', output: '5', answer: '' },
  { input: 'ansint', output: '5', answer: 'x' },
  { input: 'ansquit', output: '', answer: '' },
  { input: 'infquit', output: '', answer: '' },
  { input: 'oufquit', output: '', answer: '' },
  { input: 'oufensure', output: '', answer: '' },
  { input: 'ansensure', output: '', answer: '' },
  { input: 'ensure', output: '', answer: '' },
  { input: 'ensuref', output: '', answer: '' },
  { input: 'quitif 0 quitif 1', output: '', answer: '' },
  { input: 'int quitp 0.5', output: '7', answer: '' },
  { input: 'int quitp 0.5', output: '7 8', answer: '' },
  { input: 'quitp 0', output: '', answer: '' },
  { input: 'quitp -0.000000001', output: '', answer: '' },
  { input: 'quitp -1', output: '', answer: '' },
  { input: 'quitp 1e7', output: '', answer: '' },
  { input: 'quitp 123.456789', output: '', answer: '' },
  { input: 'quitpint 40', output: '', answer: '' },
  { input: 'quitpi a=1,b=2', output: '', answer: '' },
  { input: 'quitpi a=1,b=2', output: 'junk', answer: '' },
  { input: 'int pc 50', output: '3', answer: '' },
  { input: 'int pc 50', output: '3 4', answer: '' },
  { input: 'ok', output: 'extra', answer: '' },
  { input: 'wa', output: 'extra', answer: '' },
  { input: 'pe', output: '', answer: '' },
  { input: 'fail', output: '', answer: '' },
  { input: 'dirt', output: '', answer: '' },
  { input: 'ueof', output: '', answer: '' },
  { input: 'testcase 3 wa', output: '', answer: '' },
  { input: 'testcase 1 ok', output: '', answer: '' },
  { input: 'testcase 2 ok', output: '', answer: '' },
  { input: 'testcase 4 ansquit', output: '', answer: '' },
  { input: 'ebf', output: '', answer: '' },
  { input: 'ebfd', output: '', answer: '' },
  { input: 'ebfs', output: '', answer: '' },
  {
    input: [
      'match [a-z]{1,3} abc',
      'match [a-z]{1,3} abcd',
      'match [0-9]?1 1',
      'match -?[1-9][0-9]{0,3} -9999',
      'match -?[1-9][0-9]{0,3} 0',
      'match mike|john john',
      'match id-([ac]|b{2}) id-bb',
      'match id-([ac]|b{2}) id-b',
      'match [^0-9]* abc',
      'match [^0-9]* a1c',
      'match [a-] -',
      'match a{3,} aaa',
      'match a{3,} aaaa',
      'match a* EMPTY',
      'match a+ EMPTY',
      'match \\[x\\] [x]',
      'match (a|b)c (a|b)c',
      'match [a-c]{2}x|y y',
      'match [A-Za-z0-9_]{1,8}(\\.txt)? file.txt',
    ].join('\n'),
    output: '',
    answer: '',
  },
  { input: 'match [z-a] q', output: '', answer: '' },
  { input: 'match a{2 q', output: '', answer: '' },
  { input: 'match (ab q', output: '', answer: '' },
  { input: 'rnd 42 rnd -7 rnd 123456789', output: '', answer: '' },
  { input: 'str 11 1000000000 1 1.0000015 str 22 -3000000000 0 1e-10', output: '', answer: '' },
  { input: 'str 103 12345 2 1', output: '', answer: '' },
  { input: 'based based', output: '1 2\n3 4\n', answer: '' },
  { input: 'based', output: '1 2 3\n', answer: '' },
  { input: 'based', output: '1\n', answer: '' },
  { input: 'setname ok', output: '', answer: '' },
  { input: 'msg', output: '', answer: '' },
  { input: 'rndfail', output: '', answer: '' },
  { input: 'rndzero', output: '', answer: '' },
  { input: 'int int', output: '1\f2', answer: '' },
  { input: 'double', output: '1,5', answer: '' },
  { input: 'token eoln', output: 'a\r\r\n', answer: '' },
  { input: 'nonsense', output: '', answer: '' },
  { input: 'int', output: `${'9'.repeat(70)}`, answer: '' },
  { input: 'token wa', output: 'x'.repeat(40_000), answer: '' },
];

interface Pair {
  ours: string;
  upstream: string;
}

let work = '';
const binaries = new Map<string, Pair>();

beforeAll(async () => {
  mkdirSync(CACHE, { recursive: true });
  gxxVersion = (await execFileAsync(GXX, ['--version'])).stdout.split('\n')[0] ?? '';
  const started = Date.now();
  const sources = [
    ...CHECKERS.map((name) => ({ name, path: join(UPSTREAM, 'checkers', `${name}.cpp`) })),
    { name: 'probe', path: PROBE },
    { name: 'interactor', path: INTERACTOR },
  ];
  // Ours: each source on its own, as the judge compiles a checker. The reference: one multi-call
  // binary (see upstreamMultiCall), built meanwhile.
  const [oursPch, upstream] = await Promise.all([precompiled(OURS), upstreamMultiCall(sources)]);
  const distinct = [...new Set(sources.map((s) => s.path))];
  const built = new Map(
    await pool(distinct, 2, async (path) => [path, await compiled(path, oursPch)] as const),
  );
  for (const s of sources) {
    binaries.set(s.name, { ours: built.get(s.path)!, upstream: join(upstream, s.name) });
  }
  console.log(`testlib differential: binaries ready in ${Date.now() - started} ms`);
  work = mkdtempSync(join(tmpdir(), 'xinao-testlib-diff-'));
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

let caseCounter = 0;
function writeCase(c: Case): string {
  const dir = join(work, String(++caseCounter));
  mkdirSync(dir);
  writeFileSync(join(dir, 'input'), Buffer.from(c.input ?? '1\n', 'latin1'));
  writeFileSync(join(dir, 'output'), Buffer.from(c.output, 'latin1'));
  writeFileSync(join(dir, 'answer'), Buffer.from(c.answer, 'latin1'));
  if (c.appes) writeFileSync(join(dir, 'appes'), '');
  return dir;
}

/** One line per disagreement, readable in the test's failure output. */
type Mismatch = string;
const show = (o: Outcome) => `${o.code} ${JSON.stringify(o.stderr)}`;

/** Runs both builds of `checker` on every case; returns the mismatches and the exit codes seen. */
async function compare(checker: string, cases: Case[], withResultFile = false) {
  const pair = binaries.get(checker)!;
  const dirs = cases.map(writeCase);
  const script =
    checker === 'interactor' ? RUN_INTERACTOR : withResultFile ? RUN_RESULT_FILE : RUN_ALL;
  await execFileAsync('/bin/bash', ['-c', script, 'run-all', pair.ours, pair.upstream, ...dirs]);
  const mismatches: Mismatch[] = [];
  const codes = new Map<number, number>();
  dirs.forEach((dir, k) => {
    const ours = outcome(dir, 'ours');
    const upstream = outcome(dir, 'upstream');
    if (withResultFile) {
      for (const o of [ours, upstream]) {
        const file = join(dir, `${o === ours ? 'ours' : 'upstream'}.result`);
        o.stderr += `\n[result] ${existsSync(file) ? readFileSync(file, 'latin1') : '(none)'}`;
      }
    }
    if (checker === 'interactor') {
      // What the program was sent and what the checker would read.
      for (const o of [ours, upstream]) {
        const side = o === ours ? 'ours' : 'upstream';
        const tout = join(dir, `${side}.tout`);
        o.stderr += `\n[stdout] ${readFileSync(join(dir, `${side}.out`), 'latin1')}`;
        o.stderr += `\n[tout] ${existsSync(tout) ? readFileSync(tout, 'latin1') : '(none)'}`;
      }
    }
    codes.set(upstream.code, (codes.get(upstream.code) ?? 0) + 1);
    if (ours.code !== upstream.code || ours.stderr !== upstream.stderr) {
      const c = cases[k]!;
      mismatches.push(
        `${checker} ${JSON.stringify(c)}\n  ours:     ${show(ours)}\n  upstream: ${show(upstream)}`,
      );
    }
  });
  return { mismatches, codes };
}

describe('Xinao testlib.h against the real testlib', () => {
  it('compiles all 21 standard checkers against both headers', () => {
    expect(
      readdirSync(join(UPSTREAM, 'checkers'))
        .filter((f) => f.endsWith('.cpp'))
        .sort(),
    ).toEqual(CHECKERS.map((c) => `${c}.cpp`));
    for (const c of CHECKERS) {
      expect(existsSync(binaries.get(c)!.ours)).toBe(true);
      expect(existsSync(binaries.get(c)!.upstream)).toBe(true);
    }
  });

  const pairs = THEMES.flatMap((t) => t.checkers.map((c) => ({ checker: c, cases: t.cases })));
  it(`the 21 checkers agree on ${pairs.reduce((n, p) => n + p.cases.length, 0)} (checker, case) pairs`, async () => {
    const byChecker = new Map<string, Case[]>();
    for (const p of pairs)
      byChecker.set(p.checker, [...(byChecker.get(p.checker) ?? []), ...p.cases]);
    const results = await pool([...byChecker], 2, ([checker, cases]) => compare(checker, cases));
    const all: Mismatch[] = results.flatMap((r) => r.mismatches);
    const codes = new Set(results.flatMap((r) => [...r.codes.keys()]));
    expect(all).toEqual([]);
    // The corpus reaches every verdict the checkers can give: ok, WA, PE, FAIL and points.
    expect([...codes].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 7]);
    expect(byChecker.size).toBe(21);
  }, 120_000);

  it(`the interactor probe agrees on ${INTERACTOR_CASES.length} runs (stdout and tout too)`, async () => {
    const r = await compare('interactor', INTERACTOR_CASES);
    expect(r.mismatches).toEqual([]);
    expect([...r.codes.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3]);
  }, 60_000);

  it(`the API probe agrees with a result file (plain and -appes XML) on ${RESULT_FILE_CASES.length} scripts`, async () => {
    const r = await compare('probe', RESULT_FILE_CASES, true);
    expect(r.mismatches).toEqual([]);
    expect([...r.codes.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 7, 30]);
  }, 60_000);

  it(`the API probe agrees on ${PROBE_CASES.length} scripts`, async () => {
    const r = await compare('probe', PROBE_CASES);
    expect(r.mismatches).toEqual([]);
    expect([...r.codes.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 7, 50]);
  }, 60_000);
});
