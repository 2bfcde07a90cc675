/**
 * Problem packages of other judges, built as each format's public documentation describes them
 * (Polygon's package layout and problem.xml; Hydro's problem.yaml, problem_zh.md and
 * testdata/config.yaml; FreeProblemSet 1.x as HUSTOJ exports it; QDUOJ's export of
 * problem.json + testcase/), each a judgeable A+B-style problem with its reference solution.
 * Used by the question bank's import tests (tests/integration/question-packages.test.ts).
 */
import { strToU8, zipSync, type Zippable } from 'fflate';

const u8 = (s: string) => strToU8(s);
export const zip = (files: Zippable) => Buffer.from(zipSync(files));

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const SUM_CPP = `#include <cstdio>
int main() {
    long long a, b;
    scanf("%lld %lld", &a, &b);
    printf("%lld\\n", a + b);
    return 0;
}
`;
export const PRODUCT_PY = `a, b = map(int, input().split())
print(a * b)
`;
export const PARITY_PY = `n = int(input())
print('odd' if n % 2 else 'even')
`;

/** A testlib checker using only the classic API: compares one integer. */
export const INT_CHECKER = `#include "testlib.h"
int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    long long want = ans.readLong();
    long long got = ouf.readLong();
    if (want != got) quitf(_wa, "expected %lld, found %lld", want, got);
    quitf(_ok, "answer is %lld", got);
}
`;

const SUM_CASES: [string, string][] = [
  ['1 2\n', '3\n'],
  ['5 5\n', '10\n'],
  ['-7 3000000000\n', '2999999993\n'],
];

/**
 * Polygon (polygon.codeforces.com "full" package): problem.xml names the testset with path
 * patterns (tests/%02d, tests/%02d.a), the checker and the solutions by tag; statements as
 * problem-properties.json. `withoutTest` leaves a generated test out (a "standard" package).
 */
export function polygonPackage(options: { withoutTest?: number } = {}): Buffer {
  const xml = `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="3" short-name="pkg-sum" url="https://polygon.codeforces.com/p/xinao/pkg-sum">
  <names>
    <name language="english" value="Package Sum"/>
    <name language="chinese" value="包导入：求和（Polygon）"/>
  </names>
  <judging cpu-name="Intel(R) Core(TM) i3-8100 CPU @ 3.60GHz" cpu-speed="3600" input-file="" output-file="">
    <testset name="tests">
      <time-limit>1000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>3</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
        <test method="manual" sample="true"/>
        <test method="generated" cmd="gen 1"/>
        <test method="generated" cmd="gen 2"/>
      </tests>
    </testset>
  </judging>
  <assets>
    <checker name="check.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
    <solutions>
      <solution tag="main"><source path="solutions/sol.cpp" type="cpp.g++17"/></solution>
      <solution tag="wrong-answer"><source path="solutions/wa.py" type="python.3"/></solution>
    </solutions>
  </assets>
  <tags><tag value="math"/></tags>
</problem>`;
  const files: Zippable = {
    'problem.xml': u8(xml),
    'files/check.cpp': u8(INT_CHECKER),
    'solutions/sol.cpp': u8(SUM_CPP),
    'solutions/wa.py': u8('print(0)\n'),
    'statements/chinese/problem-properties.json': u8(
      JSON.stringify({
        name: '包导入：求和（Polygon）',
        legend: '给定两个整数 $$$a$$$ 与 $$$b$$$，求 \\textbf{它们的和}。',
        input: '一行两个整数 $$$a, b$$$。',
        output: '一个整数。',
        notes: '',
      }),
    ),
  };
  SUM_CASES.forEach(([input, answer], k) => {
    if (options.withoutTest === k + 1) return;
    const n = String(k + 1).padStart(2, '0');
    files[`tests/${n}`] = u8(input);
    files[`tests/${n}.a`] = u8(answer);
  });
  return zip(files);
}

/**
 * Hydro (hydro.js.org "题目包格式"): a folder per problem with problem.yaml, problem_zh.md
 * (samples as ```input1 / ```output1 blocks, pictures as file://), testdata/config.yaml with
 * time and memory strings and subtasks, and additional_file/.
 */
