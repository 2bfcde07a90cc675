/**
 * Application ids over real HTTP (contract/app): platform staff create, update and list them;
 * every request's appid header is checked against the enabled ones, so a disabled or unknown
 * app is refused with a clear error while the web app's own id keeps working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../src/contract/app/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import type { Transport } from '../../src/transport/client.ts';
import { RawClient, sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let platform: TestPlatform;
let admin: Transport;
let teacher: Transport;
let anonymous: Transport;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await loginAs(platform, 'admin')).api;
  teacher = (await loginAs(platform, 'teacher')).api;
  anonymous = sdk(platform.apiUrl);
});
afterAll(async () => {
  await platform?.stop();
});

const verify = (appId: string) => new RawClient(platform.apiUrl).send('GET', '/verify', { appId });

describe('application ids', () => {
  it('lists the web app itself, seeded', async () => {
    const page = await admin.call(app['app.queryList'], { body: {} });
    expect(page.content.map((a) => a.appId)).toContain('xinao-web');
  });

  it('accepts a created app and refuses it once disabled, at once', async () => {
    expect((await verify('mini-program')).body.message).toContain('未登记');
    const created = await admin.call(app['app.create'], {
      body: { appId: 'mini-program', name: '小程序' },
    });
    expect(created).toMatchObject({ appId: 'mini-program', enabled: true, description: '' });
    expect((await verify('mini-program')).status).not.toBe(403);

    await admin.call(app['app.update'], {
      body: { id: created.id, name: '小程序', enabled: false },
    });
    const refused = await verify('mini-program');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('应用 mini-program 已停用，请求被拒绝');

    const page = await admin.call(app['app.queryList'], {
      body: { enabled: false, keyword: 'mini' },
    });
    expect(page.content.map((a) => a.appId)).toEqual(['mini-program']);
  });

  it('refuses a duplicate id, a bad id and a missing name, naming the field', async () => {
    const duplicate = await failureOf(
      admin.call(app['app.create'], { body: { appId: 'xinao-web', name: '重复' } }),
    );
    expect(duplicate.message).toContain('已存在');
    const bad = await failureOf(
      admin.call(app['app.create'], { body: { appId: 'bad id!', name: '坏' } }),
    );
    expect(bad.code).toBe(ErrorCode.VALIDATION);
    expect(bad.message).toContain('应用 ID');
    const nameless = await failureOf(
      admin.call(app['app.create'], { body: { appId: 'ok-id', name: '' } }),
    );
    expect(nameless.message).toContain('应用名称');
    const count = await platform.pool.query(
      "SELECT 1 FROM apps WHERE app_id IN ('ok-id', 'bad id!')",
    );
    expect(count.rowCount).toBe(0);
  });

  it('never disables the web app itself', async () => {
    const page = await admin.call(app['app.queryList'], { body: { keyword: 'xinao-web' } });
    const web = page.content[0]!;
    const error = await failureOf(
      admin.call(app['app.update'], { body: { id: web.id, name: web.name, enabled: false } }),
    );
    expect(error.message).toContain('不能停用');
    expect((await verify('xinao-web')).status).not.toBe(403);
  });

  it('refuses an unknown id on update', async () => {
    const error = await failureOf(
      admin.call(app['app.update'], { body: { id: 999_999, name: '无', enabled: true } }),
    );
    expect(error.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('is for platform staff only', async () => {
    for (const api of [teacher, anonymous]) {
      const error = await failureOf(api.call(app['app.queryList'], { body: {} }));
      expect([ErrorCode.FORBIDDEN, ErrorCode.NOT_LOGGED_IN]).toContain(error.code);
      const write = await failureOf(
        api.call(app['app.create'], { body: { appId: 'sneaky', name: '偷偷' } }),
      );
      expect([ErrorCode.FORBIDDEN, ErrorCode.NOT_LOGGED_IN]).toContain(write.code);
    }
  });
});
