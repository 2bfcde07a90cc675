/**
 * Held network namespaces (netns.ts): every run gets an empty one of its own, never the host's,
 * never one another running program holds, and the holders die with the judge.
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_CACHE_DIR } from '../test-support.ts';
import { ensureLauncher } from './isolation.ts';
import { NetnsPool } from './netns.ts';
import { runSandboxed } from './sandbox.ts';

const inode = (path: string) => statSync(path).ino;
const pools: NetnsPool[] = [];

async function pool(): Promise<NetnsPool> {
  const p = new NetnsPool(await ensureLauncher(TEST_CACHE_DIR));
  pools.push(p);
  return p;
}

afterAll(() => pools.forEach((p) => p.close()));

describe('held network namespaces', () => {
  it('hands concurrent runs different namespaces, none of them the host’s, and reuses released ones', async () => {
    const p = await pool();
    const [a, b] = await Promise.all([p.acquire(), p.acquire()]);
    expect(a && b).toBeTruthy();
    const host = inode('/proc/self/ns/net');
    expect(inode(a!.path)).not.toBe(host);
    expect(inode(b!.path)).not.toBe(host);
    expect(inode(a!.path)).not.toBe(inode(b!.path));
    a!.release();
    a!.release(); // a second release must not put it in the pool twice
    const c = await p.acquire();
    const d = await p.acquire();
    expect(c!.path).toBe(a!.path);
    expect(d!.path).not.toBe(a!.path);
    expect(d!.path).not.toBe(b!.path);
    for (const lease of [b, c, d]) lease!.release();
  });

  it('leaves a sandboxed program only a loopback device', async () => {
    const outcome = await runSandboxed({
      argv: ['/usr/bin/cat', '/proc/net/dev'],
      cacheDir: TEST_CACHE_DIR,
      limits: {
        cpuMs: 2000,
        wallMs: 5000,
        memoryBytes: 64 << 20,
        pids: 8,
        stdoutBytes: 64 << 10,
        stderrBytes: 4096,
        fileBytes: 4096,
      },
    });
    const interfaces = outcome.stdout
      .toString('utf8')
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => line.split(':')[0]!.trim());
    expect(interfaces).toEqual(['lo']);
  });

  it('ends the holders when the judge process dies', async () => {
    const launcher = await ensureLauncher(TEST_CACHE_DIR);
    const script = `
      import { NetnsPool } from ${JSON.stringify(new URL('./netns.ts', import.meta.url).pathname)};
      const lease = await new NetnsPool(${JSON.stringify(launcher)}).acquire();
      console.log(lease.path.split('/')[2]);
      setInterval(() => {}, 1000);`;
    const judge = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const holderPid = await new Promise<string>((resolve) =>
      judge.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
    );
    expect(existsSync(`/proc/${holderPid}`)).toBe(true);
    judge.kill('SIGKILL');
    await new Promise((r) => judge.once('exit', r));
    for (let i = 0; i < 100 && existsSync(`/proc/${holderPid}`); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(existsSync(`/proc/${holderPid}`)).toBe(false);
  });
});
