/**
 * The checks `npm test` runs before Vitest (lint, knip, format, typecheck, build), two at a time:
 * each is one thread, so one after another they left a core idle for about three minutes on
 * this 2-core machine (docs/decisions/testing-and-tooling.md, "A suite that stays fast").
 * The typecheck, the longest, has a lane of its own; the others share the second. Every check
 * runs even when one fails, so a run reports them all; the exit code is 1 if any failed.
 * Each check's output is printed whole as it ends, not interleaved with the other lane's.
 */
import { spawn } from 'node:child_process';

interface Check {
  name: string;
  /** An npm script of package.json. */
  script: string;
}

const LANES: Check[][] = [
  [{ name: 'TypeScript', script: 'typecheck' }],
  [
    { name: 'ESLint', script: 'lint' },
    { name: 'Prettier', script: 'format:check' },
    { name: 'knip', script: 'knip' },
    // Last: the browser tests need dist/web, and Vitest starts only once every lane is done.
    { name: 'build', script: 'build' },
  ],
];

function run(check: Check): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', check.script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const done = (ok: boolean, why: string) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const text = Buffer.concat(output).toString().trimEnd();
      process.stdout.write(
        `${ok ? 'ok  ' : 'FAIL'} ${check.name} (npm run ${check.script}, ${seconds} s)${why}\n` +
          (text ? `${text}\n` : ''),
      );
      resolve(ok);
    };
    child.on('error', (error) => done(false, `: ${error.message}`));
    child.on('close', (code, signal) =>
      done(code === 0, code === 0 ? '' : `: ${signal ?? `exit ${code}`}`),
    );
  });
}

async function lane(checks: Check[]): Promise<boolean[]> {
  const results: boolean[] = [];
  for (const check of checks) results.push(await run(check));
  return results;
}

const results = (await Promise.all(LANES.map(lane))).flat();
process.exitCode = results.every(Boolean) ? 0 : 1;
