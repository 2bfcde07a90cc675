import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AB_PY, FIXTURES, TEST_CACHE_DIR, dataDir, registerSandboxHooks } from './test-support.ts';

registerSandboxHooks();

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'xinao.mjs');

function xinao(args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env }, (err, stdout, stderr) => {
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('xinao judge CLI', () => {
  it('judges a problem directory and prints JSON', async () => {
    const r = await xinao([
      'judge',
      join(FIXTURES, 'aplusb'),
      join(FIXTURES, 'aplusb', 'solutions', 'ref.py'),
      '--cache-dir',
      TEST_CACHE_DIR,
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ verdict: 'AC', score: 100 });
  }, 30_000);

  it('judges a single case with explicit limits; a wrong answer still exits 0', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'in'), '2 3\n');
    writeFileSync(join(dir, 'ans'), '6\n');
    writeFileSync(join(dir, 'sol.py'), AB_PY);
    const r = await xinao([
      'judge',
      '--input',
      join(dir, 'in'),
      '--answer',
      join(dir, 'ans'),
      '--time',
      '1000',
      '--memory',
      '64',
      join(dir, 'sol.py'),
      '--cache-dir',
      TEST_CACHE_DIR,
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).verdict).toBe('WA');
  }, 30_000);

  it('refuses with exit 3 naming what is missing, and runs unsafely only when asked', async () => {
    const args = [
      'judge',
      join(FIXTURES, 'aplusb'),
      join(FIXTURES, 'aplusb', 'solutions', 'ref.py'),
      '--cache-dir',
      TEST_CACHE_DIR,
    ];
    const env: NodeJS.ProcessEnv = { ...process.env, XINAO_JUDGE_BWRAP: '/nonexistent/bwrap' };
    delete env.XINAO_JUDGE_UNSAFE;
    const refused = await xinao(args, env);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('bubblewrap（/nonexistent/bwrap）');
    expect(refused.stdout).toBe('');
    const unsafe = await xinao(args, { ...env, XINAO_JUDGE_UNSAFE: '1' });
    expect(unsafe.code).toBe(0);
    expect(JSON.parse(unsafe.stdout).verdict).toBe('AC');
  }, 30_000);

  it('exits non-zero with a message on usage errors', async () => {
    const r = await xinao(['judge', '--input', 'x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('用法');
    const bad = await xinao(['judge', join(FIXTURES, 'aplusb'), '/nonexistent.cpp']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('源文件不存在');
  }, 30_000);
});
