import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { GeneratedFirstSequencer } from './tests/support/sequencer.ts';
import { TEST_ENV } from './tests/support/test-env.ts';

/** What the unit project and its isolated twin (unit-mocked) share: one group, two workers. */
const UNIT = {
  environment: 'node',
  setupFiles: ['tests/support/dom-waits.ts'],
  // Above the component tests' wait bound (dom-waits.ts), so a slow screen fails on what it did
  // not show rather than on the clock.
  testTimeout: 30_000,
  sequence: { groupOrder: 0 },
  maxWorkers: 2,
};

export default defineConfig({
  plugins: [react()],
  test: {
    sequence: { sequencer: GeneratedFirstSequencer },
    env: TEST_ENV,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
          // Pure: runs on any laptop, without bubblewrap, cgroups, root or g++.
          exclude: ['**/*.sandbox.test.ts', '**/*.mocked.test.*', '**/node_modules/**'],
          ...UNIT,
          // A worker keeps the modules it imported from one file to the next: importing them
          // afresh for each of 140 files was half the group's time. Each file still gets its
          // own environment (a fresh jsdom). A file that replaces a module (vi.mock) needs a
          // module cache of its own, so it is named *.mocked.test.* and runs in unit-mocked.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-mocked',
          include: ['src/**/*.mocked.test.ts', 'src/**/*.mocked.test.tsx'],
          ...UNIT,
        },
      },
      {
        extends: true,
        test: {
          // Runs programs in the judge's sandbox: needs root, bubblewrap, cgroup v1 and g++.
          name: 'sandbox',
          include: ['src/**/*.sandbox.test.ts'],
          environment: 'node',
          // Alone: its time-limit cases measure programs and must not share the cores.
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // A worker keeps the server's modules from one file to the next: importing them afresh
          // for each of 58 files cost about 4 minutes of the run's wall. Each file still starts
          // its own platform (the server keeps its state per platform: caches keyed by the pool
          // or the app). No file here replaces a module (tests/unit/mocked-names.test.ts).
          isolate: false,
          environment: 'node',
          globalSetup: ['tests/support/platform-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own platform (data directory, embedded Postgres, free ports), so
          // files are independent; two at a time keep both cores busy while one waits on the
          // judge, the database or the browser. Sharing a group with e2e lets a long browser
          // file run beside integration files (vitest runs groups one after another).
          sequence: { groupOrder: 2 },
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // As in integration: each browser file starts its own platform and browser contexts,
          // so a worker may keep the server's modules (and its Chromium, tests/e2e/browser.ts)
          // between files; importing them afresh cost each of the 28 files about 3 s. No file
          // here replaces a module.
          isolate: false,
          environment: 'node',
          globalSetup: ['tests/support/platform-template.ts'],
          // A journey waits on what the page shows (expect.poll, locator waits), never on time.
          // expect.poll gives up after one second by default, which a page on a busy machine
          // (the other worker's browser, two loops beside the suite) overran; a poll still ends
          // as soon as its value is right, so the longer bound costs nothing when all is well.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 2 },
          maxWorkers: 2,
        },
      },
    ],
  },
});
