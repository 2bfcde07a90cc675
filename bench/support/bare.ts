/** The baselines the judge benches compare against: programs run bare, outside any sandbox. */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

/** Runs `argv` with `inputFile` as stdin, output discarded; resolves the wall time in ms. */
export function bareRun(argv: string[], inputFile: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const fd = openSync(inputFile, 'r');
    const t = performance.now();
    const child = spawn(argv[0]!, argv.slice(1), { stdio: [fd, 'pipe', 'pipe'], env: {} });
    child.stdout?.resume();
    child.stderr?.resume();
    child.on('error', reject);
    child.on('close', () => {
      closeSync(fd);
      resolve(performance.now() - t);
    });
  });
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
