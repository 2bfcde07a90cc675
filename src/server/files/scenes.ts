/**
 * QR scenes: a short code standing for a page of this site and its parameters. Made when a QR
 * code is drawn (one per app, page and parameters: drawing it again gives the same code), and
 * resolved by common/queryScene — a client that scans only a code (a mini program) learns the
 * page from it.
 */
import { randomBytes } from 'node:crypto';
import { APP_ID } from '../../contract/envelope.ts';
import type { Auth } from '../http/sessions.ts';
import { fail } from '../http/app-error.ts';
import { validationError } from '../http/validation-error.ts';
import type { Services } from '../services.ts';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

const newScene = (): string =>
  [...randomBytes(12)].map((b) => ALPHABET[b % ALPHABET.length]).join('');

const refuseParams = (message: string) => validationError([{ field: 'query.params', message }]);

/** `params` of the query: a JSON object of at most 10 short string values. */
export function parseSceneParams(raw: string | undefined): Record<string, string> {
  if (raw === undefined || raw === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw refuseParams('params 须为 JSON 对象，例如 {"id":"12"}');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw refuseParams('params 须为 JSON 对象，例如 {"id":"12"}');
  }
  const entries = Object.entries(value);
  if (entries.length > 10) throw refuseParams('params 最多 10 个参数');
  for (const [key, v] of entries) {
    if (!/^[A-Za-z][A-Za-z0-9_]{0,31}$/.test(key)) {
      throw refuseParams(`params 的参数名 ${key.slice(0, 32)} 不合规（字母开头，字母数字下划线）`);
    }
    if (typeof v !== 'string' || v.length > 100) {
      throw refuseParams(`params 的参数 ${key} 须为不超过 100 个字符的字符串`);
    }
  }
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)) as [string, string][]);
}

export async function sceneFor(
  services: Services,
  auth: Auth,
  input: { appId: string; path: string; params: Record<string, string> },
): Promise<string> {
  const { rows } = await services.pool.query<{ scene: string }>(
    `INSERT INTO qr_scenes (scene, path, params, app_id, created_by)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (app_id, path, params) DO UPDATE SET path = EXCLUDED.path
     RETURNING scene`,
    [newScene(), input.path, JSON.stringify(input.params), input.appId, auth.memberId],
  );
  return rows[0]!.scene;
}

export async function queryScene(services: Services, scene: string) {
  const { rows } = await services.pool.query<{
    path: string;
    params: Record<string, string>;
    app_id: string;
  }>('SELECT path, params, app_id FROM qr_scenes WHERE scene = $1', [scene]);
  const row = rows[0];
  if (!row) throw fail('NOT_FOUND', `场景码 ${scene} 不存在`);
  return { scene, path: row.path, params: row.params, appId: row.app_id ?? APP_ID };
}
