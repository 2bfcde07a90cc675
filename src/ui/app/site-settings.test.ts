import { describe, expect, it } from 'vitest';
import { siteSettingsSchema } from '../../contract/system/calls.ts';
import { fetchSiteSettings, readSiteSettings } from './site-settings.ts';

const good = { title: '信奥训练营', favicon: '/web/favicon.svg', logo: '/web/logo.svg' };

describe('readSiteSettings', () => {
  const samples: unknown[] = [
    good,
    { ...good, extra: 1 },
    { ...good, logo: '' },
    { ...good, logo: null },
    { title: '信奥训练营', favicon: '/web/favicon.svg' },
    { ...good, title: 3 },
    [good],
    'settings',
    null,
    undefined,
  ];

  it.each(samples)('answers as the contract schema does: %j', (sample) => {
    const parsed = siteSettingsSchema.safeParse(sample);
    if (parsed.success) expect(readSiteSettings(sample)).toEqual(parsed.data);
    else expect(() => readSiteSettings(sample)).toThrow(/settings\.json/);
  });

  it('fetches the file under the web prefix and reads it', async () => {
    const requested: string[] = [];
    const fetchFn = (async (url: string) => {
      requested.push(url);
      return new Response(JSON.stringify({ ...good, extra: true }), {
        headers: { 'content-type': 'application/json' },
      });
    }) as unknown as typeof fetch;
    await expect(fetchSiteSettings(fetchFn, '/web/')).resolves.toEqual(good);
    expect(requested).toEqual(['/web/settings.json']);
    const missing = (async () => new Response('', { status: 404 })) as unknown as typeof fetch;
    await expect(fetchSiteSettings(missing)).rejects.toThrow('Request failed with status code 404');
  });
});
