/**
 * Hostile programs. Each must get the right verdict, leave no process, cgroup or file behind,
 * and the next ordinary submission must still be judged AC.
 *
 * Order matters while building: the harmless pids/PID-namespace probe comes first; the fork
 * bomb and kill(-1) only run because that isolation is in place.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runOnce } from './judge.ts';
import {
  AB_CPP,
  TEST_CACHE_DIR,
  judgeOne,
  leftoverCgroups,
  leftoverWorkDirs,
  registerSandboxHooks,
  BOX_KINDS,
  useBoxKind,
} from './test-support.ts';

registerSandboxHooks();

const limits = { timeLimitMs: 1000, memoryLimitMiB: 64 };
const fastCompile = { cpuMs: 3000, wallMs: 6000, memoryBytes: 256 * 1024 * 1024 };

async function expectHealthy(): Promise<void> {
  expect(leftoverCgroups()).toEqual([]);
  expect(leftoverWorkDirs()).toEqual([]);
  expect(sandboxedProcesses()).toEqual([]);
  const next = await judgeOne('cpp', AB_CPP, '20 22\n', '42\n');
  expect(next.verdict).toBe('AC');
}

/** Processes running as the sandbox uid whose parent chain leads to this test process. */
function sandboxedProcesses(): number[] {
  const mine: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let status: string;
    try {
      status = procStatus(name);
    } catch {
      continue;
    }
    const uid = /Uid:\s+(\d+)/.exec(status)?.[1];
    if (uid !== '65534') continue;
    if (descendsFrom(Number(name), process.pid)) mine.push(Number(name));
  }
  return mine;
}

const procStatus = (pid: string | number) => readFileSync(`/proc/${pid}/status`, 'utf8');

function descendsFrom(pid: number, ancestor: number): boolean {
  for (let p = pid, hops = 0; p > 1 && hops < 64; hops++) {
    if (p === ancestor) return true;
    try {
      p = Number(/PPid:\s+(\d+)/.exec(procStatus(p))?.[1] ?? 0);
    } catch {
      return false;
    }
  }
  return false;
}

afterEach(async () => {
  await expectHealthy();
}, 30_000);

