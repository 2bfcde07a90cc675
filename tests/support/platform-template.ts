/**
 * One seeded platform directory per test run, copied for each file that starts a platform
 * (issue 26 item 7). A first start initialises a cluster, migrates and seeds: about 5.4 s on
 * this machine, paid by some eighty files; copying a stopped, seeded directory and starting on
 * it takes about 1.1 s. Built once in the run's global setup (vitest.config.ts), before the test
 * workers exist, which find it through the environment (platform.ts).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { makeTestDataDir, startTestPlatform, TEMPLATE_ENV } from './platform.ts';
import { TEST_ENV } from './test-env.ts';

let built: Promise<string> | undefined;

/** Starts a platform on `dir` (its first start: initdb, migrations, seed) and stops it. */
async function buildTemplate(): Promise<string> {
  const dir = await makeTestDataDir();
  // In a process of its own: the global setup runs under vite's module runner, where the
  // server's start-up cannot resolve its modules (import.meta.resolve).
  await promisify(execFile)(process.execPath, ['--import', 'tsx', import.meta.filename, dir], {
    env: { ...process.env, ...TEST_ENV, NODE_ENV: 'test' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return dir;
}

/**
 * Vitest global setup of the integration and e2e projects, which share one template (both load
 * this module in the main process). Returns the teardown that removes it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  built ??= buildTemplate();
  const dir = await built;
  process.env[TEMPLATE_ENV] = dir;
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const platform = await startTestPlatform({
    dataDir: process.argv[2]!,
    keepDataDir: true,
    template: false,
  });
  await platform.stop();
  process.exit(0);
}
