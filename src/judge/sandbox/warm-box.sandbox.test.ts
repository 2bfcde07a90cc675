/**
 * Warm boxes (warm-box.ts, box-keeper.c): what one case leaves behind never reaches the next,
 * a run's own files are its alone, and a keeper that dies takes its boxes and runs with it.
 * hostile.sandbox.test.ts and box-view.sandbox.test.ts run every hostile program in both warm
 * and fresh boxes.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxKeeper } from './box-keeper.ts';
import type { SandboxLimits } from './sandbox.ts';
import { openWarmBox, type WarmBox } from './warm-box.ts';
import { TEST_CACHE_DIR, dataDir, leftoverCgroups, registerSandboxHooks } from '../test-support.ts';

registerSandboxHooks({ checkLeftovers: true });

const limits: SandboxLimits = {
  cpuMs: 2000,
  wallMs: 5000,
  memoryBytes: 128 << 20,
  pids: 16,
  stdoutBytes: 1 << 20,
  stderrBytes: 1 << 20,
  fileBytes: 1 << 20,
  tmpBytes: 16 << 20,
};

const sh = (script: string) => ['/usr/bin/sh', '-c', script];
const text = (b: Buffer) => b.toString('utf8').trim();

/** Processes anywhere on the machine whose command line contains `marker`. */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(marker)) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

