/**
 * Banners and addresses over real HTTP (contract/image-banner, contract/address): the seeded
 * home banners, platform staff's writes and their refusals (bad link, missing picture, bad
 * window, other roles), what the home page reads (enabled, inside the window, in order), and
 * the GB/T 2260 lookups with their unknown codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address } from '../../src/contract/address/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { imageBanner } from '../../src/contract/image-banner/calls.ts';
import { bannerFileName, HOME_BANNERS } from '../../src/server/seed/banners.ts';
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

const homeBanners = () =>
  anonymous.call(imageBanner['imageBanner.queryListByPosition'], { query: { position: 'home' } });
const seededImage = bannerFileName(HOME_BANNERS[0].seedKey);

describe('the home banners', () => {
  it('are seeded with pictures anyone can load', async () => {
    const live = await homeBanners();
    expect(live.map((b) => b.title)).toEqual(HOME_BANNERS.map((b) => b.title));
    const picture = await fetch(new URL(live[0]!.imageUrl, platform.url));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toContain('image/png');
  });

  it('show only enabled ones inside their window, in order', async () => {
    const hour = 3_600_000;
    const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
    const make = (title: string, extra: Record<string, unknown>) =>
      admin.call(imageBanner['imageBanner.create'], {
        body: { title, image: seededImage, sort: 0, ...extra },
      });
    const first = await make('最先展示', { link: '/exam/list' });
    const off = await make('已停用', { enabled: false });
    const later = await make('尚未开始', { startsAt: iso(hour) });
    const over = await make('已经结束', { startsAt: iso(-2 * hour), endsAt: iso(-hour) });
    const live = await homeBanners();
    expect(live[0]).toMatchObject({ id: first.id, title: '最先展示', link: '/exam/list' });
    const ids = live.map((b) => b.id);
    for (const hidden of [off, later, over]) expect(ids).not.toContain(hidden.id);
    // Staff see every one of them.
    const all = await admin.call(imageBanner['imageBanner.queryList'], {
      body: {},
      query: { size: 50 },
    });
    expect(all.content.map((b) => b.id)).toEqual(
      expect.arrayContaining([first.id, off.id, later.id, over.id]),
    );
    await admin.call(imageBanner['imageBanner.update'], {
      body: { id: off.id, title: '重新启用', image: seededImage, sort: 0, enabled: true },
    });
    expect((await homeBanners()).map((b) => b.title)).toContain('重新启用');
    for (const b of [first, off, later, over]) {
      await admin.call(imageBanner['imageBanner.delete'], { body: { id: b.id } });
    }
    expect((await homeBanners()).map((b) => b.title)).toEqual(HOME_BANNERS.map((b) => b.title));
  });
});

describe('banner writes', () => {
  const count = async () =>
    (await admin.call(imageBanner['imageBanner.queryList'], { body: {} })).totalElements;

  it('refuse links that leave the site unsafely, naming the link', async () => {
    const before = await count();
    for (const link of [
      'javascript:alert(1)',
      'http://example.com/',
      '//evil.example/',
      '/\\evil.example',
      'course/list',
    ]) {
      const refused = await failureOf(
        admin.call(imageBanner['imageBanner.create'], {
          body: { title: '坏链接', image: seededImage, link },
        }),
      );
      expect(refused.fieldErrors['body.link']).toBe(
        '链接须为本站路径（以 / 开头）或 https:// 开头的地址',
      );
    }
    expect(await count()).toBe(before);
    const https = await admin.call(imageBanner['imageBanner.create'], {
      body: { title: '外部链接', image: seededImage, link: 'https://www.noi.cn/' },
    });
    expect(https.link).toBe('https://www.noi.cn/');
    await admin.call(imageBanner['imageBanner.delete'], { body: { id: https.id } });
  });

  it('refuse a picture the file service does not hold, an empty title and a reversed window', async () => {
    const before = await count();
    const missing = await failureOf(
      admin.call(imageBanner['imageBanner.create'], {
        body: { title: '无图', image: 'no-such-file.png' },
      }),
    );
    expect(missing.fieldErrors['body.image']).toBe('图片 no-such-file.png 不存在，请重新上传');
    // A member's private document is no banner picture: its URL would be signed and expire.
    await platform.pool.query(
      `INSERT INTO files (file_name, original_name, content_type, size, sha256, purpose)
       VALUES ('private-scan.png', 'scan.png', 'image/png', 1, repeat('0', 64), 'document')`,
    );
    const privateFile = await failureOf(
      admin.call(imageBanner['imageBanner.create'], {
        body: { title: '私有文件', image: 'private-scan.png' },
      }),
    );
    expect(privateFile.fieldErrors['body.image']).toBe(
      '文件 private-scan.png 不是轮播图图片，请用轮播图的上传按钮上传',
    );
    const notImage = await failureOf(
      admin.call(imageBanner['imageBanner.create'], { body: { title: '脚本', image: 'x.svg' } }),
    );
    expect(notImage.fieldErrors['body.image']).toBe('图片须为上传后得到的图片文件名');
    const noTitle = await failureOf(
      admin.call(imageBanner['imageBanner.create'], { body: { title: '  ', image: seededImage } }),
    );
    expect(noTitle.fieldErrors['body.title']).toBe('标题不能为空');
    const reversed = await failureOf(
      admin.call(imageBanner['imageBanner.create'], {
        body: {
          title: '倒序',
          image: seededImage,
          startsAt: '2026-03-01T08:00:00+08:00',
          endsAt: '2026-02-01T08:00:00+08:00',
        },
      }),
    );
    expect(reversed.fieldErrors['body.endsAt']).toBe('结束时间须晚于开始时间');
    const position = await failureOf(
      admin.call(imageBanner['imageBanner.create'], {
        body: { title: '位置', image: seededImage, position: 'sidebar' as 'home' },
      }),
    );
    expect(position.fieldErrors['body.position']).toBe('位置须为 home（首页）');
    expect(await count()).toBe(before);
    const gone = await failureOf(
      admin.call(imageBanner['imageBanner.update'], {
        body: { id: 999_999, title: '不存在', image: seededImage },
      }),
    );
    expect(gone.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('and the staff list are refused to teachers, learners and anonymous callers', async () => {
    const [seeded] = (await admin.call(imageBanner['imageBanner.queryList'], { body: {} })).content;
    for (const api of [teacher, student, anonymous]) {
      const attempts = [
        api.call(imageBanner['imageBanner.create'], { body: { title: 'x', image: seededImage } }),
        api.call(imageBanner['imageBanner.update'], {
          body: { id: seeded!.id, title: '篡改', image: seededImage },
        }),
        api.call(imageBanner['imageBanner.delete'], { body: { id: seeded!.id } }),
        api.call(imageBanner['imageBanner.queryList'], { body: {} }),
      ];
      const refusals = await Promise.all(attempts.map((attempt) => failureOf(attempt)));
      for (const refused of refusals) {
        expect([ErrorCode.FORBIDDEN, ErrorCode.NOT_LOGGED_IN]).toContain(refused.code);
      }
    }
    expect((await homeBanners()).map((b) => b.title)).toContain(seeded!.title);
  });
});

describe('addresses (GB/T 2260)', () => {
  it('lists provinces, a province’s cities and a city’s districts', async () => {
    const provinces = await anonymous.call(address['address.queryProvinceList']);
    expect(provinces.length).toBeGreaterThanOrEqual(34);
    expect(provinces).toContainEqual({ code: '440000', name: '广东省' });
    const cities = await anonymous.call(address['address.queryCityList'], {
      query: { provinceCode: '440000' },
    });
    expect(cities).toContainEqual({ code: '440300', name: '深圳市' });
    const districts = await anonymous.call(address['address.queryDistrictList'], {
      query: { cityCode: '440300' },
    });
    expect(districts).toContainEqual({ code: '440305', name: '南山区' });
  });

  it('answers a municipality as its own one city', async () => {
    const cities = await anonymous.call(address['address.queryCityList'], {
      query: { provinceCode: '110000' },
    });
    expect(cities).toEqual([{ code: '110000', name: '北京市' }]);
    const districts = await anonymous.call(address['address.queryDistrictList'], {
      query: { cityCode: '110000' },
    });
    expect(districts).toContainEqual({ code: '110108', name: '海淀区' });
  });

  it('refuses unknown and malformed codes, naming them', async () => {
    const unknown = await failureOf(
      anonymous.call(address['address.queryCityList'], { query: { provinceCode: '990000' } }),
    );
    expect(unknown.code).toBe(ErrorCode.NOT_FOUND);
    expect(unknown.message).toBe('省级行政区划代码 990000 不存在');
    const city = await failureOf(
      anonymous.call(address['address.queryDistrictList'], { query: { cityCode: '440399' } }),
    );
    expect(city.message).toBe('市级行政区划代码 440399 不存在');
    // A district is not a province.
    const district = await failureOf(
      anonymous.call(address['address.queryCityList'], { query: { provinceCode: '440305' } }),
    );
    expect(district.code).toBe(ErrorCode.NOT_FOUND);
    const malformed = await failureOf(
      anonymous.call(address['address.queryCityList'], { query: { provinceCode: '44' } }),
    );
    expect(malformed.fieldErrors['query.provinceCode']).toBe('行政区划代码须为 6 位数字');
  });
});
