/**
 * A problem directory exported for another judge, so nobody is locked in: a Hydro zip (one
 * folder per problem: problem.yaml, problem_zh.md with the samples as Hydro writes them,
 * testdata/ with config.yaml, additional_file/ with the pictures) or FPS XML (one `<item>` per
 * problem, the statement as HTML, the test data, pictures and solutions embedded). Read back by
 * readPackage, an export is the same problem: limits, checker, scoring, samples, tags, cases,
 * checker and interactor sources — and, through Hydro, the statement's text itself.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { Marked } from 'marked';
import { stringify as toYaml } from 'yaml';
import type { Problem } from '../problem.ts';
import { withSamples } from './statement.ts';

/** What a problem directory holds beyond what loadProblem reads. */
interface DirExtras {
  statement: string;
  images: { name: string; bytes: Buffer }[];
  solutions: { name: string; source: string }[];
}

function extrasOf(dir: string): DirExtras {
  const read = (sub: string) =>
    existsSync(join(dir, sub))
      ? readdirSync(join(dir, sub))
          .sort()
          .map((name) => ({ name, bytes: readFileSync(join(dir, sub, name)) }))
      : [];
  const statementPath = join(dir, 'statement.md');
  return {
    statement: existsSync(statementPath) ? readFileSync(statementPath, 'utf8') : '',
    images: read('images'),
    solutions: read('solutions').map((f) => ({ name: f.name, source: f.bytes.toString('utf8') })),
  };
}

/** A folder name for the problem inside an archive: its position, then safe letters of its title. */
const folderOf = (k: number) => `${k + 1}`.padStart(3, '0');

function hydroConfig(p: Problem): Record<string, unknown> {
  const m = p.meta;
  const config: Record<string, unknown> = {
    type: m.interactive ? 'interactive' : 'default',
    time: `${m.timeLimitMs}ms`,
    memory: `${m.memoryLimitMiB}m`,
  };
  if (m.io.mode === 'file') {
    // Hydro names one stem for both files; ours may differ, so both are kept when they do.
    const stem = m.io.input.replace(/\.in$/, '');
    if (`${stem}.in` === m.io.input && `${stem}.out` === m.io.output) config.filename = stem;
  }
  if (m.checker.type !== 'default' && m.checker.type !== 'float') {
    config.checker_type = m.checker.type;
    if (p.checkerSource !== undefined) config.checker = 'checker.cpp';
  }
  if (m.interactive) config.interactor = 'interactor.cpp';
  if (m.scoring.mode === 'subtasks') {
    config.subtasks = (m.subtasks ?? []).map((st) => ({
      score: st.score,
      type: st.mode,
      cases: st.cases.map((c) => ({ input: `${c}.in`, output: `${c}.out` })),
    }));
  } else {
    config.cases = p.cases.map((c) => ({ input: `${c.index}.in`, output: `${c.index}.out` }));
  }
  return config;
}

/** What of a problem Hydro cannot carry (said in the export's warnings). */
export function hydroLosses(p: Problem): string[] {
  const losses: string[] = [];
  if (p.meta.checker.type === 'float')
    losses.push(`${p.meta.title}：浮点比较检查器在 Hydro 中没有对应类型，导出为 default`);
  if (p.meta.io.mode === 'file' && hydroConfig(p).filename === undefined) {
    losses.push(`${p.meta.title}：输入输出文件名不是同名的 .in/.out，Hydro 只能表示同名文件`);
  }
  return losses;
}

