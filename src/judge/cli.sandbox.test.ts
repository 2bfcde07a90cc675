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

  it('exports problems to a Hydro zip and FPS XML, previews them, and judges against them', async () => {
    const dir = dataDir();
    const zip = join(dir, 'export.zip');
    const xml = join(dir, 'export.xml');
    const problems = [join(FIXTURES, 'aplusb'), join(FIXTURES, 'subtasks')];
    const hydro = await xinao(['export', '--format', 'hydro', '--out', zip, ...problems]);
    expect(hydro.code).toBe(0);
    const fps = await xinao(['export', '--format', 'fps', '--out', xml, ...problems]);
    expect(fps.code).toBe(0);
    // What FPS cannot carry is said, not silently dropped.
    expect(fps.stderr).toContain('FPS 没有子任务');

    const preview = await xinao(['package', zip]);
    expect(preview.code).toBe(0);
    expect(JSON.parse(preview.stdout)).toMatchObject({
      format: 'Hydro',
      problems: [
        { title: 'A+B 问题', caseCount: 3, checker: '忽略行末空白比较' },
        { scoring: '子任务 2 个，共 100 分', caseCount: 4 },
      ],
    });

    const many = await xinao([
      'judge',
      '--problem',
      xml,
      join(FIXTURES, 'aplusb', 'solutions', 'ref.py'),
    ]);
    expect(many.code).toBe(2);
    expect(many.stderr).toContain('题目包中有 2 道题，请用 --index 选择');
    for (const pkg of [zip, xml]) {
      const r = await xinao([
        'judge',
        '--problem',
        pkg,
        '--index',
        '1',
        join(FIXTURES, 'aplusb', 'solutions', 'ref.py'),
        '--cache-dir',
        TEST_CACHE_DIR,
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ verdict: 'AC', score: 100 });
    }
  }, 60_000);

  it('judges an interactive problem exported as a Hydro zip, interactor and all', async () => {
    const guess = join(FIXTURES, '..', '..', '..', 'seed', 'problems', '25-guess-number');
    const zip = join(dataDir(), 'guess.zip');
    expect((await xinao(['export', '--format', 'hydro', '--out', zip, guess])).code).toBe(0);
    const preview = JSON.parse((await xinao(['package', zip])).stdout);
    expect(preview.problems[0]).toMatchObject({ title: '猜数字（交互题）', interactive: true });
    for (const [solution, verdict] of [
      ['ref.cpp', 'AC'],
      ['wrong.py', 'WA'],
    ]) {
      const r = await xinao([
        'judge',
        '--problem',
        zip,
        join(guess, 'solutions', solution!),
        '--cache-dir',
        TEST_CACHE_DIR,
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).verdict).toBe(verdict);
    }
  }, 60_000);

  it('refuses a malformed package naming the fault', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'bad.xml'), '<fps version="1.2"><item><title>x</item></fps>');
    const r = await xinao(['package', join(dir, 'bad.xml')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bad.xml 不是合法的 XML');
  }, 30_000);
});
