import { z } from 'zod';
import { defineCalls } from '../call.ts';

export const dictItem = z.object({ value: z.string(), label: z.string() });

export const dict = defineCalls({
  'dict.queryByValue': {
    method: 'GET',
    skipErrorHandler: true,
    access: 'public',
    summary: '按字典编码查询字典项（客户端按编码缓存，失败静默返回空列表）',
    query: z.strictObject({ value: z.string().trim().min(1, '请提供字典编码').max(64) }),
    response: z.object({ value: z.string(), name: z.string(), itemList: z.array(dictItem) }),
  },
});