export function exportHydroZip(problems: readonly Problem[]): Buffer {
  const files: Zippable = {};
  problems.forEach((p, k) => {
    const folder = folderOf(k);
    const extras = extrasOf(p.dir);
    const put = (name: string, data: Uint8Array) => (files[`${folder}/${name}`] = data);
    put('problem.yaml', strToU8(toYaml({ title: p.meta.title, tag: p.meta.tags })));
    const statement = extras.statement
      .replace(/\]\(images\//g, '](file://')
      .replace(/src=(["'])images\//g, 'src=$1file://');
    put('problem_zh.md', strToU8(`${withSamples(statement, p.meta.samples)}\n`));
    put('testdata/config.yaml', strToU8(toYaml(hydroConfig(p))));
    for (const c of p.cases) {
      put(`testdata/${c.index}.in`, readFileSync(c.input));
      put(`testdata/${c.index}.out`, readFileSync(c.answer));
    }
    if (p.checkerSource !== undefined) put('testdata/checker.cpp', strToU8(p.checkerSource));
    if (p.interactorSource !== undefined)
      put('testdata/interactor.cpp', strToU8(p.interactorSource));
    for (const img of extras.images) put(`additional_file/${img.name}`, img.bytes);
  });
  return Buffer.from(zipSync(files, { level: 6 }));
}

const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const markdownToHtml = (md: string) =>
  new Marked({ gfm: true, breaks: false }).parse(md, { async: false });

const FPS_LANGUAGE: Record<string, string> = { cpp: 'C++', py: 'Python' };

/**
 * A reference solution's file (`ref.cpp`, and what imports write: `main.cpp`, `solution.py`,
 * `solution-2.cpp`): FPS calls every `<solution>` correct, so wrong ones stay home.
 */
const isReference = (name: string) => /^(ref|main|solution)(-\d+)?\.[a-z]+$/.test(name);

/** What of a problem FPS cannot carry (said in the export's warnings). */
export function fpsLosses(p: Problem): string[] {
  const losses: string[] = [];
  const m = p.meta;
  if (m.checker.type !== 'default' && m.checker.type !== 'hustoj') {
    losses.push(`${m.title}：FPS 只能携带 HUSTOJ 特判，检查器 ${m.checker.type} 未导出`);
  }
  if (m.scoring.mode === 'subtasks') losses.push(`${m.title}：FPS 没有子任务，按测试点平均计分`);
  if (m.interactive) losses.push(`${m.title}：FPS 不支持交互题，交互器未导出`);
  if (m.io.mode === 'file') losses.push(`${m.title}：FPS 没有文件输入输出的设置`);
  const spaced = m.tags.filter((t) => /\s/.test(t));
  if (spaced.length > 0) {
    losses.push(`${m.title}：FPS 的分类以空格分隔，标签 ${spaced.join('、')} 会被拆开`);
  }
  return losses;
}

export function exportFpsXml(problems: readonly Problem[]): Buffer {
  const items = problems.map((p) => {
    const m = p.meta;
    const extras = extrasOf(p.dir);
    const el = (tag: string, body: string, attrs = '') => `<${tag}${attrs}>${cdata(body)}</${tag}>`;
    const parts = [
      el('title', m.title),
      el('time_limit', String(m.timeLimitMs), ' unit="ms"'),
      el('memory_limit', String(m.memoryLimitMiB), ' unit="mb"'),
      el('description', markdownToHtml(extras.statement)),
      el('input', ''),
      el('output', ''),
      ...m.samples.flatMap((s) => [el('sample_input', s.input), el('sample_output', s.output)]),
      ...p.cases.flatMap((c) => [
        el('test_input', readFileSync(c.input, 'utf8')),
        el('test_output', readFileSync(c.answer, 'utf8')),
      ]),
      el('hint', ''),
      // HUSTOJ shows <source> as the problem's categories, split at spaces.
      el('source', m.tags.join(' ')),
      ...extras.solutions
        .filter((s) => isReference(s.name))
        .flatMap((s) => {
          const language = FPS_LANGUAGE[s.name.split('.').pop() ?? ''];
          return language ? [el('solution', s.source, ` language="${language}"`)] : [];
        }),
      ...(m.checker.type === 'hustoj' && p.checkerSource !== undefined
        ? [el('spj', p.checkerSource, ' language="C++"')]
        : []),
      ...extras.images.map(
        (img) =>
          `<img>${el('src', `images/${img.name}`)}${el('base64', img.bytes.toString('base64'))}</img>`,
      ),
    ];
    return `<item>\n${parts.join('\n')}\n</item>`;
  });
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<fps version="1.4" url="https://github.com/zhblue/freeproblemset/">\n<generator name="Xinao" url=""/>\n${items.join('\n')}\n</fps>\n`,
  );
}
