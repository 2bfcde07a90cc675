/**
 * The file service over real HTTP (contract/file): uploads checked by content, size and role
 * with nothing stored on refusal; public and signed URLs (valid, altered, expired); path
 * traversal; who may delete and that the bytes go; the seeded handout; QR codes and scenes.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { file } from '../../src/contract/file/calls.ts';
import type { FilePurpose } from '../../src/contract/file/purpose.ts';
import { SEED_HANDOUT_FILE_NAME } from '../../src/server/seed/files.ts';
import type { Transport } from '../../src/transport/client.ts';
import { RawClient, sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { DiskFileStore } from '../../src/server/files/store.ts';
import { ORPHAN_AGE_MS, sweepOrphanFiles } from '../../src/server/files/sweep.ts';
import { NOTE_IMAGES_PER_DAY } from '../../src/server/files/upload.ts';
import { PDF, PNG, upload } from '../support/uploads.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let platform: TestPlatform;
let admin: Transport;
let teacher: Transport;
let student: Transport;
let anonymous: Transport;
let clock = Date.now();

beforeAll(async () => {
  platform = await startTestPlatform({ fileClock: () => clock });
  admin = (await loginAs(platform, 'admin')).api;
  teacher = (await loginAs(platform, 'teacher')).api;
  student = (await loginAs(platform, 'student')).api;
  anonymous = sdk(platform.apiUrl);
});
afterAll(async () => {
  await platform?.stop();
});

const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);

const filesDir = () => path.join(platform.dataDir, 'files');
const storedNames = async () => (await fs.readdir(filesDir())).sort();
const rowCount = async () =>
  (await platform.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM files')).rows[0]!.n;

/** A refusal that must leave neither a row nor bytes behind. */
async function refusedWithoutTrace(call: () => Promise<unknown>) {
  const [names, rows] = [await storedNames(), await rowCount()];
  const error = await failureOf(call());
  expect(await storedNames()).toEqual(names);
  expect(await rowCount()).toBe(rows);
  return error;
}

const get = (url: string) => fetch(new URL(url, platform.url));
const fileUrl = (fileName: string, query = '') =>
  `${platform.apiUrl}/common/file/${fileName}${query}`;

