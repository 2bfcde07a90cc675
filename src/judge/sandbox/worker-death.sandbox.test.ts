/**
 * A judge process killed mid-run (SIGKILL) must not leave the sandboxed program running, and
 * the next judge process sweeps the cgroups it left behind.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CGROUP_ROOT, RunCgroup } from './cgroup.ts';
import { TEST_CACHE_DIR } from '../test-support.ts';

const SCRIPT = `
import { runSandboxed } from ${JSON.stringify(new URL('./sandbox.ts', import.meta.url).pathname)};
console.log('started');
await runSandboxed({
  argv: ['/bin/sh', '-c', 'sleep 57 & sleep 58'],
  cacheDir: ${JSON.stringify(TEST_CACHE_DIR)},
  limits: { cpuMs: 60000, wallMs: 60000, memoryBytes: 64 << 20, pids: 8,
            stdoutBytes: 1024, stderrBytes: 1024, fileBytes: 1024 },
});
`;

/** Host pids of the two sandboxed sleeps (matched by their exact command lines). */
const sleepers = () =>
  readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return /^sleep\0(57|58)\0$/.test(readFileSync(`/proc/${p}/cmdline`, 'utf8'));
      } catch {
        return false;
      }
    });

describe('judge process death', () => {
  it('kills the sandbox with the judge and sweeps its cgroups afterwards', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', SCRIPT],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
    const owner = child.pid!;
    const groupDir = join(CGROUP_ROOT, 'freezer', 'xinao-judge');
    for (let i = 0; i < 200 && sleepers().length < 2; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(sleepers().length).toBe(2);
    const mine = () => readdirSync(groupDir).filter((n) => n.startsWith(`${owner}-`));
    expect(mine().length).toBe(1);

    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    for (let i = 0; i < 100 && sleepers().length > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(sleepers()).toEqual([]);

    await RunCgroup.sweepStale(); // (another test process may have swept it already)
    expect(existsSync(groupDir) ? mine() : []).toEqual([]);
  }, 30_000);
});
