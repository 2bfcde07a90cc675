import type { SiteSettings } from '../../contract/system/calls.ts';
import { SITE_SETTINGS_PATH } from '../../contract/envelope.ts';
import { WEB_BASE } from '../../contract/envelope.ts';
import { STORAGE_KEYS, type SafeStorage } from './storage.ts';

/**
 * The settings file as the contract's siteSettingsSchema reads it (three strings, other keys
 * dropped), checked by hand: the schema needs zod, which the first screen does not load.
 * site-settings.test.ts holds the two to the same answers.
 */
export function readSiteSettings(value: unknown): SiteSettings {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { title, favicon, logo } = value as Record<string, unknown>;
    if (typeof title === 'string' && typeof favicon === 'string' && typeof logo === 'string') {
      return { title, favicon, logo };
    }
  }
  throw new Error(`${SITE_SETTINGS_PATH}: expected title, favicon and logo as strings`);
}

/** GET the settings file under the site prefix (docs/product-rules.md#start-up). */
export async function fetchSiteSettings(
  fetchFn: typeof fetch,
  webBase: string = WEB_BASE,
): Promise<SiteSettings> {
  const response = await fetchFn(`${webBase}${SITE_SETTINGS_PATH}`, {
    headers: { accept: 'application/json' },
    cache: 'no-cache',
  });
  if (!response.ok) throw new Error(`Request failed with status code ${response.status}`);
  return readSiteSettings(await response.json());
}

/**
 * Page title and icon from the settings; the logo path kept in local storage
 * (docs/product-rules.md#start-up).
 */
export function applySiteSettings(
  settings: SiteSettings,
  doc: Document,
  storage: SafeStorage,
): void {
  if (settings.title) doc.title = settings.title;
  if (settings.favicon) {
    let link = doc.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    if (!link) {
      link = doc.createElement('link');
      link.rel = 'icon';
      doc.head.appendChild(link);
    }
    link.href = settings.favicon;
  }
  if (settings.logo) storage.set(STORAGE_KEYS.logo, settings.logo);
  else storage.remove(STORAGE_KEYS.logo);
}