describe('uploading', () => {
  it('stores a public image under a random name and serves it by a stable URL', async () => {
    const stored = await upload(admin, 'banner', '横幅.png', PNG);
    expect(stored).toMatchObject({ originalName: '横幅.png', contentType: 'image/png', size: 70 });
    expect(stored.fileName).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(stored.url).toBe(`/xinao/api/common/file/${stored.fileName}`);
    const answer = await get(stored.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(PNG);
    expect(await fs.readFile(path.join(filesDir(), stored.fileName))).toEqual(PNG);
  });

  it('refuses content that is not an allowed type, naming the file', async () => {
    const error = await refusedWithoutTrace(() => upload(teacher, 'material', 'tool.png', ELF));
    expect(error.code).toBe(ErrorCode.VALIDATION);
    expect(error.message).toContain('tool.png');
    expect(error.message).toContain('pdf');
  });

  it('refuses a name whose extension disagrees with the content', async () => {
    const error = await refusedWithoutTrace(() => upload(teacher, 'material', '讲义.pdf', PNG));
    expect(error.code).toBe(ErrorCode.VALIDATION);
    expect(error.message).toContain('与扩展名 .pdf 不符');
  });

  it('refuses a type the purpose does not take (a PDF as a banner)', async () => {
    const error = await refusedWithoutTrace(() => upload(admin, 'banner', 'a.pdf', PDF));
    expect(error.message).toContain('横幅图片只接受 png、jpg、gif、webp');
  });

  it('refuses a file over the purpose limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const error = await refusedWithoutTrace(() => upload(admin, 'banner', 'big.png', big));
    expect(error.code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
    expect(error.message).toContain('big.png');
  });

  it('refuses an empty file and a name without extension', async () => {
    const empty = await refusedWithoutTrace(() =>
      upload(student, 'document', 'a.txt', new Uint8Array()),
    );
    expect(empty.message).toContain('是空的');
    const bare = await refusedWithoutTrace(() => upload(student, 'document', 'notes', PDF));
    expect(bare.message).toContain('扩展名');
  });

  it('takes UTF-8 text only under a text name, and never binary text', async () => {
    const notes = await upload(student, 'document', '笔记.md', Buffer.from('# 循环\n'));
    expect(notes.fileName).toMatch(/\.md$/);
    const binary = await refusedWithoutTrace(() =>
      upload(student, 'document', 'x.txt', Buffer.from([0xff, 0xfe, 0, 1])),
    );
    expect(binary.code).toBe(ErrorCode.VALIDATION);
  });

  it('keeps uploads of each purpose to its roles', async () => {
    const banner = await refusedWithoutTrace(() => upload(student, 'banner', 'a.png', PNG));
    expect(banner.code).toBe(ErrorCode.FORBIDDEN);
    const material = await refusedWithoutTrace(() => upload(student, 'material', 'a.pdf', PDF));
    expect(material.code).toBe(ErrorCode.FORBIDDEN);
    const anon = await refusedWithoutTrace(() => upload(anonymous, 'document', 'a.pdf', PDF));
    expect(anon.code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it("takes a learner's note pictures, public, at most NOTE_IMAGES_PER_DAY a day", async () => {
    const parent = (await loginAs(platform, 'parent')).api;
    const first = await upload(parent, 'noteImage', '草稿.png', PNG);
    expect((await get(first.url)).status).toBe(200);
    const pdf = await refusedWithoutTrace(() => upload(parent, 'noteImage', 'a.pdf', PDF));
    expect(pdf.code).toBe(ErrorCode.VALIDATION);
    for (let i = 1; i < NOTE_IMAGES_PER_DAY; i += 1) {
      await upload(parent, 'noteImage', `图${i}.png`, PNG);
    }
    const capped = await refusedWithoutTrace(() => upload(parent, 'noteImage', '多.png', PNG));
    expect(capped.code).toBe(ErrorCode.QUOTA_USED_UP);
    expect(capped.message).toContain(`${NOTE_IMAGES_PER_DAY} 张`);
    // The cap is each member's: another's pictures still go in.
    await upload(student, 'noteImage', '我的.png', PNG);
  });

  it('refuses an unknown purpose naming the field', async () => {
    const error = await refusedWithoutTrace(() =>
      upload(student, 'secret' as FilePurpose, 'a.pdf', PDF),
    );
    expect(error.code).toBe(ErrorCode.VALIDATION);
    expect(error.message).toContain('用途');
  });
});

describe('signed URLs of private files', () => {
  it('read the file while valid; refuse it unsigned, altered or expired', async () => {
    const stored = await upload(teacher, 'material', '讲义.pdf', PDF);
    const url = new URL(stored.url, platform.url);
    expect(url.searchParams.get('appId')).toBe('xinao-web');
    const ok = await get(stored.url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(ok.headers.get('cache-control')).toContain('no-store');

    const unsigned = await get(fileUrl(stored.fileName));
    expect(unsigned.status).toBe(403);
    expect(((await unsigned.json()) as { message: string }).message).toContain('下载链接');

    const altered = new URL(url);
    altered.searchParams.set('timestamp', String(Number(url.searchParams.get('timestamp')) + 1));
    const alteredAnswer = await get(altered.toString());
    expect(alteredAnswer.status).toBe(403);
    expect(((await alteredAnswer.json()) as { message: string }).message).toContain('签名不符');

    const other = await upload(teacher, 'material', 'b.pdf', PDF);
    const moved = await get(`${fileUrl(other.fileName)}${url.search}`);
    expect(moved.status).toBe(403);

    clock += 11 * 60_000;
    try {
      const expired = await get(stored.url);
      expect(expired.status).toBe(403);
      expect(((await expired.json()) as { message: string }).message).toContain('已过期');
    } finally {
      clock -= 11 * 60_000;
    }
  });

  it('are handed out to the uploader and staff, never to others or anonymously', async () => {
    const stored = await upload(student, 'document', '作业.pdf', PDF);
    const query = { query: { fileName: stored.fileName } };
    const mine = await student.call(file['common.file.queryUrl'], query);
    expect((await get(mine.url)).status).toBe(200);
    const staff = await teacher.call(file['common.file.queryUrl'], query);
    expect((await get(staff.url)).status).toBe(200);
    expect((await failureOf(anonymous.call(file['common.file.queryUrl'], query))).code).toBe(
      ErrorCode.NOT_LOGGED_IN,
    );
    const parent = (await loginAs(platform, 'parent')).api;
    expect((await failureOf(parent.call(file['common.file.queryUrl'], query))).code).toBe(
      ErrorCode.FORBIDDEN,
    );
  });
});

describe('file names in the path', () => {
  it.each(['..%2F..%2Fpg%2FPG_VERSION', '%2e%2e', '.hidden.png', 'a.b.png', 'a%00.png'])(
    'refuses %s before touching the store',
    async (name) => {
      const answer = await fetch(fileUrl(name));
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      const raw = new RawClient(platform.apiUrl);
      const deleted = await raw.send('DELETE', `/common/file/${name}`);
      expect(deleted.status).toBeGreaterThanOrEqual(400);
    },
  );

  it('answers 404 for a name never stored', async () => {
    const answer = await fetch(fileUrl('0123456789abcdef0123456789abcdef.png'));
    expect(answer.status).toBe(404);
  });
});

describe('deleting', () => {
  it('is for the uploader, their organization staff or platform staff; then the bytes are gone', async () => {
    const stored = await upload(teacher, 'material', 'c.pdf', PDF);
    const params = { params: { fileName: stored.fileName } };
    const del = file['DELETE common.file.{fileName}'];
    expect((await failureOf(student.call(del, params))).code).toBe(ErrorCode.FORBIDDEN);
    expect((await failureOf(anonymous.call(del, params))).code).toBe(ErrorCode.NOT_LOGGED_IN);
    const orgAdmin = (await loginAs(platform, 'orgAdmin')).api;
    expect(await orgAdmin.call(del, params)).toEqual({ fileName: stored.fileName, deleted: true });
    expect((await get(stored.url)).status).toBe(404);
    await expect(fs.stat(path.join(filesDir(), stored.fileName))).rejects.toThrow();
    expect((await failureOf(admin.call(del, params))).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('the seeded handout', () => {
  it('is a PDF stored as private course material', async () => {
    const handout = await admin.call(file['common.file.queryUrl'], {
      query: { fileName: SEED_HANDOUT_FILE_NAME },
    });
    expect(handout.contentType).toBe('application/pdf');
    const answer = await get(handout.url);
    expect(answer.status).toBe(200);
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.byteLength).toBeLessThan(300 * 1024);
  });
});

describe('QR codes and scenes', () => {
  async function loggedInRaw() {
    const raw = new RawClient(platform.apiUrl);
    const { username, password } = platform.accounts.student;
    const login = await raw.call(accounts.loginByPwd, { body: { username, password } });
    expect(login.body.success).toBe(true);
    return raw;
  }

  it('draws a JPEG of a page and resolves its scene', async () => {
    const raw = await loggedInRaw();
    const query = new URLSearchParams({
      appId: 'xinao-web',
      path: '/course',
      params: JSON.stringify({ id: '3' }),
      size: '200',
    });
    const answer = await fetch(`${platform.apiUrl}/common/image/qrCode.jpg?${query}`, {
      headers: { cookie: raw.jar.header()! },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    const picture = jpeg.decode(Buffer.from(await answer.arrayBuffer()));
    expect(picture.width).toBeGreaterThan(100);
    const scene = answer.headers.get('x-qr-scene')!;
    expect(scene).toMatch(/^[A-Za-z0-9]{12}$/);
    const resolved = await anonymous.call(file['common.queryScene'], { query: { scene } });
    expect(resolved).toEqual({ scene, path: '/course', params: { id: '3' }, appId: 'xinao-web' });

    const again = await fetch(`${platform.apiUrl}/common/image/qrCode.jpg?${query}`, {
      headers: { cookie: raw.jar.header()! },
    });
    expect(again.headers.get('x-qr-scene')).toBe(scene);
  });

  it('refuses bad paths and parameters, anonymous callers and unknown apps', async () => {
    const raw = await loggedInRaw();
    const ask = (q: Record<string, string>, cookie = true) =>
      fetch(`${platform.apiUrl}/common/image/qrCode.jpg?${new URLSearchParams(q)}`, {
        headers: cookie ? { cookie: raw.jar.header()! } : {},
      });
    const external = await ask({ path: '//evil.example/x' });
    expect(((await external.json()) as { message: string }).message).toContain('path');
    const params = await ask({ path: '/course', params: '[1]' });
    expect(((await params.json()) as { message: string }).message).toContain('params');
    expect((await ask({ path: '/course' }, false)).status).toBe(401);
    const unknown = await ask({ path: '/course', appId: 'nobody' });
    expect(unknown.status).toBe(403);
    const missing = await failureOf(
      anonymous.call(file['common.queryScene'], { query: { scene: 'ZZZZZZZZZZZZ' } }),
    );
    expect(missing.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('bytes without a row', () => {
  it('are swept when an hour old, with half-written leftovers; named and recent ones stay', async () => {
    const dir = await fs.mkdtemp(path.join(platform.dataDir, 'sweep-'));
    const store = new DiskFileStore(dir);
    const named = (await upload(student, 'document', '留下.pdf', PDF)).fileName;
    const orphan = `${'a'.repeat(32)}.png`;
    const recent = `${'b'.repeat(32)}.png`;
    const leftover = `.${'c'.repeat(32)}.png.0a1b2c.part`;
    for (const name of [named, orphan, recent, leftover, 'README']) {
      await fs.writeFile(path.join(dir, name), PNG);
    }
    const hoursAgo = new Date(Date.now() - 2 * ORPHAN_AGE_MS);
    for (const name of [named, orphan, leftover, 'README']) {
      await fs.utimes(path.join(dir, name), hoursAgo, hoursAgo);
    }
    const swept = await sweepOrphanFiles(platform.pool, store);
    expect(swept.sort()).toEqual([leftover, orphan].sort());
    expect((await fs.readdir(dir)).sort()).toEqual([named, recent, 'README'].sort());
  });
});
