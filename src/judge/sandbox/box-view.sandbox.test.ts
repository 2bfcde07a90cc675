/**
 * What a program sees of its own box (issue 13, items 7–9): stdout, stderr and stdin that can
 * be reopened by path as on other judges; a syscall filter that refuses what a contest program
 * never needs; and no host path anywhere it can read.
 */
import { describe, expect, it } from 'vitest';
import { runOnce } from '../judge.ts';
import { REFUSED_SYSCALLS_X86_64 } from './seccomp.ts';
import {
  AB_CPP,
  BOX_KINDS,
  TEST_CACHE_DIR,
  judgeOne,
  registerSandboxHooks,
  useBoxKind,
} from '../test-support.ts';

registerSandboxHooks();

const limits = { timeLimitMs: 2000, memoryLimitMiB: 128 };

describe.each(BOX_KINDS)('%s', (_kind, flag) => {
  useBoxKind(flag);

  describe('standard streams are pipes and files, reopenable by path', () => {
    it('C++: ofstream("/dev/stdout") and freopen("/dev/stdout") write the answer', async () => {
      const source = `#include <bits/stdc++.h>
int main(){ long long a,b; std::cin>>a>>b;
  { std::ofstream out("/dev/stdout"); if(!out) return 3; out << a+b << "\\n"; }
  if(!freopen("/dev/stdout","w",stdout)) return 4; printf("%lld\\n", a*b); }`;
      const result = await judgeOne('cpp', source, '6 7\n', '13\n42\n', limits);
      expect(result.verdict).toBe('AC');
    });

    it('Python: open("/dev/stdout") and open("/dev/stdin") work', async () => {
      const source = `import sys
a, b = map(int, open('/dev/stdin').read().split())
with open('/dev/stdout', 'w') as out:
    out.write(f'{a + b}\\n')
`;
      const result = await judgeOne('python', source, '20 22\n', '42\n', limits);
      expect(result.verdict).toBe('AC');
    });

    it('stdin is a seekable file the program cannot write', async () => {
      const source = `#include <bits/stdc++.h>
#include <unistd.h>
int main(){ char c; if(read(0,&c,1)!=1) return 3; if(lseek(0,0,SEEK_SET)!=0) return 4;
  long long a,b; if(scanf("%lld %lld",&a,&b)!=2) return 5;
  if(write(0,"x",1)!=-1) return 6; printf("%lld\\n",a+b); }`;
      const result = await judgeOne('cpp', source, '1 2\n', '3\n', limits);
      expect(result.verdict).toBe('AC');
    });
  });

  describe('the syscall filter', () => {
    it('refuses each filtered call with EPERM, clone3 with ENOSYS, and other syscall tables', async () => {
      const calls = Object.entries(REFUSED_SYSCALLS_X86_64)
        .map(([name, nr]) => `  report("${name}", syscall(${nr}, 0, 0, 0, 0, 0, 0));`)
        .join('\n');
      const source = `#include <bits/stdc++.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>
static void report(const char* name, long r){ printf("%s %ld %d\\n", name, r, r == -1 ? errno : 0); }
int main(){
${calls}
  report("clone3", syscall(435, 0, 0));
  report("clone_newuser", syscall(56, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0));
  report("x32_getpid", syscall(0x40000000 | 39));
  long r; asm volatile("int $0x80" : "=a"(r) : "a"(20) : "memory");
  printf("int80_getpid %ld %d\\n", r, r < 0 ? (int)-r : 0);
  std::thread t([]{ printf("thread ok\\n"); }); t.join();
  printf("pid %d\\n", (int)getpid());
}`;
      const names = Object.keys(REFUSED_SYSCALLS_X86_64);
      const answer = [
        ...names.map((n) => `${n} -1 1`),
        'clone3 -1 38',
        'clone_newuser -1 1',
        'x32_getpid -1 1',
        'int80_getpid -1 1',
        'thread ok',
        'pid 2',
      ].join('\n');
      const result = await judgeOne('cpp', source, '', `${answer}\n`, limits);
      expect(result.verdict, JSON.stringify(result.failingOutput)).toBe('AC');
    });

    it('leaves ordinary programs alone: Python threads and subprocess-free work', async () => {
      const source = `import threading
out = []
t = threading.Thread(target=lambda: out.append(sum(range(10))))
t.start(); t.join()
print(out[0])
`;
      const result = await judgeOne('python', source, '', '45\n', limits);
      expect(result.verdict).toBe('AC');
      expect((await judgeOne('cpp', AB_CPP, '1 2\n', '3\n', limits)).verdict).toBe('AC');
    });
  });

  describe('no host path inside the box', () => {
    it('neither /proc/1/cmdline, mountinfo, the fd links nor environ name one', async () => {
      // The program prints what it can see; the test looks for host paths in it.
      const source = `import os
def read(path):
    try:
        with open(path, 'rb') as f:
            return f.read().replace(b'\\0', b' ').decode('utf-8', 'replace')
    except OSError as e:
        return f'({e.strerror})'
print('cmdline1', read('/proc/1/cmdline'))
print('cmdline', read('/proc/self/cmdline'))
print('environ', read('/proc/self/environ'))
print(read('/proc/self/mountinfo'))
print(read('/proc/1/mountinfo'))
for fd in os.listdir('/proc/self/fd'):
    try:
        print('fd', fd, os.readlink(f'/proc/self/fd/{fd}'))
    except OSError:
        pass
print('cwd', os.getcwd(), 'exe', os.readlink('/proc/self/exe'))
`;
      const result = await runOnce({ language: 'python', source }, '1 2\n', limits, {
        cacheDir: TEST_CACHE_DIR,
      });
      const seen = result.stdout;
      expect(seen).toContain('cmdline1');
      expect(seen).toContain('fd 0 /memfd:stdin');
      for (const hostPath of [TEST_CACHE_DIR, '/tmp/xinao', '/var/', '/root', '/work']) {
        expect(seen, `the box shows ${hostPath}`).not.toContain(hostPath);
      }
    });
  });

  describe('nothing of bubblewrap inside the box', () => {
    it('its pid 1 shows neither its memory, its maps, its arguments nor its state', async () => {
      const source = `import os
def probe(name):
    try:
        with open('/proc/1/' + name, 'rb') as f:
            return f'{name} read {len(f.read())}'
    except OSError as e:
        return f'{name} refused'
for name in ['maps', 'cmdline', 'environ', 'status', 'stat', 'auxv', 'mountinfo']:
    print(probe(name))
try:
    start = 0x10000
    with open('/proc/1/mem', 'rb') as f:
        f.seek(start)
        print('mem read', len(f.read(64)))
except OSError as e:
    print('mem refused')
print('self', len(open('/proc/self/status').read()) > 0)
try:
    os.chmod('/proc/1', 0o700)
    print('chmod done')
except OSError:
    print('chmod refused')
try:
    with open('/proc/1/x', 'wb') as f:
        f.write(b'x' * 100000)
    print('write done')
except OSError:
    print('write refused')
`;
      const result = await runOnce({ language: 'python', source }, '', limits, {
        cacheDir: TEST_CACHE_DIR,
      });
      expect(result.verdict).toBe('AC');
      const lines = result.stdout.trim().split('\n');
      expect(lines).toEqual([
        'maps refused',
        'cmdline refused',
        'environ refused',
        'status refused',
        'stat refused',
        'auxv refused',
        'mountinfo refused',
        'mem refused',
        'self True',
        'chmod refused',
        'write refused',
      ]);
    });
  });
});

describe('no host path through the compiler', () => {
  it('a source that includes /proc files gets a compile error that names no host path', async () => {
    for (const file of ['/proc/self/mountinfo', '/proc/1/cmdline', '/proc/self/environ']) {
      // Unique, so no binary compiled by an earlier run (with /proc) is reused from the cache.
      const source = `#include "${file}"\nint main(){}\n// ${process.pid}-${Date.now()}\n`;
      const result = await judgeOne('cpp', source, '', '', limits);
      expect(result.verdict).toBe('CE');
      const said = result.compileOutput;
      expect(said).toContain(file);
      for (const hostPath of [TEST_CACHE_DIR, '/tmp/xinao', '/var/', '/root', '/work']) {
        expect(said, `the compiler quoted ${hostPath}`).not.toContain(hostPath);
      }
    }
  });
});
