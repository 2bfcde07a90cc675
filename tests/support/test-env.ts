/**
 * Settings every test platform runs with, in the workers (vitest.config.ts `env`) and in the
 * run's template (platform-template.ts), whose seeded accounts the test platforms copy.
 */
export const TEST_ENV = {
  // scrypt at its lowest accepted cost (src/server/config.ts): a login costs a few ms rather
  // than a tenth of a second, over the hundreds of logins and imported accounts of a run.
  PASSWORD_HASH_COST: '10',
  // Judge workers at the test runner's own priority. At their default of 10 (below the API, as a
  // school server wants), the suite's parallel files starve each other's judges: every file
  // waiting for verdicts runs behind the other files' servers and test runners. The default
  // itself is tested in judge-service.test.ts.
  JUDGE_WORKER_NICE: '0',
} as const;
