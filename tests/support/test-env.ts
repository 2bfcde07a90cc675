/**
 * Settings every test platform runs with, in the workers (vitest.config.ts `env`) and in the
 * run's template (platform-template.ts), whose seeded accounts the test platforms copy.
 */
export const TEST_ENV = {
  // scrypt at its lowest accepted cost (src/server/config.ts): a login costs a few ms rather
  // than a tenth of a second, over the hundreds of logins and imported accounts of a run.
  PASSWORD_HASH_COST: '10',
} as const;
