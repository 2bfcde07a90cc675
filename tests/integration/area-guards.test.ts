import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCalls } from '../../src/contract/call.ts';
import type { CallDef } from '../../src/contract/call.ts';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { API_PREFIX } from '../../src/contract/envelope.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { allCalls } from '../../src/contract/index.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadKeyring } from '../../src/server/envelope/keyring.ts';
import { allHandlers } from '../../src/server/handlers.ts';
import { handle } from '../../src/server/http/handler.ts';
import { createLogger } from '../../src/server/logger.ts';
import { RawClient } from '../support/api.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';

/**
 * The contract of this issue has no /edms call yet, so the guard is exercised with one probe
 * call per area, served by a second app on the same database next to the real calls.
 */
const probe = (area: string): CallDef =>
  defineCalls({
    [`${area}.probe.whoami`]: {
      method: 'GET',
      access: 'public',
      summary: 'area guard probe',
      response: z.object({ memberId: z.number().nullable() }),
    },
  })[`${area}.probe.whoami`]!;
const probes = { oj: probe('oj'), edms: probe('edms'), bms: probe('bms') };

let platform: TestPlatform;
let app: FastifyInstance;
let apiUrl: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  app = await buildApp({
    pool: platform.pool,
    logger: createLogger({ level: 'info', quiet: true }),
    keyring: await loadKeyring(platform.pool),
    nodeEnv: 'test',
    trustProxy: true,
    calls: [...allCalls, ...Object.values(probes)],
    handlers: [
      ...allHandlers,
      ...Object.values(probes).map((call) =>
        handle(call, async ({ auth: caller }) => ({ memberId: caller?.memberId ?? null })),
      ),
    ],
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${API_PREFIX}`;
});
afterAll(async () => {
  await app?.close();
  await platform?.stop();
});

type Role = keyof TestPlatform['accounts'] | 'anonymous';

async function clientAs(role: Role): Promise<RawClient> {
  const client = new RawClient(apiUrl);
  if (role !== 'anonymous') {
    const { username, password } = platform.accounts[role];
    const login = await client.call(accounts.loginByPwd, { body: { username, password } });
    expect(login.body.success).toBe(true);
  }
  return client;
}

const OK = 0;
const expected: Record<Role, Record<keyof typeof probes, number>> = {
  anonymous: {
    oj: ErrorCode.NOT_LOGGED_IN,
    edms: ErrorCode.NOT_LOGGED_IN,
    bms: ErrorCode.NOT_LOGGED_IN,
  },
  student: { oj: OK, edms: ErrorCode.FORBIDDEN, bms: ErrorCode.FORBIDDEN },
  parent: { oj: OK, edms: ErrorCode.FORBIDDEN, bms: ErrorCode.FORBIDDEN },
  teacher: { oj: OK, edms: OK, bms: ErrorCode.FORBIDDEN },
  orgAdmin: { oj: OK, edms: OK, bms: ErrorCode.FORBIDDEN },
  admin: { oj: OK, edms: OK, bms: OK },
  // A teacher whose custom role (阅卷老师, seed/roles.ts) grants some homework calls: a staff
  // call the role does not grant is refused, the probe's too.
  grader: { oj: OK, edms: ErrorCode.FORBIDDEN, bms: ErrorCode.FORBIDDEN },
};

describe('area guards: /oj member, /edms teacher or orgAdmin, /bms platform admin', () => {
  for (const [role, byArea] of Object.entries(expected) as [Role, Record<string, number>][]) {
    it(`as ${role}`, async () => {
      const client = await clientAs(role);
      for (const [area, code] of Object.entries(byArea)) {
        const answer = await client.call(probes[area as keyof typeof probes]);
        expect({ area, code: answer.body.code }).toEqual({ area, code });
        // A refused call carries no data at all.
        if (code !== OK) expect(answer.body.data).toBeNull();
        else expect(answer.body.data).toEqual({ memberId: expect.any(Number) });
      }
    });
  }

  it('applies to the real /oj and /bms calls of the contract', async () => {
    const anonymous = await clientAs('anonymous');
    expect((await anonymous.call(accounts['oj.member.queryCurrentRights'])).body.code).toBe(
      ErrorCode.NOT_LOGGED_IN,
    );
    const teacher = await clientAs('teacher');
    expect((await teacher.call(accounts['bms.devInbox.queryList'])).body.code).toBe(
      ErrorCode.FORBIDDEN,
    );
  });
});

describe('handler map', () => {
  it('refuses to build an app when a contract call has no handler', async () => {
    await expect(
      buildApp({
        pool: platform.pool,
        logger: createLogger({ level: 'info', quiet: true }),
        keyring: await loadKeyring(platform.pool),
        calls: [...allCalls, probes.oj],
      }),
    ).rejects.toThrow(/no handler for call\(s\): oj\.probe\.whoami/);
  });
});
