/**
 * Hydro problem packages (a zip of one problem, or of several in folders), as Hydro exports
 * them: `problem.yaml` (title, tag), the statement in `problem_zh.md` / `problem.md` /
 * `problem_en.md`, `testdata/` with the cases and `config.yaml` (type, time and memory in
 * Hydro's notation — `1s`, `256m` —, checker_type and checker, interactor, filename for file
 * I/O, subtasks with their cases and scores), images in `additional_file/` linked as `file://`.
 */
import { parse as parseYaml } from 'yaml';
import {
  checkCaseCount,
  checkedMeta,
  collectImages,
  naturalCompare,
  need,
  pairByName,
  parseMemoryMiB,
  parseTimeMs,
  text,
} from './common.ts';
import { samplesOf, withoutSamples } from './statement.ts';
import { PackageError, type PackageCase, type PackageImage, type PackageProblem } from './types.ts';

/** The folders of the archive holding a Hydro problem (`''` for the archive's root). */
export function hydroFolders(files: Map<string, Buffer>): string[] {
  if (files.has('problem.yaml')) return [''];
  return [...files.keys()]
    .filter((n) => /^[^/]+\/problem\.yaml$/.test(n))
    .map((n) => n.slice(0, -'/problem.yaml'.length))
    .sort(naturalCompare);
}

type Source = string | { file?: string; lang?: string } | undefined;
const sourceFile = (s: Source) => (typeof s === 'string' ? s : s?.file);

interface HydroCase {
  input?: string;
  output?: string;
}
interface HydroSubtask {
  score?: number;
  type?: string;
  time?: string | number;
  memory?: string | number;
  cases?: HydroCase[];
  if?: unknown[];
}
interface HydroConfig {
  type?: string;
  time?: string | number;
  memory?: string | number;
  checker_type?: string;
  checker?: Source;
  interactor?: Source;
  filename?: string;
  cases?: HydroCase[];
  subtasks?: HydroSubtask[];
}

function yamlOf(bytes: Buffer, where: string): unknown {
  try {
    return parseYaml(text(bytes)) ?? {};
  } catch (err) {
    throw new PackageError(`${where} 不是合法的 YAML：${(err as Error).message}`);
  }
}

