/**
 * The unit project shares a worker's modules from one file to the next (vitest.config.ts,
 * `isolate: false`), so a module a file replaces with vi.mock could already be imported, real,
 * by an earlier file: the mock would hold or not by the order the files ran in. Such files are
 * named *.mocked.test.* and run in a project with a module cache of their own. The integration
 * and browser projects share modules as well and replace none.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MOCKS_A_MODULE = /\bvi\s*\.\s*(?:mock|doMock)\s*\(/;

describe('unit test files that replace a module', () => {
  it('are named *.mocked.test.*, so they run with a module cache of their own', async () => {
    const misnamed: string[] = [];
    const mocked: string[] = [];
    const files = (
      await Promise.all(
        ['src', 'tests/unit', 'tests/integration', 'tests/e2e'].map(async (dir) =>
          (await readdir(path.join(ROOT, dir), { recursive: true })).map((f) => path.join(dir, f)),
        ),
      )
    ).flat();
    for (const file of files.filter((f) => /\.test\.tsx?$/.test(f))) {
      if (file.endsWith('mocked-names.test.ts')) continue;
      if (!MOCKS_A_MODULE.test(await readFile(path.join(ROOT, file), 'utf8'))) continue;
      if (/\.mocked\.test\.tsx?$/.test(file)) mocked.push(file);
      else misnamed.push(file);
    }
    expect(misnamed).toEqual([]);
    // The integration and browser projects share their workers' modules too and have no
    // isolated twin: a file there proves the real server, never a replaced module.
    expect(mocked.filter((f) => /^tests\/(integration|e2e)\//.test(f))).toEqual([]);
    // The check reads real files: it would pass on any tree if the glob found nothing.
    expect(mocked.length).toBeGreaterThan(0);
  });
});
