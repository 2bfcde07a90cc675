/**
 * Image banners: platform staff write and list them; anyone reads a position's live ones. The
 * image must be a file the file service holds (its public URL is what the carousel shows).
 */
import type { z } from 'zod';
import type {
  BannerPosition,
  bannerCreate,
  bannerFilter,
  bannerUpdate,
} from '../../contract/image-banner/calls.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import type { Auth } from '../http/sessions.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows } from '../http/paging.ts';
import { validationError } from '../http/validation-error.ts';
import { liveFile } from '../files/rows.ts';
import { fileUrls } from '../files/urls.ts';
import type { Services } from '../services.ts';

interface BannerRow {
  id: number;
  position: BannerPosition;
  title: string;
  image: string;
  link: string | null;
  sort: number;
  enabled: boolean;
  startsAt: string | null;
  endsAt: string | null;
  updatedAt: string;
}

export type BannerItem = BannerRow & { imageUrl: string | null };

const SELECT = `b.id, b.position, b.title, b.image, b.link, b.sort, b.enabled,
  to_json(b.starts_at) #>> '{}' AS "startsAt", to_json(b.ends_at) #>> '{}' AS "endsAt",
  to_json(b.updated_at) #>> '{}' AS "updatedAt"`;

async function withUrls(services: Services, rows: BannerRow[]): Promise<BannerItem[]> {
  const urls = await fileUrls(services, [...new Set(rows.map((r) => r.image))]);
  return rows.map((r) => ({ ...r, imageUrl: urls.get(r.image) ?? null }));
}

async function byId(services: Services, id: number): Promise<BannerItem> {
  const { rows } = await services.pool.query<BannerRow>(
    `SELECT ${SELECT} FROM image_banners b WHERE b.id = $1`,
    [id],
  );
  if (!rows[0]) throw fail('NOT_FOUND', `轮播图 ${id} 不存在`);
  return (await withUrls(services, rows))[0]!;
}

/**
 * Refused before anything is stored: a banner whose picture cannot be shown is no banner, and
 * only a banner upload is public by a stable URL (a private file's URL would expire).
 */
async function checkImage(services: Services, image: string): Promise<void> {
  const file = await liveFile(services.pool, image);
  if (!file) {
    throw validationError([{ field: 'body.image', message: `图片 ${image} 不存在，请重新上传` }]);
  }
  if (file.purpose !== 'banner') {
    throw validationError([
      { field: 'body.image', message: `文件 ${image} 不是轮播图图片，请用轮播图的上传按钮上传` },
    ]);
  }
}

type Input = z.output<typeof bannerCreate>;

const values = (input: Input, auth: Auth) => [
  input.position,
  input.title,
  input.image,
  input.link,
  input.sort,
  input.enabled,
  input.startsAt,
  input.endsAt,
  auth.userId,
];

export async function createBanner(
  services: Services,
  auth: Auth,
  input: Input,
): Promise<BannerItem> {
  await checkImage(services, input.image);
  const { rows } = await services.pool.query<{ id: number }>(
    `INSERT INTO image_banners
       (position, title, image, link, sort, enabled, starts_at, ends_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    values(input, auth),
  );
  return byId(services, rows[0]!.id);
}

export async function updateBanner(
  services: Services,
  auth: Auth,
  input: z.output<typeof bannerUpdate>,
): Promise<BannerItem> {
  await byId(services, input.id);
  await checkImage(services, input.image);
  await services.pool.query(
    `UPDATE image_banners SET position = $2, title = $3, image = $4, link = $5, sort = $6,
            enabled = $7, starts_at = $8, ends_at = $9, updated_by = $10, updated_at = now()
      WHERE id = $1`,
    [input.id, ...values(input, auth)],
  );
  return byId(services, input.id);
}

export async function deleteBanner(services: Services, id: number): Promise<{ id: number }> {
  const { rowCount } = await services.pool.query('DELETE FROM image_banners WHERE id = $1', [id]);
  if (rowCount === 0) throw fail('NOT_FOUND', `轮播图 ${id} 不存在`);
  return { id };
}

const SORT = { sort: 'b.sort', updatedAt: 'b.updated_at', title: 'b.title' };

export async function bannerPage(
  services: Services,
  filter: z.output<typeof bannerFilter>,
  query: PageQuery,
): Promise<Page<BannerItem>> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.position) {
    params.push(filter.position);
    where.push(`b.position = $${params.length}`);
  }
  if (filter.enabled !== undefined) {
    params.push(filter.enabled);
    where.push(`b.enabled = $${params.length}`);
  }
  if (filter.keyword) {
    params.push(containsPattern(filter.keyword));
    where.push(`b.title ILIKE $${params.length}`);
  }
  const page = await pagedRows<BannerRow>(
    services.pool,
    {
      select: SELECT,
      from: `FROM image_banners b ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      params,
      order: orderBy(query, SORT, 'b.position, b.sort', 'b.id'),
    },
    query,
  );
  return { ...page, content: await withUrls(services, page.content) };
}

/** Enabled, inside their window by the database's clock, in order; those whose file is gone are left out. */
export async function liveBanners(services: Services, position: BannerPosition) {
  const { rows } = await services.pool.query<BannerRow>(
    `SELECT ${SELECT} FROM image_banners b
      WHERE b.position = $1 AND b.enabled
        AND (b.starts_at IS NULL OR b.starts_at <= now())
        AND (b.ends_at IS NULL OR b.ends_at > now())
      ORDER BY b.sort, b.id`,
    [position],
  );
  const items = await withUrls(services, rows);
  return items.flatMap((b) =>
    b.imageUrl ? [{ id: b.id, title: b.title, imageUrl: b.imageUrl, link: b.link }] : [],
  );
}
