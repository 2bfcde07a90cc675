/**
 * Judge budgets (DESIGN.md §5) measured through the platform as a student uses it: the server
 * runs in its own process as `npm start` runs it (throw-away data directory and judge cache, one
 * judge worker per core); this process logs in as the demo student and submits through the real
 * transport, following each answer on its status stream until it is final. Baselines are
 * measured in the same run on the same machine:
 *  a. C++ A+B submit-to-verdict (fresh source: binary cache missed; repeated source: hit)
 *     against a bare `g++ -std=c++17 -O2` of the same `<bits/stdc++.h>` source (no PCH);
 *  b. Python A+B submit-to-verdict against a bare `/usr/bin/python3` run of the same solution on
 *     all the problem's cases, one after another;
 *  c. 100 mixed submissions (C++/Python, right and wrong, several seeded problems) sent at once,
 *     time until all are final, against the sum of bare compile and bare run times of the same
 *     100 done one after another (and that sum divided by the cores); machine-wide CPU use
 *     during the burst from /proc/stat.
 *
 *   npx tsx bench/judge-service.ts [runs]
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServer, stopServer } from './support/server.ts';
import { accounts } from '../src/contract/accounts/refs.ts';
import { memberQuestion } from '../src/contract/member-question/refs.ts';
import { question as questionApi } from '../src/contract/question/refs.ts';
import { loadProblem } from '../src/judge/problem.ts';
import { GXX, PYTHON } from '../src/judge/languages.ts';
import { DEFAULT_SEED_PASSWORD } from '../src/server/config.ts';
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-data.ts';
import { createTransport, type Transport } from '../src/transport/client.ts';
import { bareRun, median } from './support/bare.ts';

const execFileAsync = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const PROBLEMS = path.join(ROOT, 'seed/problems');
const RUNS = Number(process.argv[2] ?? 10);
const CORES = os.availableParallelism();
const BURST = 100;
/** Seeded problems the burst draws from (each has ref.cpp, ref.py and wrong.py). */
const BURST_PROBLEMS = [
  '01-a-plus-b',
  '02-odd-even',
  '04-leap-year',
  '05-sum-1-to-n',
  '07-prime-check',
  '09-palindrome',
  '10-sort-unique',
  '13-big-add',
  '15-prefix-sum',
  '17-gcd-lcm',
];

interface Submission {
  problem: string;
  language: 'cpp' | 'python';
  source: string;
  /** The verdict the solution must get: ref.* is AC, wrong.py is not. */
  expectAccepted: boolean;
}

interface Judged {
  ms: number;
  verdict: string | null;
}

const solution = (problem: string, file: string) =>
  readFileSync(path.join(PROBLEMS, problem, 'solutions', file), 'utf8');
/** A comment with a salt makes a new source, so the judge's binary cache is missed. */
const salted = (source: string, language: 'cpp' | 'python', salt: string) =>
  `${source}\n${language === 'cpp' ? '//' : '#'} ${salt}\n`;