export function hydroPackage(): Buffer {
  const config = [
    'type: default',
    'time: 1s',
    'memory: 256m',
    'subtasks:',
    '  - score: 40',
    '    cases:',
    '      - input: a1.in',
    '        output: a1.out',
    '  - score: 60',
    '    type: sum',
    '    cases:',
    '      - input: a2.in',
    '        output: a2.out',
    '      - input: a3.in',
    '        output: a3.out',
  ].join('\n');
  const statement = [
    '# 描述',
    '',
    '求两个整数的和。![示意图](file://pic.png)',
    '',
    '```input1',
    '1 2',
    '```',
    '',
    '```output1',
    '3',
    '```',
  ].join('\n');
  return zip({
    'P1000/problem.yaml': u8('title: 包导入：求和（Hydro）\ntag:\n  - 入门\n'),
    'P1000/problem_zh.md': u8(statement),
    'P1000/testdata/config.yaml': u8(config),
    ...Object.fromEntries(
      SUM_CASES.flatMap(([input, answer], k) => [
        [`P1000/testdata/a${k + 1}.in`, u8(input)],
        [`P1000/testdata/a${k + 1}.out`, u8(answer)],
      ]),
    ),
    'P1000/additional_file/pic.png': PNG,
  });
}

const cdata = (s: string) => `<![CDATA[${s}]]>`;

/**
 * FPS (github.com/zhblue/freeproblemset, as HUSTOJ exports it): one XML file, many <item>s
 * with embedded test data, pictures as base64 and <solution>s.
 */
export function fpsPackage(): Buffer {
  const item = (title: string, cases: [string, string][], solution: string, language: string) =>
    `<item>
<title>${cdata(title)}</title>
<time_limit unit="s">${cdata('1')}</time_limit>
<memory_limit unit="mb">${cdata('128')}</memory_limit>
<description>${cdata('<p>输入两个整数 a 和 b。<img src="/upload/image/ab.png" /></p>')}</description>
<input>${cdata('<p>一行两个整数</p>')}</input>
<output>${cdata('<p>一个整数</p>')}</output>
<sample_input>${cdata(cases[0]![0])}</sample_input>
<sample_output>${cdata(cases[0]![1])}</sample_output>
${cases.map(([i, o]) => `<test_input>${cdata(i)}</test_input>\n<test_output>${cdata(o)}</test_output>`).join('\n')}
<hint>${cdata('')}</hint>
<source>${cdata('包导入')}</source>
<solution language="${language}">${cdata(solution)}</solution>
<img><src>${cdata('/upload/image/ab.png')}</src><base64>${cdata(PNG.toString('base64'))}</base64></img>
</item>`;
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<fps version="1.2" url="https://github.com/zhblue/freeproblemset/">
<generator name="HUSTOJ" url="https://github.com/zhblue/hustoj/"/>
${item('包导入：求和（FPS）', SUM_CASES, SUM_CPP, 'C++')}
${item(
  '包导入：求积（FPS）',
  [
    ['2 3\n', '6\n'],
    ['-4 5\n', '-20\n'],
  ],
  PRODUCT_PY,
  'Python',
)}
</fps>
`,
  );
}

/**
 * QDUOJ (github.com/QingdaoU/OnlineJudge export): a numbered folder with problem.json (HTML
 * statement sections, samples, OI scores per case, answers) and testcase/ with N.in / N.out.
 */
export function qduojPackage(): Buffer {
  const problem = {
    display_id: 'PKG1',
    title: '包导入：奇偶（QDUOJ）',
    description: { format: 'html', value: '<p>判断一个整数的奇偶。</p>' },
    input_description: { format: 'html', value: '<p>一个整数 n</p>' },
    output_description: { format: 'html', value: '<p>odd 或 even</p>' },
    hint: { format: 'html', value: '' },
    samples: [{ input: '3', output: 'odd' }],
    time_limit: 1000,
    memory_limit: 256,
    rule_type: 'OI',
    test_case_score: [
      { score: 30, input_name: '1.in', output_name: '1.out' },
      { score: 70, input_name: '2.in', output_name: '2.out' },
    ],
    spj: null,
    answers: [{ language: 'Python3', code: PARITY_PY }],
    tags: ['入门'],
    source: '包导入',
  };
  return zip({
    '1/problem.json': u8(JSON.stringify(problem)),
    '1/testcase/1.in': u8('3\n'),
    '1/testcase/1.out': u8('odd\n'),
    '1/testcase/2.in': u8('-8\n'),
    '1/testcase/2.out': u8('even\n'),
  });
}
