import { describe, expect, it } from 'vitest';
import { ApiError } from '../transport/errors.ts';
import { describeError } from './errors.ts';

describe('describeError', () => {
  const fields = [
    { field: 'body.nickname', message: '昵称不能为空' },
    { field: 'body.mobile', message: '请输入 11 位手机号' },
    { field: 'body.mobile', message: '请输入 11 位手机号' },
  ];

  it('tells a refusal that names its fields in their words, once each, not by wire path', () => {
    const live = new ApiError('参数校验失败：body.nickname 昵称不能为空', 40000, 'api', 400, {
      fields,
    });
    expect(describeError(live)).toEqual({
      message: '昵称不能为空；请输入 11 位手机号',
      code: 40000,
    });
    // The JSON form a replayed log holds reads the same.
    expect(describeError(JSON.parse(JSON.stringify({ ...live, message: live.message })))).toEqual(
      describeError(live),
    );
  });

  it('keeps the message of a refusal without fields, and nothing for what is not an error', () => {
    expect(describeError(new ApiError('考试已结束，不能报名', 40900, 'api', 409))).toEqual({
      message: '考试已结束，不能报名',
      code: 40900,
    });
    expect(describeError({ message: '参数校验失败', code: 40000, data: { fields: [] } })).toEqual({
      message: '参数校验失败',
      code: 40000,
    });
    expect(describeError('')).toEqual({ message: null, code: null });
    expect(describeError(null)).toEqual({ message: null, code: null });
  });
});
