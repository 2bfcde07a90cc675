/**
 * Site settings over real HTTP (contract/site-config/calls.ts): the seeded page texts, platform
 * staff's writes and their refusals (duplicate key, bad JSON, bad key, other roles), who reads a
 * key that is not public, and the server's cache of queryByKey with its invalidation on write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/contract/errors.ts';
import { SITE_TEXT_KEYS, siteConfig } from '../../src/contract/site-config/calls.ts';
import type { Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let platform: TestPlatform;
let admin: Transport;
let teacher: Transport;
let student: Transport;
let anonymous: Transport;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await loginAs(platform, 'admin')).api;
  teacher = (await loginAs(platform, 'teacher')).api;
  student = (await loginAs(platform, 'student')).api;
  anonymous = sdk(platform.apiUrl);
});
afterAll(async () => {
  await platform?.stop();
});

const byKey = (api: Transport, key: string) =>
  api.call(siteConfig['common.config.queryByKey'], { query: { key } });

describe('the seeded page texts', () => {
  it('are public Markdown anyone reads, logged in or not', async () => {
    for (const key of Object.values(SITE_TEXT_KEYS)) {
      const text = await byKey(anonymous, key);
      expect(text).toMatchObject({ key, kind: 'markdown', isPublic: true });
      expect(text.value.length).toBeGreaterThan(300);
    }
    expect((await byKey(anonymous, SITE_TEXT_KEYS.privacyPolicy)).value).toContain('# 隐私政策');
  });
});

describe('writes by platform staff', () => {
  it('create, update and delete an entry, and the list finds it', async () => {
    const created = await admin.call(siteConfig['common.config.create'], {
      body: { key: 'site.hotline', value: '400-000-0000', kind: 'text', description: '客服电话' },
    });
    expect(created).toMatchObject({
      key: 'site.hotline',
      isPublic: false,
      updatedBy: 'demo_admin',
    });
    const updated = await admin.call(siteConfig['common.config.update'], {
      body: { id: created.id, value: '400-111-2222', kind: 'text', isPublic: true },
    });
    expect(updated).toMatchObject({ value: '400-111-2222', isPublic: true, description: '' });
    const list = await admin.call(siteConfig['common.config.queryList'], {
      body: { keyword: 'hotline' },
    });
    expect(list.content.map((c) => c.key)).toEqual(['site.hotline']);
    await admin.call(siteConfig['common.config.delete'], { body: { id: created.id } });
    const gone = await failureOf(byKey(admin, 'site.hotline'));
    expect(gone.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuse a key that is taken, naming the key, and store nothing', async () => {
    const taken = await failureOf(
      admin.call(siteConfig['common.config.create'], {
        body: { key: SITE_TEXT_KEYS.about, value: '重复', kind: 'markdown' },
      }),
    );
    expect(taken.code).toBe(ErrorCode.VALIDATION);
    expect(taken.fieldErrors['body.key']).toBe(`键 ${SITE_TEXT_KEYS.about} 已存在`);
    expect((await byKey(anonymous, SITE_TEXT_KEYS.about)).value).not.toBe('重复');
  });

  it('refuse a json entry that is not JSON, and a malformed key', async () => {
    const json = await failureOf(
      admin.call(siteConfig['common.config.create'], {
        body: { key: 'home.links', value: '{"a": 1,', kind: 'json' },
      }),
    );
    expect(json.fieldErrors['body.value']).toBe('内容须为合法的 JSON');
    const key = await failureOf(
      admin.call(siteConfig['common.config.create'], {
        body: { key: '1 bad key', value: 'x', kind: 'text' },
      }),
    );
    expect(key.fieldErrors['body.key']).toContain('键须以字母开头');
    const kind = await failureOf(
      admin.call(siteConfig['common.config.create'], {
        body: { key: 'home.kind', value: 'x', kind: 'html' as 'text' },
      }),
    );
    expect(kind.fieldErrors['body.kind']).toBe('类型须为 markdown、text 或 json');
    const list = await admin.call(siteConfig['common.config.queryList'], {
      body: { keyword: 'home.' },
    });
    expect(list.totalElements).toBe(0);
  });

  it('refuse an update of an entry that does not exist', async () => {
    const missing = await failureOf(
      admin.call(siteConfig['common.config.update'], {
        body: { id: 999_999, value: 'x', kind: 'text' },
      }),
    );
    expect(missing.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('are refused to teachers, learners and anonymous callers', async () => {
    const about = await byKey(admin, SITE_TEXT_KEYS.about);
    for (const api of [teacher, student, anonymous]) {
      const create = await failureOf(
        api.call(siteConfig['common.config.create'], {
          body: { key: 'x.y', value: 'x', kind: 'text' },
        }),
      );
      expect([ErrorCode.FORBIDDEN, ErrorCode.NOT_LOGGED_IN]).toContain(create.code);
      const update = await failureOf(
        api.call(siteConfig['common.config.update'], {
          body: { id: about.id, value: '篡改', kind: 'markdown', isPublic: true },
        }),
      );
      expect([ErrorCode.FORBIDDEN, ErrorCode.NOT_LOGGED_IN]).toContain(update.code);
      const remove = await failureOf(
        api.call(siteConfig['common.config.delete'], { body: { id: about.id } }),
      );
      expect([ErrorCode.FORBIDDEN, ErrorCode.NOT_LOGGED_IN]).toContain(remove.code);
      const list = await failureOf(api.call(siteConfig['common.config.queryList'], { body: {} }));
      expect([ErrorCode.FORBIDDEN, ErrorCode.NOT_LOGGED_IN]).toContain(list.code);
    }
    expect((await byKey(anonymous, SITE_TEXT_KEYS.about)).value).toBe(about.value);
  });
});

describe('queryByKey', () => {
  it('answers a key that is not public only to platform staff', async () => {
    await admin.call(siteConfig['common.config.create'], {
      body: { key: 'ops.secretNote', value: '内部备注', kind: 'text' },
    });
    expect((await byKey(admin, 'ops.secretNote')).value).toBe('内部备注');
    for (const api of [teacher, student, anonymous]) {
      expect((await failureOf(byKey(api, 'ops.secretNote'))).code).toBe(ErrorCode.NOT_FOUND);
    }
  });

  it('is served from the cache until a write clears it', async () => {
    const created = await admin.call(siteConfig['common.config.create'], {
      body: { key: 'cache.probe', value: '第一版', kind: 'text', isPublic: true },
    });
    expect((await byKey(anonymous, 'cache.probe')).value).toBe('第一版');
    // Behind the server's back: a cached read does not see it.
    await platform.pool.query(`UPDATE site_configs SET value = '绕过' WHERE key = 'cache.probe'`);
    expect((await byKey(anonymous, 'cache.probe')).value).toBe('第一版');
    await admin.call(siteConfig['common.config.update'], {
      body: { id: created.id, value: '第二版', kind: 'text', isPublic: true },
    });
    expect((await byKey(anonymous, 'cache.probe')).value).toBe('第二版');
    // A cached miss is cleared by the create that fills it.
    expect((await failureOf(byKey(anonymous, 'cache.later'))).code).toBe(ErrorCode.NOT_FOUND);
    await admin.call(siteConfig['common.config.create'], {
      body: { key: 'cache.later', value: '后来', kind: 'text', isPublic: true },
    });
    expect((await byKey(anonymous, 'cache.later')).value).toBe('后来');
    await admin.call(siteConfig['common.config.delete'], { body: { id: created.id } });
    expect((await failureOf(byKey(anonymous, 'cache.probe'))).code).toBe(ErrorCode.NOT_FOUND);
  });
});
