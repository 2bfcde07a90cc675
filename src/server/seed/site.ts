/**
 * The site's own texts (common/config): every installation starts with an about page, a user
 * agreement, a privacy policy and the AI assistant's help, written in seed/site/*.md, which
 * platform staff then adapt under /admin/settings. Inserted once: a staff edit is never
 * overwritten.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { SITE_TEXT_KEYS } from '../../contract/site-config/keys.ts';
import type { PoolClient } from '../db/pool.ts';
import { SEED_ROOT } from './questions.ts';

export const SITE_TEXTS: { key: string; file: string; description: string }[] = [
  { key: SITE_TEXT_KEYS.about, file: 'about.md', description: '关于我们页面（/about）' },
  {
    key: SITE_TEXT_KEYS.serviceAgreement,
    file: 'service.md',
    description: '用户服务协议（/agreement/service）；示例文本，请按运营方实际情况修改',
  },
  {
    key: SITE_TEXT_KEYS.privacyPolicy,
    file: 'privacy.md',
    description: '隐私政策（/agreement/privacy）；示例文本，请按运营方实际情况修改',
  },
  {
    key: SITE_TEXT_KEYS.aiAssistantHelp,
    file: 'ai-assistant.md',
    description: 'AI 助手使用说明（/help/ai-assistant）',
  },
];

export async function seedSiteTexts(client: PoolClient): Promise<void> {
  for (const text of SITE_TEXTS) {
    const value = await fs.readFile(path.join(SEED_ROOT, 'site', text.file), 'utf8');
    await client.query(
      `INSERT INTO site_configs (key, value, kind, is_public, description)
       VALUES ($1, $2, 'markdown', true, $3) ON CONFLICT (key) DO NOTHING`,
      [text.key, value, text.description],
    );
  }
}
