import { z } from 'zod';
import { defineCalls } from '../call.ts';

export const system = defineCalls({
  root: {
    method: 'GET',
    access: 'public',
    summary: '健康检查',
    response: z.object({ status: z.literal('ok'), time: z.string(), database: z.literal('ok') }),
  },
  'common.envelope.publicKey': {
    method: 'GET',
    access: 'public',
    summary: '信封加密的服务器公钥（ECDH P-256，原始格式 base64url）',
    response: z.object({ keyId: z.string(), publicKey: z.string() }),
  },
});

/** The site settings file under the web prefix (docs/product-rules.md#start-up): not an API call. */
export const siteSettingsSchema = z.object({
  title: z.string(),
  favicon: z.string(),
  logo: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
