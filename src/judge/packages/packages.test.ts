import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProblem } from '../problem.ts';
import { readArchive, safeEntryName } from './archive.ts';
import { parseMemoryMiB, parseTimeMs } from './common.ts';
import { latexToMarkdown } from './latex.ts';
import { fillPattern } from './polygon.ts';
import { exportFpsXml, exportHydroZip, fpsLosses } from './export.ts';
import { readPackage } from './read.ts';
import { previewOf } from './preview.ts';
import { PackageError } from './types.ts';
import { writeProblemDir } from './write-dir.ts';

const u8 = (s: string) => strToU8(s);
const zip = (files: Zippable) => Buffer.from(zipSync(files));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(PackageError);
    return (err as Error).message;
  }
  throw new Error('not refused');
}

/** Written as a problem directory and read back by the judge's own loader. */
function roundTrip(bytes: Buffer, label: string) {
  const read = readPackage(bytes, label);
  return {
    ...read,
    loaded: read.problems.map((p) => {
      const dir = mkdtempSync(join(tmpdir(), 'xinao-pkg-'));
      dirs.push(dir);
      writeProblemDir(p, dir);
      return { dir, problem: loadProblem(dir) };
    }),
  };
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('limits in other judges’ notations', () => {
  it.each([
    ['1s', 1000],
    ['1.5s', 1500],
    ['1000ms', 1000],
    ['500', 500],
  ])('time %s is %i ms', (text, ms) => expect(parseTimeMs(text, 't')).toBe(ms));
  it.each([
    ['256m', 256],
    ['256MB', 256],
    ['1g', 1024],
    ['65536k', 64],
    ['128', 128],
  ])('memory %s is %i MiB', (text, mib) => expect(parseMemoryMiB(text, 'm')).toBe(mib));
  it('refuses what it cannot read, naming the place', () => {
    expect(refusal(() => parseTimeMs('fast', 'config.yaml'))).toContain('config.yaml');
  });
  it('fills Polygon path patterns', () => {
    expect(fillPattern('tests/%02d', 7)).toBe('tests/07');
    expect(fillPattern('tests/%02d.a', 12)).toBe('tests/12.a');
    expect(fillPattern('tests/%d', 3)).toBe('tests/3');
  });
});

describe('Hydro packages', () => {
  const config = [
    'type: default',
    'time: 1s',
    'memory: 128m',
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
    '求两数之和。![图](file://pic.png)',
    '',
    '```input1',
    '1 2',
    '```',
    '',
    '```output1',
    '3',
    '```',
  ].join('\n');
  const hydro = zip({
    'P1000/problem.yaml': u8('title: 两数之和\ntag:\n  - 入门\n'),
    'P1000/problem_zh.md': u8(statement),
    'P1000/testdata/config.yaml': u8(config),
    'P1000/testdata/a1.in': u8('1 2\n'),
    'P1000/testdata/a1.out': u8('3\n'),
    'P1000/testdata/a2.in': u8('5 6\n'),
    'P1000/testdata/a2.out': u8('11\n'),
    'P1000/testdata/a3.in': u8('-1 1\n'),
    'P1000/testdata/a3.out': u8('0\n'),
    'P1000/additional_file/pic.png': PNG,
  });

  it('reads limits, subtasks, samples, tags and pictures into a loadable problem', () => {
    const { format, problems, loaded } = roundTrip(hydro, 'hydro.zip');
    expect(format).toBe('hydro');
    const [p] = problems;
    expect(p!.meta).toMatchObject({
      title: '两数之和',
      timeLimitMs: 1000,
      memoryLimitMiB: 128,
      scoring: { mode: 'subtasks' },
      subtasks: [
        { cases: [1], score: 40, mode: 'min' },
        { cases: [2, 3], score: 60, mode: 'sum' },
      ],
      samples: [{ input: '1 2\n', output: '3\n' }],
      tags: ['入门'],
    });
    expect(p!.statement).toContain('![图](images/pic.png)');
    expect(p!.statement).not.toContain('input1');
    expect(p!.images.map((i) => i.name)).toEqual(['pic.png']);
    expect(loaded[0]!.problem.cases).toHaveLength(3);
    expect(readFileSync(join(loaded[0]!.dir, 'images/pic.png'))).toEqual(PNG);
  });

  it('pairs cases by name when the config lists none, and reads file I/O and testlib', () => {
    const { problems } = roundTrip(
      zip({
        'problem.yaml': u8('title: 文件题\n'),
        'problem.md': u8('读 sum.in 写 sum.out'),
        'testdata/config.yaml': u8(
          'time: 2000ms\nmemory: 256m\nfilename: sum\nchecker_type: testlib\nchecker: chk.cc\n',
        ),
        'testdata/chk.cc': u8(
          '#include "testlib.h"\nint main(int c,char**v){registerTestlibCmd(c,v);quitf(_ok,"ok");}\n',
        ),
        'testdata/10.in': u8('10'),
        'testdata/10.ans': u8('10'),
        'testdata/2.in': u8('2'),
        'testdata/2.out': u8('2'),
      }),
      'file.zip',
    );
    expect(problems[0]!.meta).toMatchObject({
      io: { mode: 'file', input: 'sum.in', output: 'sum.out' },
      checker: { type: 'testlib' },
      timeLimitMs: 2000,
    });
    expect(problems[0]!.cases.map((c) => c.input.toString())).toEqual(['2', '10']);
    expect(problems[0]!.checkerSource).toContain('registerTestlibCmd');
  });

  it('refuses a checker it cannot run and a case with no answer, naming the file', () => {
    expect(
      refusal(() =>
        readPackage(
          zip({
            'problem.yaml': u8('title: x\n'),
            'testdata/config.yaml': u8('checker_type: lemon\nchecker: c.cpp\n'),
            'testdata/1.in': u8('1'),
            'testdata/1.out': u8('1'),
          }),
          'x.zip',
        ),
      ),
    ).toMatch(/config\.yaml.*lemon/);
    expect(
      refusal(() =>
        readPackage(zip({ 'problem.yaml': u8('title: x\n'), 'testdata/1.in': u8('1') }), 'x.zip'),
      ),
    ).toContain('1.in');
    expect(
      refusal(() => readPackage(zip({ 'problem.yaml': u8('title: [\n') }), 'x.zip')),
    ).toContain('YAML');
  });
});

describe('QDUOJ exports', () => {
  const problem = (extra: object) =>
    u8(
      JSON.stringify({
        display_id: 1001,
        title: '奇偶',
        description: { format: 'html', value: '<p>判断奇偶。<img src="/public/upload/a.png"></p>' },
        input_description: { format: 'html', value: '<p>一个整数</p>' },
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
        answers: [{ language: 'C++', code: 'int main(){}' }],
        tags: ['入门'],
        source: '原创',
        ...extra,
      }),
    );
  it('keeps each case’s score, the statement sections, samples and answers', () => {
    const { format, problems } = roundTrip(
      zip({
        '1/problem.json': problem({}),
        '1/testcase/1.in': u8('3\n'),
        '1/testcase/1.out': u8('odd\n'),
        '1/testcase/2.in': u8('4\n'),
        '1/testcase/2.out': u8('even\n'),
      }),
      'qduoj.zip',
    );
    expect(format).toBe('qduoj');
    const p = problems[0]!;
    expect(p.meta).toMatchObject({
      title: '奇偶',
      timeLimitMs: 1000,
      memoryLimitMiB: 256,
      scoring: { mode: 'subtasks' },
      subtasks: [
        { cases: [1], score: 30 },
        { cases: [2], score: 70 },
      ],
      samples: [{ input: '3', output: 'odd' }],
      source: '原创',
    });
    expect(p.statement).toContain('## 输入格式');
    expect(p.solutions).toEqual([{ language: 'cpp', source: 'int main(){}', tag: 'solution' }]);
    expect(p.warnings.join()).toContain('/public/upload/a.png');
  });
  it('imports a special judge under QDUOJ’s own protocol, with no answer files', () => {
    const { problems } = roundTrip(
      zip({
        '1/problem.json': problem({
          rule_type: 'ACM',
          spj: { language: 'C', code: 'int main(){return 0;}' },
          test_case_score: [{ score: 100, input_name: '1.in', output_name: '-' }],
        }),
        '1/testcase/1.in': u8('3\n'),
      }),
      'spj.zip',
    );
    expect(problems[0]!.meta.checker).toEqual({ type: 'qduoj' });
    expect(problems[0]!.cases[0]!.answer.length).toBe(0);
  });
});

describe('FPS XML', () => {
  const fps = (items: string) =>
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<fps version="1.2" url="https://github.com/zhblue/freeproblemset/">\n<generator name="HUSTOJ" url="https://github.com/zhblue/hustoj/"/>\n${items}</fps>\n`,
    );
  const item = (title: string, extra = '') => `<item>
<title><![CDATA[${title}]]></title>
<time_limit unit="s"><![CDATA[1]]></time_limit>
<memory_limit unit="mb"><![CDATA[128]]></memory_limit>
<description><![CDATA[<p>输入两个整数 <img src="/upload/image/sum.png" /></p>]]></description>
<input><![CDATA[<p>a b</p>]]></input>
<output><![CDATA[<p>a+b</p>]]></output>
<sample_input><![CDATA[1 2]]></sample_input>
<sample_output><![CDATA[3]]></sample_output>
<test_input><![CDATA[1 2
]]></test_input>
<test_output><![CDATA[3
]]></test_output>
<test_input><![CDATA[5 5
]]></test_input>
<test_output><![CDATA[10
]]></test_output>
<hint><![CDATA[]]></hint>
<source><![CDATA[原创]]></source>
<solution language="C++"><![CDATA[#include <cstdio>
int main(){int a,b;scanf("%d%d",&a,&b);printf("%d\\n",a+b);}]]></solution>
<img><src><![CDATA[/upload/image/sum.png]]></src><base64><![CDATA[${PNG.toString('base64')}]]></base64></img>
${extra}</item>
`;
  it('reads every item with its embedded data, pictures and solutions', () => {
    const { format, problems, loaded } = roundTrip(
      fps(item('A+B') + item('A+B 又一题')),
      'set.xml',
    );
    expect(format).toBe('fps');
    expect(problems.map((p) => p.meta.title)).toEqual(['A+B', 'A+B 又一题']);
    const p = problems[0]!;
    expect(p.meta).toMatchObject({
      timeLimitMs: 1000,
      memoryLimitMiB: 128,
      samples: [{ input: '1 2', output: '3' }],
      tags: ['原创'],
    });
    expect(p.cases.map((c) => c.answer.toString())).toEqual(['3\n', '10\n']);
    expect(p.statement).toContain('src="images/sum.png"');
    expect(p.images[0]!.bytes).toEqual(PNG);
    expect(p.solutions[0]!.language).toBe('cpp');
    expect(loaded[1]!.problem.cases).toHaveLength(2);
  });
  it('takes a HUSTOJ special judge under HUSTOJ’s protocol', () => {
    const { problems } = roundTrip(
      fps(item('特判', '<spj language="C"><![CDATA[int main(){return 0;}]]></spj>')),
      'spj.xml',
    );
    expect(problems[0]!.meta.checker).toEqual({ type: 'hustoj' });
    expect(problems[0]!.checkerSource).toBe('int main(){return 0;}');
  });
  it('refuses malformed XML with its line, an entity bomb, and unpaired data', () => {
    expect(
      refusal(() =>
        readPackage(Buffer.from('<fps version="1.2"><item><title>x</item></fps>'), 'bad.xml'),
      ),
    ).toMatch(/bad\.xml 不是合法的 XML（第 1 行/);
    expect(
      refusal(() =>
        readPackage(
          Buffer.from('<?xml version="1.0"?><!DOCTYPE fps [<!ENTITY a "aaaa">]><fps>&a;</fps>'),
          'bomb.xml',
        ),
      ),
    ).toContain('实体声明');
    expect(
      refusal(() =>
        readPackage(
          fps(item('x').replace(/<test_output>[\s\S]*?<\/test_output>\n/, '')),
          'odd.xml',
        ),
      ),
    ).toContain('test_input 有 2 个而 test_output 有 1 个');
  });
});

describe('Polygon packages', () => {
  const xml = (tests: string, extra = '') => `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="7" short-name="guess-sum" url="https://polygon.codeforces.com/p/x/guess-sum">
  <names>
    <name language="english" value="Sum"/>
    <name language="chinese" value="求和"/>
  </names>
  <judging cpu-name="Intel" cpu-speed="3600" input-file="" output-file="">
    <testset name="tests">
      <time-limit>2000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>3</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>${tests}</tests>
      <groups>
        <group name="1" points="40" points-policy="complete-group"/>
        <group name="2" points="60" points-policy="each-test"><dependencies><dependency group="1"/></dependencies></group>
      </groups>
    </testset>
  </judging>
  <assets>
    <checker name="std::ncmp.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
    <solutions>
      <solution tag="main"><source path="solutions/sol.cpp" type="cpp.g++17"/></solution>
      <solution tag="wrong-answer"><source path="solutions/wa.py" type="python.3"/></solution>
    </solutions>
  </assets>
  <tags><tag value="math"/></tags>${extra}
</problem>`;
  const tests = `<test method="manual" sample="true" group="1" points="0"/>
        <test method="generated" cmd="gen 1" group="2" points="30"/>
        <test method="generated" cmd="gen 2" group="2" points="30"/>`;
  const files = (over: Zippable = {}): Zippable => ({
    'problem.xml': u8(xml(tests)),
    'tests/01': u8('1 2\n'),
    'tests/01.a': u8('3\n'),
    'tests/02': u8('5 5\n'),
    'tests/02.a': u8('10\n'),
    'tests/03': u8('0 0\n'),
    'tests/03.a': u8('0\n'),
    'files/check.cpp': u8(
      '#include "testlib.h"\nint main(int c,char**v){registerTestlibCmd(c,v);quitf(_ok,"ok");}\n',
    ),
    'solutions/sol.cpp': u8('int main(){}'),
    'solutions/wa.py': u8('print(0)'),
    'statements/chinese/problem-properties.json': u8(
      JSON.stringify({
        name: '求和',
        legend: '给定 $$$a$$$ 与 $$$b$$$，求 \\textbf{和}。',
        input: '两个整数。',
        output: '一个整数。',
        notes: '',
      }),
    ),
    ...over,
  });
  it('reads names, limits, groups with their points policies, checker, solutions and statement', () => {
    const { format, problems, loaded } = roundTrip(zip(files()), 'guess-sum.zip');
    expect(format).toBe('polygon');
    const p = problems[0]!;
    expect(p.meta).toMatchObject({
      title: '求和',
      timeLimitMs: 2000,
      memoryLimitMiB: 256,
      checker: { type: 'testlib' },
      scoring: { mode: 'subtasks' },
      subtasks: [
        { cases: [1], score: 40, mode: 'min' },
        { cases: [2, 3], score: 60, mode: 'sum' },
      ],
      samples: [{ input: '1 2\n', output: '3\n' }],
      tags: ['math'],
    });
    expect(p.statement).toContain('给定 $a$ 与 $b$，求 **和**。');
    expect(p.solutions.map((s) => [s.tag, s.language])).toEqual([
      ['main', 'cpp'],
      ['wrong-answer', 'python'],
    ]);
    expect(p.warnings.join()).toContain('依赖');
    expect(loaded[0]!.problem.checkerSource).toContain('registerTestlibCmd');
  });
  it('says so when the package was built without its generated tests', () => {
    const { 'tests/02': _two, ...rest } = files();
    expect(refusal(() => readPackage(zip(rest), 'standard.zip'))).toContain(
      '不含生成的测试数据：第 2 个测试点（tests/02）',
    );
  });
  it('reads an interactor, and file names, and refuses the two together', () => {
    const problemXml = (io: boolean, interactor: boolean) => {
      let text = xml(tests);
      if (io) {
        text = text.replace(
          'input-file="" output-file=""',
          'input-file="sum.in" output-file="sum.out"',
        );
      }
      if (interactor) {
        text = text.replace(
          '<solutions>',
          '<interactor><source path="files/interactor.cpp" type="cpp.g++17"/></interactor><solutions>',
        );
      }
      return files({ 'problem.xml': u8(text), 'files/interactor.cpp': u8('int main(){}') });
    };
    const interactive = readPackage(zip(problemXml(false, true)), 'i.zip').problems[0]!;
    expect(interactive.meta).toMatchObject({ interactive: true, io: { mode: 'stdio' } });
    expect(interactive.interactorSource).toBe('int main(){}');
    // Its testlib checker reads what the interactor leaves; without one the interactor decides.
    expect(previewOf(interactive).checker).toBe('testlib 检查器');
    const alone = { ...interactive, meta: { ...interactive.meta, checker: { type: 'default' } } };
    expect(previewOf(alone as typeof interactive).checker).toBe('由交互器判定');
    const fileIo = readPackage(zip(problemXml(true, false)), 'f.zip').problems[0]!;
    expect(fileIo.meta).toMatchObject({
      interactive: false,
      io: { mode: 'file', input: 'sum.in', output: 'sum.out' },
    });
    // The interactor is the program's stdin and stdout: there is no file for it to read.
    expect(refusal(() => readPackage(zip(problemXml(true, true)), 'both.zip'))).toContain(
      '交互题使用标准输入输出',
    );
  });
  it('turns LaTeX lists, emphasis and Polygon’s formula marks into Markdown', () => {
    expect(latexToMarkdown('\\begin{itemize}\\item 第一 \\item 第二\\end{itemize}')).toBe(
      '- 第一\n- 第二',
    );
    expect(latexToMarkdown('$$$$$$x^2$$$$$$ 与 \\emph{强调}~文本')).toBe('$$x^2$$ 与 *强调* 文本');
  });
});

describe('archives from an upload', () => {
  it('normalises entry names and refuses those that climb out', () => {
    expect(safeEntryName('./a//b/./c')).toBe('a/b/c');
    expect(safeEntryName('../etc/passwd')).toBeNull();
    expect(safeEntryName('a/../../b')).toBeNull();
    expect(safeEntryName('/etc/passwd')).toBeNull();
    expect(safeEntryName('C:\\Windows\\x')).toBeNull();
    expect(refusal(() => readArchive(zip({ '../evil.in': u8('x') }), 'slip.zip'))).toContain(
      '../evil.in',
    );
  });
  it('refuses an entry that declares 2 GB before inflating a byte of it', () => {
    const bytes = zip({ 'problem.yaml': u8('title: x\n') });
    // The local header's uncompressed size (offset 22) and the central directory's (offset 24).
    bytes.writeUInt32LE(2 * 1024 * 1024 * 1024 - 1, 22);
    const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bytes.writeUInt32LE(2 * 1024 * 1024 * 1024 - 1, central + 24);
    expect(refusal(() => readArchive(bytes, 'big.zip'))).toMatch(
      /big\.zip 中 problem\.yaml 声明解压后 2048 MiB/,
    );
  });
  it('refuses a zip bomb while inflating', () => {
    const bomb = zip({ 'a.in': new Uint8Array(5 * 1024 * 1024) });
    expect(
      refusal(() =>
        readArchive(bomb, 'bomb.zip', {
          maxEntries: 10,
          maxEntryBytes: 1024 * 1024,
          maxTotalBytes: 2 * 1024 * 1024,
        }),
      ),
    ).toContain('上限');
  });
  it('refuses what is neither a zip nor FPS', () => {
    expect(refusal(() => readPackage(Buffer.from('hello'), 'x.txt'))).toContain('无法识别');
    expect(refusal(() => readPackage(zip({ 'readme.txt': u8('x') }), 'x.zip'))).toContain(
      '不是可识别的题目包',
    );
  });
});

describe('export and import back', () => {
  const SEEDED = join(import.meta.dirname, '../../../seed/problems');
  const FIXTURES = join(import.meta.dirname, '../fixtures');
  const sources = [
    join(SEEDED, '01-a-plus-b'),
    join(SEEDED, '05-sum-1-to-n'),
    join(FIXTURES, 'subtasks'),
    join(FIXTURES, 'testlib'),
  ];
  const originals = sources.map((dir) => loadProblem(dir));
  const same = (a: ReturnType<typeof loadProblem>, b: ReturnType<typeof loadProblem>) => {
    const { source: _a, difficulty: _d1, ...metaA } = a.meta;
    const { source: _b, difficulty: _d2, ...metaB } = b.meta;
    expect(metaB).toEqual(metaA);
    expect(b.cases.map((c) => [readFileSync(c.input), readFileSync(c.answer)])).toEqual(
      a.cases.map((c) => [readFileSync(c.input), readFileSync(c.answer)]),
    );
    expect(b.checkerSource).toEqual(a.checkerSource);
  };

  it('through a Hydro zip is the same problem, statement included', () => {
    const back = roundTrip(exportHydroZip(originals), 'export.zip');
    expect(back.format).toBe('hydro');
    expect(back.loaded).toHaveLength(originals.length);
    back.loaded.forEach(({ dir, problem }, k) => {
      same(originals[k]!, problem);
      const statement = (d: string) => readFileSync(join(d, 'statement.md'), 'utf8').trim();
      if (k < 2) expect(statement(dir)).toBe(statement(sources[k]!));
    });
  });

  it('through FPS XML keeps limits, samples, cases and solutions, and names what FPS cannot carry', () => {
    const plain = originals.slice(0, 2);
    const back = roundTrip(exportFpsXml(plain), 'export.xml');
    expect(back.format).toBe('fps');
    // FPS carries tags as HUSTOJ categories, split at spaces (fpsLosses says so).
    const split = (p: ReturnType<typeof loadProblem>) => ({
      ...p,
      meta: { ...p.meta, tags: p.meta.tags.flatMap((t) => t.split(' ')) },
    });
    back.loaded.forEach(({ problem }, k) => same(split(plain[k]!), problem));
    expect(fpsLosses(plain[0]!)).toEqual([expect.stringContaining('long long')]);
    expect(back.problems[0]!.solutions.map((s) => s.language).sort()).toEqual(['cpp', 'python']);
    expect(back.problems[0]!.statement).toContain('<h');
    expect(fpsLosses(originals[2]!)).toEqual([expect.stringContaining('没有子任务')]);
    expect(fpsLosses(originals[3]!)).toEqual([expect.stringContaining('检查器 testlib 未导出')]);
  });
});
