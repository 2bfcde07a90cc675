/**
 * The home page's first banners: three original pictures (seed/banners/home-*.png) stored
 * through the file service under fixed names, and their banners, on every installation (like the
 * site's texts, platform staff replace them under /admin/banners). Each is inserted once
 * (seed_key): a banner staff deleted is not brought back.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { putSeedFile } from '../files/seed.ts';
import type { Services } from '../services.ts';
import { SEED_ROOT } from './questions.ts';

export const HOME_BANNERS = [
  {
    seedKey: 'home-1',
    title: '信奥训练营：从第一行代码，一路练到 CSP-S',
    link: '/course/list',
    sort: 1,
  },
  { seedKey: 'home-2', title: 'GESP 等级训练营：1–8 级系统课程', link: '/camp', sort: 2 },
  { seedKey: 'home-3', title: '练习场：在线评测，逐个测试点即时反馈', link: '/play/home', sort: 3 },
] as const;

/** The file service's name of a seeded picture: fixed, so a second start stores nothing new. */
export const bannerFileName = (seedKey: string) => `seed-banner-${seedKey}.png`;

export async function seedHomeBanners(services: Pick<Services, 'pool' | 'files'>): Promise<void> {
  for (const banner of HOME_BANNERS) {
    const fileName = bannerFileName(banner.seedKey);
    const bytes = await fs.readFile(path.join(SEED_ROOT, 'banners', `${banner.seedKey}.png`));
    await putSeedFile(services, {
      fileName,
      originalName: `${banner.seedKey}.png`,
      contentType: 'image/png',
      purpose: 'banner',
      bytes: new Uint8Array(bytes),
    });
    await services.pool.query(
      `INSERT INTO image_banners (position, title, image, link, sort, seed_key)
       VALUES ('home', $1, $2, $3, $4, $5) ON CONFLICT (seed_key) DO NOTHING`,
      [banner.title, fileName, banner.link, banner.sort, banner.seedKey],
    );
  }
}
