/** A judged program weighs what the judge's niceness says (run-watch.ts, cgroup.ts). */
import { readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { judgeOne, removeDataDirs, useBoxKind, BOX_KINDS } from '../test-support.ts';

afterAll(removeDataDirs);

let before = 0;
beforeAll(() => {
  before = getPriority();
});
afterEach(() => setPriority(before));

for (const [name, flag] of BOX_KINDS) {
  describe(name, () => {
    useBoxKind(flag);

    it("gives the program's session the judge's niceness", async () => {
      setPriority(7);
      const src =
        'import time\ntime.sleep(0.1)\nprint(open("/proc/self/autogroup").read().split()[-1])\n';
      const own = readFileSync('/proc/self/autogroup', 'utf8');
      const r = await judgeOne('python', src, '', '7\n', { timeLimitMs: 1000 });
      expect(r.cases[0]).toMatchObject({ verdict: 'AC' });
      // The judge's own session, the platform's, keeps its niceness: only the box's is changed.
      expect(readFileSync('/proc/self/autogroup', 'utf8')).toBe(own);
    });

    it('gives a session started later by a child the same niceness', async () => {
      setPriority(7);
      const src = `import os, time
pid = os.fork()
if pid == 0:
    time.sleep(0.05)
    os.setsid()
    time.sleep(0.1)
    print(open("/proc/self/autogroup").read().split()[-1], flush=True)
    os._exit(0)
os.waitpid(pid, 0)
`;
      const r = await judgeOne('python', src, '', '7\n', { timeLimitMs: 1000 });
      expect(r.cases[0]).toMatchObject({ verdict: 'AC' });
    });
  });
}
