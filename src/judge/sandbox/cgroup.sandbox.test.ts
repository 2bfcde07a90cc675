import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CGROUP_ROOT, CONTROLLERS, RunCgroup } from './cgroup.ts';

describe('RunCgroup', () => {
  it('creates, limits and removes its groups', async () => {
    const cg = RunCgroup.create({ memoryBytes: 64 << 20, pids: 8 });
    for (const dir of cg.joinDirs) expect(existsSync(dir)).toBe(true);
    expect(cg.procs()).toEqual([]);
    expect(cg.cpuNs()).toBe(0);
    await cg.killAll();
    await cg.destroy();
    for (const dir of cg.joinDirs) expect(existsSync(dir)).toBe(false);
  });

  it('sweeps groups left by a judge process that no longer exists', async () => {
    // pid 2^22+1 is above the kernel's pid_max, so it can never be alive.
    const name = `${(1 << 22) + 1}-deadbeef`;
    const dirs = CONTROLLERS.map((c) => join(CGROUP_ROOT, c, 'xinao-judge', name));
    for (const d of dirs) mkdirSync(d, { recursive: true });
    // Another test process may sweep it first: only the end state is asserted.
    await RunCgroup.sweepStale();
    for (const d of dirs) expect(existsSync(d)).toBe(false);
  });
});