export function readHydroProblem(files: Map<string, Buffer>, folder: string): PackageProblem {
  const at = (name: string) => (folder ? `${folder}/${name}` : name);
  const where = `Hydro 题目包 ${folder || '（根目录）'}`;
  const warnings: string[] = [];
  const info = yamlOf(need(files, at('problem.yaml'), where), at('problem.yaml')) as {
    title?: unknown;
    tag?: unknown;
  };
  if (typeof info.title !== 'string' || info.title.trim() === '') {
    throw new PackageError(`${at('problem.yaml')} 缺少 title`);
  }
  const configBytes = files.get(at('testdata/config.yaml'));
  const config = (
    configBytes ? yamlOf(configBytes, at('testdata/config.yaml')) : {}
  ) as HydroConfig;
  const type = config.type ?? 'default';
  if (type !== 'default' && type !== 'interactive') {
    throw new PackageError(
      `${at('testdata/config.yaml')}：题目类型 ${type} 不受支持（支持 default、interactive）`,
    );
  }

  const testdata = [...files.keys()]
    .filter((n) => n.startsWith(at('testdata/')))
    .map((n) => n.slice(at('testdata/').length));
  const data = (name: string) => need(files, at(`testdata/${name}`), where);

  // Cases: those the subtasks name, else the config's list, else every x.in with its answer.
  const listed: { input: string; answer: string }[] = [];
  const indexOf = new Map<string, number>();
  const add = (c: HydroCase, whereCase: string): number => {
    if (!c.input || !c.output) throw new PackageError(`${whereCase}：测试点缺少 input 或 output`);
    const key = `${c.input}\n${c.output}`;
    const known = indexOf.get(key);
    if (known) return known;
    listed.push({ input: c.input, answer: c.output });
    indexOf.set(key, listed.length);
    return listed.length;
  };
  let subtasks: { cases: number[]; score: number; mode: 'min' | 'sum' }[] | undefined;
  const limits: { time: number[]; memory: number[] } = { time: [], memory: [] };
  const cfgWhere = at('testdata/config.yaml');
  if (config.subtasks?.length) {
    subtasks = config.subtasks.map((st, k) => {
      const stWhere = `${cfgWhere} 子任务 ${k + 1}`;
      if (!st.cases?.length) throw new PackageError(`${stWhere} 没有测试点`);
      if (st.if?.length) warnings.push(`子任务 ${k + 1} 的依赖（if）未导入：各子任务独立计分`);
      if (st.time !== undefined) limits.time.push(parseTimeMs(st.time, stWhere));
      if (st.memory !== undefined) limits.memory.push(parseMemoryMiB(st.memory, stWhere));
      let mode: 'min' | 'sum' = 'min';
      if (st.type === 'sum') mode = 'sum';
      else if (st.type === 'max')
        warnings.push(`子任务 ${k + 1} 的计分方式 max 按 min（全对才得分）导入`);
      return {
        cases: st.cases.map((c) => add(c, stWhere)),
        score: Number(st.score ?? 0),
        mode,
      };
    });
  } else if (config.cases?.length) {
    for (const c of config.cases) add(c, cfgWhere);
  } else {
    for (const pair of pairByName(
      testdata.filter((n) => !n.includes('/')),
      `${where} testdata`,
    )) {
      listed.push(pair);
    }
  }
  const cases: PackageCase[] = listed.map((c) => ({
    input: data(c.input),
    answer: data(c.answer),
  }));
  checkCaseCount(cases, where);

  const timeLimitMs = Math.max(
    config.time !== undefined ? parseTimeMs(config.time, cfgWhere) : 1000,
    ...limits.time,
  );
  const memoryLimitMiB = Math.max(
    config.memory !== undefined ? parseMemoryMiB(config.memory, cfgWhere) : 256,
    ...limits.memory,
  );
  if (new Set(limits.time).size > 1 || new Set(limits.memory).size > 1) {
    warnings.push(
      `各子任务的时间/内存限制不同，统一取最大值 ${timeLimitMs} ms / ${memoryLimitMiB} MiB`,
    );
  }

  // The checker: default and strict are ours; testlib is compiled; other kinds are refused.
  let checker: Record<string, unknown> = { type: 'default' };
  let checkerSource: string | undefined;
  const checkerType = config.checker_type ?? 'default';
  if (checkerType === 'strict') checker = { type: 'strict' };
  else if (checkerType === 'testlib' || checkerType === 'hustoj' || checkerType === 'qduoj') {
    const file = sourceFile(config.checker);
    if (!file)
      throw new PackageError(`${cfgWhere}：checker_type 为 ${checkerType} 但没有给出 checker`);
    checker = { type: checkerType };
    checkerSource = text(data(file));
  } else if (checkerType !== 'default') {
    throw new PackageError(
      `${cfgWhere}：检查器类型 ${checkerType} 不受支持（支持 default、strict、testlib、hustoj、qduoj；其他格式的检查器请改写为 testlib）`,
    );
  }
  let interactorSource: string | undefined;
  if (type === 'interactive') {
    const file = sourceFile(config.interactor);
    if (!file) throw new PackageError(`${cfgWhere}：交互题缺少 interactor`);
    interactorSource = text(data(file));
  }

  const statementName = ['problem_zh.md', 'problem.md', 'problem_en.md']
    .map(at)
    .find((n) => files.has(n));
  if (!statementName) warnings.push('包中没有题面（problem_zh.md / problem.md），题面为空');
  const images: PackageImage[] = [];
  const written = statementName ? text(files.get(statementName)!) : '';
  const statement = collectImages(
    withoutSamples(written),
    (link) => {
      const name = link.replace(/^file:\/\//, '').replace(/^\.\//, '');
      const path = [at(`additional_file/${name}`), at(name)].find((p) => files.has(p));
      return path ? { name, bytes: files.get(path)! } : null;
    },
    images,
    warnings,
  );

  const meta = checkedMeta(
    {
      title: info.title.trim(),
      timeLimitMs,
      memoryLimitMiB,
      checker,
      io: config.filename
        ? { mode: 'file', input: `${config.filename}.in`, output: `${config.filename}.out` }
        : { mode: 'stdio' },
      interactive: type === 'interactive',
      scoring: subtasks ? { mode: 'subtasks' } : { mode: 'sum' },
      ...(subtasks ? { subtasks } : {}),
      samples: samplesOf(written),
      tags: Array.isArray(info.tag) ? info.tag.map(String) : [],
      source: 'Hydro 导入',
    },
    where,
  );
  return {
    format: 'hydro',
    origin: folder || '（根目录）',
    meta,
    statement,
    cases,
    ...(checkerSource !== undefined ? { checkerSource } : {}),
    ...(interactorSource !== undefined ? { interactorSource } : {}),
    solutions: [],
    images,
    warnings,
  };
}

export function readHydro(files: Map<string, Buffer>): PackageProblem[] {
  const folders = hydroFolders(files);
  if (folders.length === 0) throw new PackageError('不是 Hydro 题目包：找不到 problem.yaml');
  return folders.map((f) => readHydroProblem(files, f));
}
