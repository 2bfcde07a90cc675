import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { system } from '../../src/contract/system/calls.ts';
import { siteSettingsSchema } from '../../src/contract/system/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import http from 'node:http';
import { APP_ID, APP_ID_HEADER } from '../../src/contract/envelope.ts';
import { RawClient, sdk } from '../support/api.ts';
import { makeTestDataDir, startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';

/** A GET with a JSON body, which fetch refuses to send. */
function rawGetWithBody(url: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'GET',
        headers: {
          [APP_ID_HEADER]: APP_ID,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../public');
const INDEX_HTML = '<!doctype html><html><head><title>index</title></head><body>app</body></html>';

let platform: TestPlatform;
let webRoot: string;

beforeAll(async () => {
  // The server's static serving is tested against the real public/ files plus an index page;
  // the browser suite covers the real Vite build.
  webRoot = await makeTestDataDir();
  await fs.cp(PUBLIC_DIR, webRoot, { recursive: true });
  await fs.mkdir(path.join(webRoot, 'assets'));
  await fs.writeFile(path.join(webRoot, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
  await fs.writeFile(path.join(webRoot, 'index.html'), INDEX_HTML);
  platform = await startTestPlatform({ webRoot });
});

afterAll(async () => {
  await platform?.stop();
  await fs.rm(webRoot, { recursive: true, force: true });
});

describe('health check', () => {
  it('answers GET /xinao/api with the database status, with or without a trailing slash', async () => {
    const client = new RawClient(platform.apiUrl);
    for (const url of [platform.apiUrl, `${platform.apiUrl}/`]) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { success: boolean; code: number; data: unknown };
      expect(body).toMatchObject({
        success: true,
        code: 0,
        data: { status: 'ok', database: 'ok' },
      });
    }
    const sealed = await client.call(system.root);
    expect(sealed.body.data).toMatchObject({ status: 'ok' });
  });

  it('works through the SDK, answer sealed and unsealed transparently', async () => {
    const api = sdk(platform.apiUrl);
    const answer = await api.call(system.root);
    expect(answer.status).toBe('ok');
    expect(Date.parse(answer.time)).not.toBeNaN();
  });
});

describe('web app', () => {
  it('serves settings.json under /web/ with title, favicon and logo', async () => {
    const response = await fetch(`${platform.url}/web/settings.json`);
    expect(response.status).toBe(200);
    const settings = siteSettingsSchema.parse(await response.json());
    expect(settings).toEqual({
      title: '信奥训练营',
      favicon: '/web/favicon.svg',
      logo: '/web/logo.svg',
    });
    for (const file of [settings.favicon, settings.logo]) {
      const image = await fetch(platform.url + file);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toContain('image/svg+xml');
    }
  });

  it('redirects / and /web to /web/', async () => {
    for (const from of ['/', '/web']) {
      const response = await fetch(platform.url + from, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/web/');
    }
  });

  it('answers client routes with index.html, but a missing asset with 404', async () => {
    const route = await fetch(`${platform.url}/web/course/12/chapter/3`);
    expect(route.status).toBe(200);
    expect(await route.text()).toBe(INDEX_HTML);
    const missing = await fetch(`${platform.url}/web/assets/missing-123.js`);
    expect(missing.status).toBe(404);
    const asset = await fetch(`${platform.url}/web/assets/app-1a2b3c.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('sends security headers with a CSP that allows only our own scripts', async () => {
    const response = await fetch(`${platform.url}/web/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('API conventions', () => {
  it('answers HEAD on the web app as GET would, without the body (monitors probe with HEAD)', async () => {
    for (const path of ['/web/', '/web/play/home', '/web/course/12/chapter/3']) {
      const head = await fetch(`${platform.url}${path}`, { method: 'HEAD' });
      expect({ path, status: head.status }).toEqual({ path, status: 200 });
      expect(head.headers.get('content-type')).toContain('text/html');
      expect(await head.text()).toBe('');
    }
    const missing = await fetch(`${platform.url}/web/assets/missing-123.js`, { method: 'HEAD' });
    expect(missing.status).toBe(404);
  });

  it('refuses a GET that carries a body, naming the body', async () => {
    // fetch will not send a GET body; a raw request does.
    const raw = await rawGetWithBody(`${platform.apiUrl}/verify`, '{}');
    expect(raw.status).toBe(400);
    expect(JSON.parse(raw.body)).toMatchObject({
      code: ErrorCode.VALIDATION,
      data: { fields: [{ field: 'body', message: '此接口不接受请求体' }] },
    });
  });

  it('refuses an API call without the appid header, naming the header', async () => {
    const client = new RawClient(platform.apiUrl);
    const answer = await client.send('GET', '/verify', { appId: null });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: ErrorCode.VALIDATION });
    expect(answer.body.message).toContain('appid');
    expect(answer.body.data).toEqual({
      fields: [{ field: 'header.appid', message: expect.stringContaining('appid') }],
    });
  });

  it('answers an unknown API path with a NOT_FOUND envelope', async () => {
    const client = new RawClient(platform.apiUrl);
    const answer = await client.send('GET', '/no/such/call');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      success: false,
      code: ErrorCode.NOT_FOUND,
      message: '接口不存在',
      data: null,
    });
  });
});
