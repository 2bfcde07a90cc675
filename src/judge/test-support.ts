/** Helpers shared by the judge's tests (sandbox-backed: they need root, bwrap and cgroup v1). */
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ensurePch } from './compile.ts';
import { judgeLoaded, singleCaseProblem } from './judge.ts';
import { LANGUAGES } from './languages.ts';
import { ensureBoxKeeper, ensureLauncher } from './sandbox/isolation.ts';
import { CGROUP_ROOT, CONTROLLERS } from './sandbox/cgroup.ts';
import type { Problem, ProblemMeta } from './problem.ts';
import type { SandboxLimits } from './sandbox/sandbox.ts';
import type { JudgeResult } from './types.ts';

/** Shared across test files so the PCH and the launcher are built once per machine. */
export const TEST_CACHE_DIR = join(tmpdir(), 'xinao-judge-test-cache');
export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

export const AB_CPP =
  '#include <bits/stdc++.h>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}\n';
export const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';

const dataDirs: string[] = [];

/** Removes every dataDir() made so far; test files call it in afterAll. */
export function removeDataDirs(): void {
  for (const d of dataDirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** A temporary directory for test data (see removeDataDirs). */
export function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'xinao-judge-data-'));
  chmodSync(dir, 0o755); // the sandboxed checker reads input/answer files from here
  dataDirs.push(dir);
  return dir;
}

/** Judges `source` on one case (input → answer) with the given limits. */
export async function judgeOne(
  language: string,
  source: string,
  input: string,
  answer: string,
  limits: {
    timeLimitMs?: number;
    memoryLimitMiB?: number;
    outputLimitMiB?: number;
    compileLimits?: Partial<SandboxLimits>;
  } = {},
): Promise<JudgeResult> {
  const dir = dataDir();
  writeFileSync(join(dir, 'in'), input, { mode: 0o644 });
  writeFileSync(join(dir, 'ans'), answer, { mode: 0o644 });
  const problem = singleCaseProblem({
    input: join(dir, 'in'),
    answer: join(dir, 'ans'),
    timeLimitMs: limits.timeLimitMs ?? 1000,
    memoryLimitMiB: limits.memoryLimitMiB ?? 64,
  });
  if (limits.outputLimitMiB !== undefined) problem.meta.outputLimitMiB = limits.outputLimitMiB;
  return judgeLoaded(
    problem,
    { language, source },
    { cacheDir: TEST_CACHE_DIR, compileLimits: limits.compileLimits },
  );
}

/**
 * An in-memory problem over the given cases (written to a dataDir()), default checker; `meta`
 * overrides the defaults (1 s, 64 MiB, sum scoring), e.g. to add subtasks.
 */
export function problemFromCases(
  cases: { input: string; answer: string }[],
  meta: Partial<ProblemMeta> = {},
): Problem {
  const dir = dataDir();
  const files = cases.map((c, k) => {
    const input = join(dir, `${k + 1}.in`);
    const answer = join(dir, `${k + 1}.out`);
    writeFileSync(input, c.input, { mode: 0o644 });
    writeFileSync(answer, c.answer, { mode: 0o644 });
    return { index: k + 1, input, answer };
  });
  return {
    dir,
    meta: {
      title: 'test problem',
      difficulty: 'easy',
      timeLimitMs: 1000,
      memoryLimitMiB: 64,
      checker: { type: 'default' },
      scoring: { mode: 'sum' },
      io: { mode: 'stdio' },
      interactive: false,
      samples: [],
      tags: [],
      ...meta,
    },
    cases: files,
  };
}

/** cgroups this process created and has not removed yet (must be none between runs). */
export function leftoverCgroups(): string[] {
  const left: string[] = [];
  for (const c of CONTROLLERS) {
    const dir = join(CGROUP_ROOT, c, 'xinao-judge');
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (name.startsWith(`${process.pid}-`)) left.push(join(dir, name));
    }
  }
  return left;
}

/** When this process started: a directory older than that is not its own. */
const PROCESS_STARTED_MS = Date.now() - process.uptime() * 1000;

/**
 * Per-run work directories this process left in the cache (must be none between runs). A judge
 * process killed mid-run (worker-death, crash-recovery) leaves its directories behind, named
 * after its pid; a later process given the same pid must not take them for its own.
 */
export function leftoverWorkDirs(): string[] {
  const work = join(TEST_CACHE_DIR, 'work');
  const io = join(TEST_CACHE_DIR, 'io');
  const mine = (dir: string) => (name: string) => {
    try {
      return statSync(join(dir, name)).mtimeMs >= PROCESS_STARTED_MS - 1000;
    } catch {
      return false; // removed meanwhile
    }
  };
  return [
    ...(existsSync(work)
      ? readdirSync(work)
          .filter((n) => n.includes(`-${process.pid}-`))
          .filter(mine(work))
      : []),
    // File-I/O runs work on the io tmpfs (file-io.ts), named `<pid>-<random>`.
    ...(existsSync(io)
      ? readdirSync(io)
          .filter((n) => n.startsWith(`${process.pid}-`))
          .filter(mine(io))
      : []),
  ];
}

/**
 * Builds the launcher, the box keeper and the C++17 PCH before the first test (the first build takes seconds,
 * more when test files race each other on a fresh machine); use in beforeAll with a long timeout.
 */
export async function warmUp(): Promise<void> {
  await ensureLauncher(TEST_CACHE_DIR);
  await ensureBoxKeeper(TEST_CACHE_DIR);
  const cpp = LANGUAGES.cpp;
  if (cpp.kind === 'compiled') await ensurePch(TEST_CACHE_DIR, cpp.flags);
}

/**
 * The hooks every sandbox-backed test file needs: build the PCH and launcher first, remove the
 * data directories after, and (checkLeftovers) fail a test that leaves a cgroup or work dir.
 */
export function registerSandboxHooks(options: { checkLeftovers?: boolean } = {}): void {
  beforeAll(warmUp, 120_000);
  afterAll(removeDataDirs);
  if (options.checkLeftovers) {
    afterEach(() => {
      expect(leftoverCgroups()).toEqual([]);
      expect(leftoverWorkDirs()).toEqual([]);
    });
  }
}

/** The two ways a program's runs are boxed (warm-box.ts): hostile tests try each. */
export const BOX_KINDS = [
  ['in warm boxes', '1'],
  ['in fresh boxes', '0'],
] as const;

/** Runs the enclosing describe's programs in the given kind of box (XINAO_JUDGE_WARM_BOXES). */
export function useBoxKind(flag: '0' | '1'): void {
  let before: string | undefined;
  beforeAll(() => {
    before = process.env.XINAO_JUDGE_WARM_BOXES;
    process.env.XINAO_JUDGE_WARM_BOXES = flag;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.XINAO_JUDGE_WARM_BOXES;
    else process.env.XINAO_JUDGE_WARM_BOXES = before;
  });
}
