/**
 * Judge measurements (run: `npx tsx bench/judge-sandbox.ts`). Prints medians, side by side:
 *  - per-case sandbox overhead: the same A+B binary run bare (spawn from Node) vs in a fresh box
 *    (bubblewrap per run) vs in a warm box (built once, one run per case, as the judge runs the
 *    cases of a submission), and what building a warm box costs;
 *  - Python A+B bare vs in the sandbox;
 *  - C++ A+B compile: bare `g++ -std=c++17 -O2` of <bits/stdc++.h> vs the judge's sandboxed
 *    compile with the precompiled header (fresh source each time, so the binary cache is missed);
 *  - one interactive case (seed/problems/25-guess-number: a binary search, 30 questions and
 *    answers through the FIFOs) against one sandboxed A+B run: two boxes and the round trips;
 *    and the same pair bare against a bare A+B run, the floor no sandbox can go below.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { compileCpp, ensurePch } from '../src/judge/compile.ts';
import { GXX, LANGUAGES, PYTHON, type CompiledLanguage } from '../src/judge/languages.ts';
import { compileTestlibChecker } from '../src/judge/checkers/testlib.ts';
import { openInteractorBox, runInteractive } from '../src/judge/interactive.ts';
import { runSandboxed } from '../src/judge/sandbox/sandbox.ts';
import { openWarmBox, type WarmBox } from '../src/judge/sandbox/warm-box.ts';
import { SEED_ROOT } from '../src/server/seed/questions.ts';
import { bareInteractive, bareRun, median } from './support/bare.ts';

const execFileAsync = promisify(execFile);
const cacheDir = join(tmpdir(), 'xinao-judge-bench');
const work = mkdtempSync(join(tmpdir(), 'xinao-judge-bench-'));
chmodSync(work, 0o755); // the sandbox user must read main.py
const cpp = LANGUAGES.cpp as CompiledLanguage;
const AB = (salt: string) =>
  `#include <bits/stdc++.h>\nusing namespace std;\nint main(){long long a,b;cin>>a>>b;cout<<a+b<<"\\n";}\n// ${salt}\n`;

const limits = {
  cpuMs: 1000,
  wallMs: 3000,
  memoryBytes: 256 << 20,
  pids: 32,
  stdoutBytes: 1 << 20,
  stderrBytes: 1 << 20,
  fileBytes: 1 << 20,
  tmpBytes: 256 << 20,
};

async function sandboxRun(argv: string[], binds: { host: string; box: string }[], input: string) {
  const t = performance.now();
  const r = await runSandboxed({ argv, binds, stdinFile: input, limits, cacheDir });
  if (r.exitCode !== 0) throw new Error(`sandbox run failed: ${r.stderr.toString()}`);
  return { wall: performance.now() - t, cpu: r.cpuMs };
}

async function warmRun(box: WarmBox, argv: string[], input: string) {
  const t = performance.now();
  const r = await box.run({ argv, stdinFile: input, limits });
  if (r.exitCode !== 0) throw new Error(`warm box run failed: ${r.stderr.toString()}`);
  return { wall: performance.now() - t, cpu: r.cpuMs };
}

async function main() {
  const input = join(work, 'in');
  writeFileSync(input, '1 2\n');
  await ensurePch(cacheDir, cpp.flags);
  const compiled = await compileCpp(AB('run'), cpp, { cacheDir });
  if (!compiled.binary) throw new Error(compiled.output);
  const py = join(work, 'main.py');
  writeFileSync(py, 'a, b = map(int, input().split())\nprint(a + b)\n');

  const N = 30;
  const bare: number[] = [];
  const boxed: number[] = [];
  const boxedCpu: number[] = [];
  const pyBare: number[] = [];
  const pyBoxed: number[] = [];
  const warm: number[] = [];
  const warmCpu: number[] = [];
  const pyWarm: number[] = [];
  const boxOpen: number[] = [];
  const t0 = performance.now();
  const cppBox = await openWarmBox({
    binds: [{ host: compiled.binary, box: '/box/main', copy: true }],
    cacheDir,
  });
  boxOpen.push(performance.now() - t0);
  const pyBox = await openWarmBox({
    binds: [{ host: py, box: '/box/main.py', copy: true }],
    cacheDir,
  });
  for (let i = 0; i < N; i++) {
    const w = await warmRun(cppBox, ['/box/main'], input);
    warm.push(w.wall);
    warmCpu.push(w.cpu);
    pyWarm.push((await warmRun(pyBox, [PYTHON, '-S', '-B', '/box/main.py'], input)).wall);
    bare.push(await bareRun([compiled.binary], input));
    const s = await sandboxRun(['/box/main'], [{ host: compiled.binary, box: '/box/main' }], input);
    boxed.push(s.wall);
    boxedCpu.push(s.cpu);
    pyBare.push(await bareRun([PYTHON, '-S', '-B', py], input));
    pyBoxed.push(
      (await sandboxRun([PYTHON, '-S', '-B', '/box/main.py'], [{ host: work, box: '/box' }], input))
        .wall,
    );
  }

  await cppBox.close();
  await pyBox.close();
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    const box = await openWarmBox({
      binds: [{ host: compiled.binary, box: '/box/main', copy: true }],
      cacheDir,
    });
    boxOpen.push(performance.now() - t);
    await box.close();
  }

  const gxxBare: number[] = [];
  const gxxJudge: number[] = [];
  for (let i = 0; i < 5; i++) {
    const src = join(work, `ab${i}.cpp`);
    writeFileSync(src, AB(`bare ${i}`));
    let t = performance.now();
    await execFileAsync(GXX, ['-std=c++17', '-O2', src, '-o', join(work, `ab${i}`)]);
    gxxBare.push(performance.now() - t);
    t = performance.now();
    const r = await compileCpp(AB(`judge ${i} ${Date.now()}`), cpp, { cacheDir });
    if (!r.ok) throw new Error(r.output);
    gxxJudge.push(performance.now() - t);
  }

  const guess = join(SEED_ROOT, 'problems', '25-guess-number');
  const interactor = await compileTestlibChecker(
    readFileSync(join(guess, 'interactor.cpp'), 'utf8'),
    cacheDir,
  );
  const search = await compileCpp(readFileSync(join(guess, 'solutions', 'ref.cpp'), 'utf8'), cpp, {
    cacheDir,
  });
  if (!interactor.checker || !search.binary) throw new Error('guess-number did not compile');
  const interactive: number[] = [];
  const interactiveWarm: number[] = [];
  const interactiveBare: number[] = [];
  const tout = join(work, 'tout');
  for (let i = 0; i < N; i++) {
    interactiveBare.push(
      await bareInteractive(search.binary, [
        interactor.checker.binary,
        join(guess, 'tests', '3.in'),
        tout,
        join(guess, 'tests', '3.out'),
      ]),
    );
  }
  const searchBox = await openWarmBox({
    binds: [{ host: search.binary, box: '/box/main', copy: true }],
    cacheDir,
  });
  const interactorBox = await openInteractorBox(interactor.checker, cacheDir);
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    const r = await runInteractive({
      program: { argv: ['/box/main'], binds: [], limits },
      interactor: interactor.checker,
      input: join(guess, 'tests', '3.in'),
      answer: join(guess, 'tests', '3.out'),
      cacheDir,
      boxes: { program: searchBox, interactor: interactorBox },
    });
    if (r.interactor.exitCode !== 0) throw new Error(r.interactor.stderr.toString());
    interactiveWarm.push(performance.now() - t);
  }
  await Promise.all([searchBox.close(), interactorBox.close()]);
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    // 10^9 takes the bisection all 30 questions: the problem's worst case.
    const r = await runInteractive({
      program: {
        argv: ['/box/main'],
        binds: [{ host: search.binary, box: '/box/main', copy: true }],
        limits,
      },
      interactor: interactor.checker,
      input: join(guess, 'tests', '3.in'),
      answer: join(guess, 'tests', '3.out'),
      cacheDir,
    });
    if (r.interactor.exitCode !== 0) throw new Error(r.interactor.stderr.toString());
    interactive.push(performance.now() - t);
  }

  const f = (x: number) => `${x.toFixed(1)} ms`;
  console.log(`C++ A+B run, bare spawn:            ${f(median(bare))}`);
  console.log(
    `C++ A+B run, sandbox (end to end):  ${f(median(boxed))}  (cgroup CPU ${f(median(boxedCpu))})`,
  );
  console.log(`  per-case sandbox overhead:        ${f(median(boxed) - median(bare))}`);
  console.log(
    `C++ A+B run, warm box (per case):   ${f(median(warm))}  (cgroup CPU ${f(median(warmCpu))})`,
  );
  console.log(`  per-case warm-box overhead:       ${f(median(warm) - median(bare))}`);
  console.log(`Building a warm box (per submission): ${f(median(boxOpen))}`);
  console.log(`Python A+B run, bare spawn:         ${f(median(pyBare))}`);
  console.log(`Python A+B run, sandbox:            ${f(median(pyBoxed))}`);
  console.log(`Python A+B run, warm box:           ${f(median(pyWarm))}`);
  console.log(`C++ A+B compile, bare g++ -O2:      ${f(median(gxxBare))}`);
  console.log(`C++ A+B compile, judge (PCH, box):  ${f(median(gxxJudge))}`);
  console.log(`Interactive case, 30 round trips, bare:        ${f(median(interactiveBare))}`);
  console.log(`Interactive case, 30 round trips, fresh boxes: ${f(median(interactive))}`);
  console.log(`Interactive case, 30 round trips, warm boxes:  ${f(median(interactiveWarm))}`);
  // Issue 28 item 4's figures against their baselines in this run.
  console.log(
    `\nRatios: warm box / bare A+B run ${(median(warm) / median(bare)).toFixed(2)}× ` +
      `(overhead ${f(median(warm) - median(bare))}, goal ≤ 2 ms; fresh box ${f(median(boxed) - median(bare))}, ` +
      `${(median(boxed) / median(bare)).toFixed(2)}×); ` +
      `interactive / one A+B, both in warm boxes ${(median(interactiveWarm) / median(warm)).toFixed(2)}× ` +
      `(goal ≤ 1.5×; both in fresh boxes ${(median(interactive) / median(boxed)).toFixed(2)}×; ` +
      `both bare, no sandbox at all ${(median(interactiveBare) / median(bare)).toFixed(2)}×); ` +
      `Python warm / bare ${(median(pyWarm) / median(pyBare)).toFixed(2)}×, fresh / bare ${(median(pyBoxed) / median(pyBare)).toFixed(2)}×`,
  );
}

try {
  await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}
