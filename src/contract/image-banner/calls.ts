/**
 * Image banners (docs/product-rules.md#the-call-catalogue `imageBanner`, in the area with no prefix): pictures with a
 * title and a link, shown by position (the home page's carousel). Platform staff write and list
 * them; anyone reads a position's live banners.
 */
import { z } from 'zod';
import { defineCalls } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { deletedAnswer, idBody } from '../resource.ts';
import { BANNER_POSITIONS } from './positions.ts';
import type { BannerPosition } from './positions.ts';

export { BANNER_POSITIONS };
export type { BannerPosition };

export const bannerPosition = z.enum(BANNER_POSITIONS, '位置须为 home（首页）');

/**
 * A path of this site (`/course?id=1`) or an https address. `//host` and backslashes are refused:
 * browsers read both as another site.
 */
export const bannerLink = z
  .string()
  .trim()
  .max(500, '链接最多 500 个字符')
  .regex(
    /^(\/([^\s\\/][^\s\\]*)?|https:\/\/[^\s\\/]+(\/[^\s\\]*)?)$/,
    '链接须为本站路径（以 / 开头）或 https:// 开头的地址',
  );

/** A public image of the file service (purpose banner), by the name its upload answered. */
export const bannerImage = z
  .string()
  .trim()
  .min(1, '请上传图片')
  .max(128, '图片文件名最多 128 个字符')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*\.(png|jpe?g|gif|webp)$/i, '图片须为上传后得到的图片文件名');

const bannerFields = {
  position: bannerPosition.default('home'),
  title: z.string().trim().min(1, '标题不能为空').max(60, '标题最多 60 个字符'),
  image: bannerImage,
  link: bannerLink.nullable().default(null),
  sort: z
    .number()
    .int('排序须为整数')
    .min(0, '排序不能小于 0')
    .max(1_000_000, '排序最大 1000000')
    .default(0),
  enabled: z.boolean().default(true),
  /** Shown from (inclusive) and until (exclusive); null: no bound. */
  startsAt: f.isoDateTime.nullable().default(null),
  endsAt: f.isoDateTime.nullable().default(null),
};

const windowInOrder = (
  b: { startsAt: string | null; endsAt: string | null },
  ctx: z.RefinementCtx,
) => {
  if (!f.inOrder(b.startsAt, b.endsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: '结束时间须晚于开始时间' });
  }
};

export const bannerCreate = z.strictObject(bannerFields).superRefine(windowInOrder);
export const bannerUpdate = z
  .strictObject({ id: f.id, ...bannerFields })
  .superRefine(windowInOrder);

export const bannerItem = z.object({
  id: z.number().int(),
  position: bannerPosition,
  title: z.string(),
  image: z.string(),
  /** The image's public URL; null when its file is gone. */
  imageUrl: z.string().nullable(),
  link: z.string().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
  startsAt: f.isoTime.nullable(),
  endsAt: f.isoTime.nullable(),
  updatedAt: f.isoTime,
});

/** What the carousel needs of a live banner. */
export const liveBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  link: z.string().nullable(),
});

export const bannerFilter = z.strictObject({
  position: bannerPosition.optional(),
  enabled: z.boolean().optional(),
  /** Part of the title. */
  keyword: z.string().trim().max(60).optional(),
});

export const BANNER_SORT = ['sort', 'updatedAt', 'title'] as const;

export const imageBanner = defineCalls({
  'imageBanner.create': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '新建轮播图（图片须为已上传的 banner 图片）',
    body: bannerCreate,
    response: bannerItem,
  },
  'imageBanner.update': {
    method: 'PUT',
    access: 'platformAdmin',
    summary: '修改轮播图',
    body: bannerUpdate,
    response: bannerItem,
  },
  'imageBanner.delete': {
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '删除轮播图',
    body: idBody,
    response: deletedAnswer,
  },
  'imageBanner.queryList': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '分页查询轮播图（平台管理员，含停用与过期的）',
    query: pageQueryOf(BANNER_SORT),
    body: bannerFilter,
    response: pageOf(bannerItem),
  },
  'imageBanner.queryListByPosition': {
    method: 'GET',
    access: 'public',
    summary: '某位置当前展示的轮播图（启用且在展示时段内，按排序）',
    query: z.strictObject({ position: bannerPosition }),
    response: z.array(liveBanner),
  },
});
