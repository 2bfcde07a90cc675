import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { grade } from '../../src/contract/grade/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { BODY_LIMIT_BYTES } from '../../src/server/app.ts';
import { RawClient } from '../support/api.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
/** Logged in as the platform admin, who passes every access check: only validation can fail. */
let admin: RawClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = new RawClient(platform.apiUrl);
  const { username, password } = platform.accounts.admin;
  expect(
    (await admin.call(accounts.loginByPwd, { body: { username, password } })).body.success,
  ).toBe(true);
});
afterAll(async () => {
  await platform?.stop();
});

interface Fields {
  fields: { field: string; message: string }[];
}

function expectValidation(
  answer: { status: number; body: { code: number; message: string; data: unknown } },
  field: string,
  message: string,
) {
  expect(answer.status).toBe(400);
  expect(answer.body.code).toBe(ErrorCode.VALIDATION);
  expect(answer.body.message).toBe(`参数校验失败：${field} ${message}`);
  expect((answer.body.data as Fields).fields).toContainEqual({ field, message });
}

describe('validation errors name the field, in Chinese', () => {
  it('wrong type', async () => {
    const answer = await new RawClient(platform.apiUrl).call(accounts.loginByPwd, {
      body: { username: 123, password: 'x' },
    });
    expectValidation(answer, 'body.username', '应为 字符串');
  });

  it('missing field', async () => {
    const answer = await new RawClient(platform.apiUrl).call(accounts.loginByPwd, {
      body: { username: 'demo_student' },
    });
    expectValidation(answer, 'body.password', '不能为空');
  });

  it('unknown field', async () => {
    const answer = await new RawClient(platform.apiUrl).call(accounts.loginByPwd, {
      body: { username: 'demo_student', password: 'x', foo: 1 },
    });
    expectValidation(answer, 'body.foo', '不支持的字段 foo');
  });

  it('a rule written on the contract field', async () => {
    const client = new RawClient(platform.apiUrl);
    const answer = await client.call(accounts.registerByPwd, {
      body: {
        username: 'ab',
        password: 'Secret123',
        nickname: '短',
        captchaId: 'captcha-id-x',
        captchaCode: 'abcd',
      },
    });
    expectValidation(answer, 'body.username', '用户名至少 3 个字符');
  });

  it('query parameters: a bad number and an unknown sort field', async () => {
    const size = await admin.call(grade['grade.queryList'], { query: { size: 'abc' }, body: {} });
    expectValidation(size, 'query.size', '应为 数字');
    const sort = await admin.call(grade['grade.queryList'], {
      query: { sort: 'password,asc' },
      body: {},
    });
    expect(sort.body.code).toBe(ErrorCode.VALIDATION);
    expect(sort.body.message).toContain('query.sort');
    const big = await admin.call(grade['grade.queryList'], { query: { size: 501 }, body: {} });
    expectValidation(big, 'query.size', '不能大于 500');
  });

  it('nested values name their position', async () => {
    const answer = await admin.call(grade['grade.queryList'], { body: { statusList: ['1', '9'] } });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    expect((answer.body.data as Fields).fields[0]!.field).toBe('body.statusList.1');
  });

  it('an oversized body is PAYLOAD_TOO_LARGE, never a 500', async () => {
    const client = new RawClient(platform.apiUrl);
    const { sealed } = await client.seal('POST', '/loginByPwd', {
      username: 'x'.repeat(BODY_LIMIT_BYTES),
      password: 'x',
    });
    const answer = await client.send('POST', '/loginByPwd', { rawBody: sealed });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ success: false, code: ErrorCode.PAYLOAD_TOO_LARGE });
    expect(answer.body.message).toContain('请求内容过大');
  });

  it('malformed JSON and an unsupported content type are validation errors', async () => {
    const client = new RawClient(platform.apiUrl);
    const broken = await client.send('POST', '/loginByPwd', { rawBody: '{"key": ' });
    expectValidation(broken, 'body', '请求体不是合法的 JSON');
    const xml = await client.send('POST', '/loginByPwd', {
      rawBody: '<login/>',
      headers: { 'content-type': 'application/xml' },
    });
    expectValidation(xml, 'header.content-type', '应为 application/json');
  });
});