describe.each(BOX_KINDS)('%s', (_kind, flag) => {
  useBoxKind(flag);

  describe('isolation probes (harmless)', () => {
    it('a program spawning 200 sleeping children hits the pids limit', async () => {
      const src = `import os, time
made = 0
try:
    for _ in range(200):
        if os.fork() == 0:
            time.sleep(60)
            os._exit(0)
        made += 1
except OSError as e:
    print("limited", e.errno)
print("made", made)
`;
      const r = await runOnce({ language: 'python', source: src }, '', limits, {
        cacheDir: TEST_CACHE_DIR,
      });
      expect(r.stdout).toContain('limited 11');
      expect(Number(/made (\d+)/.exec(r.stdout)?.[1])).toBeLessThan(40);
    });

    it('runs as uid 65534 with only fds 0-2, an empty environment and a private PID namespace', async () => {
      const src = `import os
print(os.getuid(), os.getgid())
print(sorted(int(f) for f in os.listdir("/proc/self/fd")))
print(sorted(os.environ))
print(sorted(int(p) for p in os.listdir("/proc") if p.isdigit()))
try:
    os.unshare(os.CLONE_NEWUSER)
    print("userns allowed")
except (OSError, AttributeError) as e:
    print("userns blocked")
`;
      const r = await runOnce({ language: 'python', source: src }, '', limits, {
        cacheDir: TEST_CACHE_DIR,
      });
      const lines = r.stdout.trim().split('\n');
      expect(lines[0]).toBe('65534 65534');
      // listdir itself holds one extra fd while reading the directory.
      expect(JSON.parse(lines[1]!).filter((fd: number) => fd > 3)).toEqual([]);
      // Only what the sandbox sets itself (bwrap adds PWD for --chdir); nothing from the host.
      expect(lines[2]).toBe("['HOME', 'LANG', 'PATH', 'PWD']");
      expect(JSON.parse(lines[3]!).length).toBeLessThanOrEqual(3);
      expect(lines[4]).toBe('userns blocked');
    });
  });

  describe('hostile programs', () => {
    it('fork bomb: RE for its process limit, on a quiet machine and under a small memory limit', async () => {
      const src = '#include <unistd.h>\nint main(){for(;;)fork();}';
      const quiet = await judgeOne('cpp', src, '', '', { timeLimitMs: 500 });
      expect(quiet.cases[0]).toMatchObject({
        verdict: 'RE',
        message: '运行错误：创建的进程数超过上限',
      });
      // Retried forks charge tens of MiB of kernel memory (freed after an RCU grace period):
      // under 16 MiB that churn alone OOM-kills the bomb, as a loaded machine did under 64 MiB.
      const small = await judgeOne('cpp', src, '', '', { timeLimitMs: 500, memoryLimitMiB: 16 });
      expect(small.cases[0]).toMatchObject({
        verdict: 'RE',
        message: '运行错误：创建的进程数超过上限',
      });
    });

    it('threads past the process limit, joined, then a spin: TLE, not the process limit', async () => {
      // A program may ask for a thread too many and go on; only a run that still holds its
      // whole allowance when it ends is the fork bomb above (verdict.ts).
      const src = `#include <pthread.h>
#include <unistd.h>
void* work(void*) { usleep(50000); return nullptr; }
int main() {
  pthread_t t[64]; bool ok[64];
  for (int i = 0; i < 64; i++) ok[i] = pthread_create(&t[i], nullptr, work, nullptr) == 0;
  for (int i = 0; i < 64; i++) if (ok[i]) pthread_join(t[i], nullptr);
  for (volatile unsigned long n = 0;; n++) {}
}`;
      const r = await judgeOne('cpp', src, '', '', { timeLimitMs: 300 });
      expect(r.cases[0]).toMatchObject({ verdict: 'TLE' });
    });

    it('memory bomb across a process tree: MLE (the whole tree is accounted)', async () => {
      const src = `import os
for _ in range(8):
    if os.fork() == 0:
        x = bytearray(20 << 20)
        import time; time.sleep(5)
        os._exit(0)
os.wait()
`;
      const r = await judgeOne('python', src, '', '', { memoryLimitMiB: 64, timeLimitMs: 2000 });
      expect(r.verdict).toBe('MLE');
    });

    it('infinite stdout: OLE, and the judge does not buffer it', async () => {
      const src = '#include <cstdio>\nint main(){for(;;)puts("yyyyyyyyyyyyyyyyyyyyyyyyyyyyyy");}';
      const r = await judgeOne('cpp', src, '', '', { outputLimitMiB: 1 });
      expect(r.verdict).toBe('OLE');
    });

    it('infinite stderr: OLE', async () => {
      const src =
        '#include <cstdio>\nint main(){for(;;)fputs("eeeeeeeeeeeeeeeeeeeeeeeeeeeeee\\n",stderr);}';
      const r = await judgeOne('cpp', src, '', '', { outputLimitMiB: 1 });
      expect(r.verdict).toBe('OLE');
    });

    it('an orphaned background process holding stdout does not stall the judge', async () => {
      const src =
        '#include <cstdio>\n#include <unistd.h>\nint main(){if(fork()==0){sleep(60);puts("late");return 0;}puts("42");}';
      const started = Date.now();
      const r = await judgeOne('cpp', src, '', '42\n');
      expect(r.verdict).toBe('AC');
      expect(Date.now() - started).toBeLessThan(5000);
    });

    describe('kill(-1)', () => {
      let bystander: ChildProcess;
      beforeAll(() => {
        bystander = spawn('/bin/sleep', ['120'], { stdio: 'ignore' });
      });
      afterAll(() => {
        bystander.kill('SIGKILL');
      });
      it('only reaches the sandbox: a process outside survives', async () => {
        const src =
          '#include <csignal>\n#include <cstdio>\nint main(){int r=kill(-1,SIGKILL);printf("%d\\n",r);}';
        const r = await judgeOne('cpp', src, '', '');
        expect(['AC', 'WA', 'RE']).toContain(r.verdict);
        expect(bystander.exitCode).toBeNull();
        expect(bystander.signalCode).toBeNull();
        expect(existsSync(`/proc/${bystander.pid}`)).toBe(true);
      });
    });

    it('cannot read /etc/shadow, the judge cache, other submissions or the repository', async () => {
      // The binary cache holds other submissions' programs.
      const secretDir = join(TEST_CACHE_DIR, 'bin');
      mkdirSync(secretDir, { recursive: true });
      const paths = [
        '/etc/shadow',
        '/etc/passwd',
        '/root',
        secretDir,
        process.cwd(),
        '/work',
        '/proc/1/environ',
      ];
      const src = `import os
for p in ${JSON.stringify(paths)}:
    try:
        if os.path.isdir(p):
            print("LISTED", p, os.listdir(p)[:3])
        else:
            print("READ", p, open(p, "rb").read(20))
    except OSError as e:
        print("denied", p, e.errno)
`;
      const r = await runOnce({ language: 'python', source: src }, '', limits, {
        cacheDir: TEST_CACHE_DIR,
      });
      expect(r.stdout).not.toMatch(/READ \/etc\/shadow|LISTED \/root|LISTED \/work/);
      expect(r.stdout).not.toContain(`LISTED ${secretDir}`);
      expect(r.stdout).not.toContain(`LISTED ${process.cwd()}`);
      // /proc/1 is the sandbox's own init, never the host's.
      expect(r.stdout).not.toMatch(/READ \/proc\/1\/environ b'[^']*(PATH|HOME)=/);
    });

    it('cannot write outside the box', async () => {
      const target = join(TEST_CACHE_DIR, `pwned-${process.pid}`);
      const src = `import os
for p in ["/usr/pwned", "/pwned", "${target}", "/tmp/ok"]:
    try:
        open(p, "w").write("x")
        print("wrote", p)
    except OSError as e:
        print("denied", p, e.errno)
`;
      const r = await runOnce({ language: 'python', source: src }, '', limits, {
        cacheDir: TEST_CACHE_DIR,
      });
      expect(r.stdout).toContain('wrote /tmp/ok');
      expect(r.stdout).not.toMatch(/wrote \/usr|wrote \/pwned/);
      expect(existsSync(target)).toBe(false);
      expect(existsSync('/usr/pwned')).toBe(false);
      expect(existsSync('/pwned')).toBe(false);
    });

    describe('network', () => {
      let server: Server;
      let port = 0;
      let connections = 0;
      beforeAll(async () => {
        server = createServer((s) => {
          connections++;
          s.destroy();
        });
        await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
        port = (server.address() as { port: number }).port;
      });
      afterAll(() => new Promise<void>((r) => server.close(() => r())));

      it('cannot connect to the host or the internet', async () => {
        const src = `import socket
for host in ["127.0.0.1", "1.1.1.1"]:
    try:
        socket.create_connection((host, ${port} if host == "127.0.0.1" else 53), timeout=0.5)
        print("connected", host)
    except OSError as e:
        print("blocked", host)
`;
        const r = await runOnce({ language: 'python', source: src }, '', limits, {
          cacheDir: TEST_CACHE_DIR,
        });
        expect(r.stdout).toBe('blocked 127.0.0.1\nblocked 1.1.1.1\n');
        expect(connections).toBe(0);
      });
    });

    describe('compile bombs', () => {
      const compileLimits = fastCompile;
      it('#include </dev/urandom>: CE', async () => {
        const r = await judgeOne('cpp', '#include </dev/urandom>\nint main(){}\n', '', '', {
          compileLimits,
        });
        expect(r.verdict).toBe('CE');
      }, 30_000);

      it('macro explosion: CE', async () => {
        const levels = ['#define A0 x x x x x x x x x x x x x x x x'];
        for (let i = 1; i <= 8; i++) levels.push(`#define A${i} ${`A${i - 1} `.repeat(16)}`);
        const r = await judgeOne(
          'cpp',
          `${levels.join('\n')}\nint x = A8;\nint main(){}\n`,
          '',
          '',
          {
            compileLimits,
          },
        );
        expect(r.verdict).toBe('CE');
      }, 30_000);

      it('template explosion (2^32-long type name in a diagnostic): CE', async () => {
        const lines = ['#include <utility>', 'typedef int t0;'];
        for (let i = 1; i <= 32; i++) lines.push(`typedef std::pair<t${i - 1},t${i - 1}> t${i};`);
        lines.push('t32 x = 1;', 'int main(){}');
        const r = await judgeOne('cpp', lines.join('\n'), '', '', { compileLimits });
        expect(r.verdict).toBe('CE');
      }, 30_000);

      it('1 GiB initialised array: CE (output file size limit)', async () => {
        const r = await judgeOne(
          'cpp',
          'int a[1<<28] = {1};\nint main(){ return a[0]; }\n',
          '',
          '',
          {
            compileLimits,
          },
        );
        expect(r.verdict).toBe('CE');
        expect(r.compileOutput).toMatch(/File size limit exceeded|产物过大/);
      }, 30_000);

      it('the compiler cannot read secrets: #include "/etc/shadow" fails', async () => {
        const r = await judgeOne('cpp', '#include "/etc/shadow"\nint main(){}\n', '', '', {
          compileLimits,
        });
        expect(r.verdict).toBe('CE');
        expect(r.compileOutput).toContain('No such file');
      });
    });
  });
});