/** Reads the status stream until an event with a final status; resolves when it arrives. */
async function finalEvent(api: Transport, id: number): Promise<void> {
  const response = await api.stream(memberQuestion['memberQuestion.status'], { query: { id } });
  if (!response.ok || !response.body) throw new Error(`status stream ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`status stream of ${id} ended before a final status`);
    buffered += value;
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = event
        .split('\n')
        .find((line) => line.startsWith('data:'))
        ?.slice(5);
      if (!data) continue;
      const { status } = JSON.parse(data) as { status: string };
      if (status === 'done' || status === 'failed') {
        await reader.cancel();
        return;
      }
    }
  }
}

/**
 * Submits, follows the answer on its status stream (pushed as the job changes, so no polling
 * interval is added and 100 followers do not flood the server), then reads the verdict once.
 */
async function judge(api: Transport, questionId: number, s: Submission): Promise<Judged> {
  const t0 = performance.now();
  const { id } = await api.call(memberQuestion['memberQuestion.submitAnswer'], {
    body: { questionId, language: s.language, source: s.source },
  });
  await finalEvent(api, id);
  const ms = performance.now() - t0;
  const detail = await api.call(memberQuestion['memberQuestion.queryById'], { query: { id } });
  if (detail.status !== 'done' || (detail.verdict === 'AC') !== s.expectAccepted) {
    throw new Error(
      `${s.problem} ${s.language}: got ${detail.status} ${detail.verdict ?? ''}` +
        ` ${detail.error ?? ''} ${detail.compileOutput}`,
    );
  }
  return { ms, verdict: detail.verdict };
}

/** The question id of each seeded problem, found by its exact title through oj queryList. */
async function questionIds(api: Transport, problems: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const dir of problems) {
    const { title } = loadProblem(path.join(PROBLEMS, dir)).meta;
    const page = await api.call(questionApi['oj.question.queryList'], {
      query: { page: 0, size: 50 },
      body: { type: 'programming', keyword: title },
    });
    const hit = page.content.find((q) => q.title === title);
    if (!hit) throw new Error(`seeded question "${title}" (${dir}) not found`);
    ids.set(dir, hit.id);
  }
  return ids;
}

/** Bare compile (C++ only) and bare run on every case of the problem, one after another. */
async function bareJudge(work: string, s: Submission, n: number): Promise<number> {
  const cases = loadProblem(path.join(PROBLEMS, s.problem)).cases;
  let ms = 0;
  let argv: string[];
  if (s.language === 'cpp') {
    const src = path.join(work, `bare${n}.cpp`);
    const bin = path.join(work, `bare${n}`);
    writeFileSync(src, s.source);
    const t = performance.now();
    await execFileAsync(GXX, ['-std=c++17', '-O2', src, '-o', bin]);
    ms += performance.now() - t;
    argv = [bin];
  } else {
    const src = path.join(work, `bare${n}.py`);
    writeFileSync(src, s.source);
    argv = [PYTHON, src];
  }
  for (const c of cases) ms += await bareRun(argv, c.input);
  return ms;
}

/** Busy and total jiffies of the whole machine (first line of /proc/stat). */
function cpuTimes(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
  const v = fields.map(Number);
  const idle = v[3]! + v[4]!; // idle + iowait
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

const f = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const r = (x: number) => `${x.toFixed(2)}×`;

/** Resolves when a worker has written the precompiled <bits/stdc++.h> into the cache. */
async function waitForPch(cacheDir: string, timeoutMs = 120_000): Promise<void> {
  const pchRoot = path.join(cacheDir, 'pch');
  for (const until = Date.now() + timeoutMs; Date.now() < until;) {
    const built =
      existsSync(pchRoot) &&
      readdirSync(pchRoot).some((d) => existsSync(path.join(pchRoot, d, 'bits', 'stdc++.h.gch')));
    if (built) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the workers did not build the precompiled header');
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'xinao-bench-judge-'));
  const work = mkdtempSync(path.join(os.tmpdir(), 'xinao-bench-judge-bare-'));
  const cacheDir = path.join(dataDir, 'judge-cache');
  const { url, child } = await startServer(dataDir, {
    JUDGE_WORKERS: String(CORES),
    // A fresh cache: the precompiled header is built when the run's workers start.
    JUDGE_CACHE_DIR: cacheDir,
  });
  try {
    const api = createTransport({ baseUrl: `${url}/xinao/api` });
    const { username } = DEMO_ACCOUNTS.student;
    await api.call(accounts.loginByPwd, { body: { username, password: DEFAULT_SEED_PASSWORD } });
    const ids = await questionIds(api, BURST_PROBLEMS);
    const ab = ids.get('01-a-plus-b')!;
    // The seeded solution includes <iostream>; the budget is about <bits/stdc++.h>, which
    // students use and which the judge precompiles.
    const abCpp = solution('01-a-plus-b', 'ref.cpp').replace(
      '#include <iostream>',
      '#include <bits/stdc++.h>',
    );
    if (!abCpp.includes('<bits/stdc++.h>')) throw new Error('A+B source without bits/stdc++.h');
    const abPy = solution('01-a-plus-b', 'ref.py');
    const cpp = (salt: string): Submission => ({
      problem: '01-a-plus-b',
      language: 'cpp',
      source: salted(abCpp, 'cpp', salt),
      expectAccepted: true,
    });
    const py = (salt: string): Submission => ({
      problem: '01-a-plus-b',
      language: 'python',
      source: salted(abPy, 'python', salt),
      expectAccepted: true,
    });

    // The workers build the precompiled header when they start; the first C++ submission comes
    // once it is there, as a student's would a few seconds after a fresh start.
    const warmStarted = performance.now();
    await waitForPch(cacheDir);
    const warmUpMs = performance.now() - warmStarted;
    const first = await judge(api, ab, cpp(`first ${Date.now()}`));
    await judge(api, ab, py(`warm ${Date.now()}`));

    // a. C++ A+B.
    const cppFresh: number[] = [];
    const cppRepeated: number[] = [];
    const repeated = cpp('repeated');
    await judge(api, ab, repeated); // puts the repeated source's binary in the cache
    for (let i = 0; i < RUNS; i++) {
      cppFresh.push((await judge(api, ab, cpp(`fresh ${i} ${Date.now()}`))).ms);
      cppRepeated.push((await judge(api, ab, repeated)).ms);
    }
    const gxxBare: number[] = [];
    for (let i = 0; i < Math.max(5, Math.ceil(RUNS / 2)); i++) {
      const src = path.join(work, `ab${i}.cpp`);
      writeFileSync(src, cpp(`bare ${i}`).source);
      const t = performance.now();
      await execFileAsync(GXX, ['-std=c++17', '-O2', src, '-o', path.join(work, `ab${i}`)]);
      gxxBare.push(performance.now() - t);
    }

    // b. Python A+B.
    const pyJudged: number[] = [];
    const pyBare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      pyJudged.push((await judge(api, ab, py(`fresh ${i} ${Date.now()}`))).ms);
      pyBare.push(await bareJudge(work, py(`bare ${i}`), 1000 + i));
    }
    const abCases = loadProblem(path.join(PROBLEMS, '01-a-plus-b')).cases.length;

    // c. 100 mixed submissions at once: every other one C++ (right), the rest Python, of which
    // half wrong; each salted, so every C++ one is compiled.
    const burst: Submission[] = Array.from({ length: BURST }, (_, i) => {
      const problem = BURST_PROBLEMS[i % BURST_PROBLEMS.length]!;
      const language = i % 2 === 0 ? 'cpp' : 'python';
      const wrong = language === 'python' && i % 4 === 3;
      const file = language === 'cpp' ? 'ref.cpp' : wrong ? 'wrong.py' : 'ref.py';
      const salt = `burst ${i} ${Date.now()}`;
      return {
        problem,
        language,
        source: salted(solution(problem, file), language, salt),
        expectAccepted: !wrong,
      };
    });
    const cpu0 = cpuTimes();
    const t0 = performance.now();
    const judged = await Promise.all(burst.map((s) => judge(api, ids.get(s.problem)!, s)));
    const burstMs = performance.now() - t0;
    const cpu1 = cpuTimes();
    const busyShare = (cpu1.busy - cpu0.busy) / (cpu1.total - cpu0.total);
    let bareSum = 0;
    for (const [n, s] of burst.entries()) bareSum += await bareJudge(work, s, n);
    const accepted = judged.filter((j) => j.verdict === 'AC').length;

    const mCppFresh = median(cppFresh);
    const mCppRepeated = median(cppRepeated);
    const mGxx = median(gxxBare);
    const mPy = median(pyJudged);
    const mPyBare = median(pyBare);
    console.log(
      `\nJudge service, ${CORES} cores, ${CORES} judge workers, server in its own process; ` +
        `medians of ${RUNS} (bare g++: ${gxxBare.length})\n`,
    );
    console.log('| Measurement | Judge | Baseline | Ratio judge / baseline |');
    console.log('| --- | --: | --: | --: |');
    console.log(
      `| C++ A+B submit to verdict, fresh source (cache miss) | ${f(mCppFresh)} | bare g++ -O2 ${f(mGxx)} | ${r(mCppFresh / mGxx)} |`,
    );
    console.log(
      `| C++ A+B submit to verdict, repeated source (cache hit) | ${f(mCppRepeated)} | bare g++ -O2 ${f(mGxx)} | ${r(mCppRepeated / mGxx)} |`,
    );
    console.log(
      `| C++ A+B first submission after a fresh start, once the workers built the PCH (one run) | ${f(first.ms)} | bare g++ -O2 ${f(mGxx)} | ${r(first.ms / mGxx)} |`,
    );
    console.log(
      `| Workers' PCH build after the server answers (a submission meanwhile waits for it) | ${f(warmUpMs)} | | |`,
    );
    console.log(
      `| Python A+B submit to verdict (${abCases} cases) | ${f(mPy)} | bare python3, ${abCases} cases ${f(mPyBare)} | ${r(mPy / mPyBare)} |`,
    );
    console.log(
      `| ${BURST} mixed submissions at once, until all final | ${f(burstMs)} | sequential bare sum ${f(bareSum)} | ${r(burstMs / bareSum)} |`,
    );
    console.log(
      `| same, against the bare sum / ${CORES} cores | ${f(burstMs)} | ${f(bareSum / CORES)} | ${r(burstMs / (bareSum / CORES))} |`,
    );
    console.log(
      `\nBurst: ${burst.filter((s) => s.language === 'cpp').length} C++ + ` +
        `${burst.filter((s) => s.language === 'python').length} Python over ${BURST_PROBLEMS.length} problems, ` +
        `${accepted} AC, ${BURST - accepted} not; every verdict as expected. ` +
        `Machine CPU busy during the burst: ${(busyShare * 100).toFixed(0)} % of ${CORES} cores ` +
        `(includes the server, PostgreSQL and this client).`,
    );
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