async function until(check: () => boolean, ms = 3000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

describe('a warm box', () => {
  let box: WarmBox;
  const placeholder = '/box/case-file';
  beforeAll(async () => {
    box = await openWarmBox({
      binds: [],
      mountPoints: [
        { box: placeholder, kind: 'file' },
        { box: '/box/case-dir', kind: 'dir' },
      ],
      cacheDir: TEST_CACHE_DIR,
    });
  });
  afterAll(() => box.close());

  it('gives each case a /tmp, /dev/shm, System V IPC and processes of its own', async () => {
    const marker = `sleep 77.${process.pid}`;
    const first = await box.run({
      argv: sh(
        `echo left > /tmp/note && echo left > /dev/shm/note && ` +
          // A System V segment outlives its process unless the namespace dies with the run.
          `python3 -c "import ctypes; l=ctypes.CDLL(None); print(l.shmget(4242, 4096, 0o1666))" && ` +
          `(/usr/bin/${marker} &) ; echo started`,
      ),
      limits,
    });
    expect(first.exitCode).toBe(0);
    expect(text(first.stdout)).toMatch(/^\d+\nstarted$/);
    // The background sleeper died with its case: nothing of the run is left on the machine.
    expect(await until(() => processesWith(marker).length === 0)).toBe(true);
    const second = await box.run({
      argv: sh(
        'ls -A /tmp /dev/shm; cat /proc/sysvipc/shm | wc -l; ' +
          'ls /proc | grep -E "^[0-9]+$" | tr "\\n" " "; echo; hostname',
      ),
      limits,
    });
    expect(second.exitCode).toBe(0);
    const lines = text(second.stdout).split('\n');
    expect(lines.slice(0, 4)).toEqual(['/dev/shm:', '', '/tmp:', '1']);
    // A pid namespace of its own: pid 1 is this case's, then the shell and its pipeline.
    expect(lines[4]!.trim().split(' ').map(Number)[0]).toBe(1);
    expect(lines[4]!.trim().split(' ').length).toBeLessThanOrEqual(6);
    expect(lines[5]).toBe('box');
  });

  it('gives each case pseudo-terminals of its own, so marks on them do not carry over', async () => {
    // Each case's devpts is root's: the marks are refused, and would not last if they were not.
    const marks = 'chmod 0 /dev/pts/ptmx; touch -d "2001-02-03 04:05:06.123456789" /dev/pts';
    await box.run({ argv: sh(`${marks} 2>/dev/null`), limits });
    const next = await box.run({
      argv: sh("stat -c '%a %y' /dev/pts/ptmx /dev/pts; stat -c %u /dev/pts"),
      limits,
    });
    expect(text(next.stdout).split('\n')[2]).toBe('0');
    expect(text(next.stdout)).not.toMatch(/^0 |2001-02-03/m);
    expect(text(next.stdout).split('\n')[0]).toMatch(/^666 /);
  });

  it('shows a case its own cgroups as the root, naming no judge process', async () => {
    const r = await box.run({ argv: sh('cat /proc/self/cgroup'), limits });
    const lines = text(r.stdout).split('\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line).toMatch(/:\/$/);
  });

  it('stops a run asked to stop before it had joined its cgroup', async () => {
    const r = await box.run({
      argv: sh('sleep 5'),
      limits: { ...limits, wallMs: 4000 },
      signal: AbortSignal.abort(),
    });
    expect(r.wallMs).toBeLessThan(2000);
    expect(r.signal).toBe(9);
  });

  it('keeps the file system read-only outside /tmp and /dev/shm, and readable', async () => {
    const r = await box.run({
      argv: sh(
        'touch /x 2>/dev/null || echo root; touch /dev/x 2>/dev/null || echo dev; id -u; ' +
          // What a fresh box gives the dynamic linker: its cache, readable to the program.
          'test -r /etc/ld.so.cache && echo ld.so.cache',
      ),
      limits,
    });
    expect(text(r.stdout).split('\n')).toEqual(['root', 'dev', '65534', 'ld.so.cache']);
  });

  it("mounts a run's own files over the box's mount points, read-only unless asked", async () => {
    const dir = dataDir();
    const file = join(dir, 'input');
    writeFileSync(file, 'for this case\n', { mode: 0o644 });
    const r = await box.run({
      argv: sh(`cat ${placeholder}; echo more >> ${placeholder} 2>/dev/null || echo read-only`),
      binds: [{ host: file, box: placeholder }],
      limits,
    });
    expect(text(r.stdout).split('\n')).toEqual(['for this case', 'read-only']);
    expect(readFileSync(file, 'utf8')).toBe('for this case\n');
    // The next case without it finds only the placeholder, not the last case's file.
    const next = await box.run({ argv: sh(`cat ${placeholder} 2>/dev/null; echo end`), limits });
    expect(text(next.stdout)).toBe('end');
  });

  it('fails a run whose input is missing as a fresh box does, and runs the next', async () => {
    await expect(
      box.run({ argv: ['/usr/bin/true'], stdinFile: '/nonexistent/input', limits }),
    ).rejects.toMatchObject({ code: 'ENOENT' });
    const r = await box.run({ argv: ['/usr/bin/true'], limits });
    expect(r.exitCode).toBe(0);
  });

  it('reports a command it cannot start as a set-up error', async () => {
    const r = await box.run({ argv: ['/box/missing'], limits });
    expect(r.exitCode).toBe(125);
    expect(r.setupError).toMatch(/^xinao-box: \/box\/missing: No such file or directory/);
  });
});

describe('the keeper', () => {
  it('is not held up by a program that reads its own output back', async () => {
    const greedy = await openWarmBox({ binds: [], cacheDir: TEST_CACHE_DIR });
    const quick = await openWarmBox({ binds: [], cacheDir: TEST_CACHE_DIR });
    try {
      // It drains its own stdout pipe, so what poll announces to the keeper is gone by the
      // time the keeper reads: a blocking read there would wait until this program ends.
      const drainer = `import os, threading, time
fd = os.open('/proc/self/fd/1', os.O_RDONLY)
threading.Thread(target=lambda: [os.read(fd, 1) for _ in iter(int, 1)], daemon=True).start()
end = time.time() + 0.3
while time.time() < end:
    os.write(1, b'x')
time.sleep(3)
`;
      const slow = greedy.run({
        argv: ['/usr/bin/python3', '-c', drainer],
        limits: { ...limits, wallMs: 8000, cpuMs: 8000 },
      });
      // While it sleeps, the keeper's read of the last byte would wait with it.
      await new Promise((r) => setTimeout(r, 800));
      const started = Date.now();
      const r = await quick.run({ argv: sh('echo quick'), limits: { ...limits, wallMs: 1000 } });
      expect(text(r.stdout)).toBe('quick');
      expect(r.timeLimitExceeded).toBeNull();
      expect(Date.now() - started).toBeLessThan(1000);
      await slow;
    } finally {
      await Promise.all([greedy.close(), quick.close()]);
    }
  }, 20_000);

  it('takes its runs with it when it dies, and a new one serves the next box', async () => {
    const box = await openWarmBox({ binds: [], cacheDir: TEST_CACHE_DIR });
    const marker = `sleep 78.${process.pid}`;
    const running = box.run({ argv: sh(`/usr/bin/${marker}`), limits });
    expect(await until(() => processesWith(marker).length > 0)).toBe(true);
    const keeper = await boxKeeper(TEST_CACHE_DIR);
    process.kill(keeper.pid, 'SIGKILL');
    await expect(running).rejects.toThrow(/判题沙箱守护进程退出/);
    expect(await until(() => processesWith(marker).length === 0)).toBe(true);
    expect(leftoverCgroups()).toEqual([]);
    await box.close();

    const next = await openWarmBox({ binds: [], cacheDir: TEST_CACHE_DIR });
    try {
      const r = await next.run({ argv: sh('echo alive'), limits });
      expect(text(r.stdout)).toBe('alive');
    } finally {
      await next.close();
    }
  });
});
