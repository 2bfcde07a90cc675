/**
 * The reference client of examples/ (Node built-ins only, written from docs/protocol.md) runs
 * its whole journey against the real server: log in, list questions, submit A+B, follow the
 * status stream to the verdict (issue 13, item 11). If the wire changes and the docs do not,
 * this fails.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CACHE_DIR } from '../../src/judge/test-support.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';

const run = promisify(execFile);
const CLIENT = path.resolve(import.meta.dirname, '../../examples/reference-client.mjs');

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({
    judgeWorkers: 1,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', JUDGE_CACHE_DIR: TEST_CACHE_DIR },
  });
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

describe('examples/reference-client.mjs', () => {
  it('logs in, lists questions, submits A+B and follows the status stream to AC', async () => {
    const { username, password } = platform.accounts.student;
    const { stdout } = await run(process.execPath, [CLIENT, platform.url, username, password], {
      timeout: 60_000,
    });
    const steps = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { step: string; [k: string]: unknown });
    expect(steps[0]).toMatchObject({ step: 'login', username });
    const questions = steps.find((s) => s.step === 'questions');
    expect(questions?.titles).toContain('A+B 问题');
    expect(steps.some((s) => s.step === 'submitted')).toBe(true);
    expect(steps.filter((s) => s.step === 'status').length).toBeGreaterThan(0);
    expect(steps.at(-1)).toMatchObject({ step: 'verdict', verdict: 'AC' });
  }, 90_000);

  it('says what failed, with the server code and message, and exits 1', async () => {
    const failed = await run(
      process.execPath,
      [CLIENT, platform.url, 'demo_student', 'wrong-pass'],
      {
        timeout: 30_000,
      },
    ).catch((err: { code: number; stdout: string }) => err);
    expect('code' in failed && failed.code).toBe(1);
    expect(failed.stdout).toContain('code 40001');
  });
});
