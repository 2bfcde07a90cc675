/**
 * What the bad-input files share (tests/integration/bad-input-*.test.ts): one platform per file,
 * its admin's session from fresh client addresses, and a bounded number of cases in flight.
 * The property is split over files so the two test workers share it.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import type { ServerPublicKey } from '../../src/transport/envelope-crypto.ts';
import { RawClient, freshClientIp } from './api.ts';
import { startTestPlatform } from './platform.ts';
import type { TestPlatform } from './platform.ts';

/** Fixed, so a failure names a case that can be run again. */
export const SEED = 20261125;
/**
 * Cases of one call in flight at once: the server answers one while sealing, validating or
 * querying for another, which keeps the wall time down as calls are added.
 */
const IN_FLIGHT = 6;

export interface FieldsData {
  fields?: { field: string; message: string }[];
}

/** The fields a refusal names. */
export const namedFields = (data: unknown): string[] =>
  ((data as FieldsData | null)?.fields ?? []).map((f) => f.field);

/** Runs `task` over `items`, at most IN_FLIGHT at a time. */
export async function inFlight<T>(
  items: readonly T[],
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, items.length) }, worker));
}

export interface AdminPlatform {
  platform: () => TestPlatform;
  /** The admin's session from a fresh client address: per-address rate limits never interfere. */
  adminClient: () => RawClient;
}

/**
 * Starts a platform for the file and logs its admin in. The platform admin passes every access
 * check, so only the input can be refused.
 */
export function adminPlatform(): AdminPlatform {
  let platform: TestPlatform | undefined;
  let admin: RawClient;
  let serverKey: ServerPublicKey;
  beforeAll(async () => {
    platform = await startTestPlatform({
      // Thousands of refused imports from one admin: the per-account import limit would cut in.
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', IMPORT_LIMIT_PER_HOUR: '100000' },
    });
    admin = new RawClient(platform.apiUrl);
    const { username, password } = platform.accounts.admin;
    const login = await admin.call(accounts.loginByPwd, { body: { username, password } });
    expect(login.body.success).toBe(true);
    serverKey = await admin.publicKey();
  });
  afterAll(async () => {
    await platform?.stop();
  });
  return {
    platform: () => platform!,
    adminClient: () =>
      new RawClient(platform!.apiUrl, freshClientIp(), admin.jar).adoptKey(serverKey),
  };
}
