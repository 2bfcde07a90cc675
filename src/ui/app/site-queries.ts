/**
 * Read queries of the site's texts, banners, dictionaries and settings (issue 9): the public
 * pages' (keyed `site:`) and the back office's (keyed under `staff:`, so a staff write marks
 * them stale).
 */
import { app as appApi } from '../../contract/app/refs.ts';
import type { CallBody, CallResult } from '../../contract/call.ts';
import { dict as dictApi } from '../../contract/dict/refs.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { imageBanner as bannerApi } from '../../contract/image-banner/refs.ts';
import type { BannerPosition } from '../../contract/image-banner/positions.ts';
import { siteConfig as configApi } from '../../contract/site-config/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import { ApiError } from '../../transport/errors.ts';
import { definedQuery } from './defined-query.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery } from './staff-queries.ts';
import { siteTag } from './modules/site.ts';

export type ConfigItem = CallResult<(typeof configApi)['common.config.queryByKey']>;
export type ConfigPage = CallResult<(typeof configApi)['common.config.queryList']>;
export type ConfigFilter = CallBody<(typeof configApi)['common.config.queryList']>;
export type LiveBanners = CallResult<(typeof bannerApi)['imageBanner.queryListByPosition']>;
export type BannerPage = CallResult<(typeof bannerApi)['imageBanner.queryList']>;
export type DictPage = CallResult<(typeof dictApi)['dict.queryList']>;
export type AppPage = CallResult<(typeof appApi)['app.queryList']>;
export type DictItems = CallResult<(typeof dictApi)['dict.queryItemList']>;

/** The public reads of this file, tagged `site`: a staff write marks them stale too (modules/site.ts). */
const SITE_PREFIX = 'site:';

/**
 * A page's text by key; null when the key is absent (an honest empty page, not an error the
 * cache would keep retrying).
 */
export function siteText(runtime: Runtime, key: string): QueryDef<ConfigItem | null> {
  return definedQuery(
    runtime,
    `${SITE_PREFIX}text:${key}`,
    () =>
      runtime.transport
        .call(configApi['common.config.queryByKey'], { query: { key }, skipErrorHandler: true })
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.code === ErrorCode.NOT_FOUND) return null;
          throw error;
        }),
    [siteTag],
  );
}

export function liveBanners(runtime: Runtime, position: BannerPosition): QueryDef<LiveBanners> {
  return definedQuery(
    runtime,
    `${SITE_PREFIX}banners:${position}`,
    () =>
      runtime.transport.call(bannerApi['imageBanner.queryListByPosition'], {
        query: { position },
        skipErrorHandler: true,
      }),
    [siteTag],
  );
}

export function staffConfigs(
  runtime: Runtime,
  filter: ConfigFilter,
  page: number,
): QueryDef<ConfigPage> {
  return staffQuery(runtime, pageKey(`configs:${JSON.stringify(filter)}`, page), () =>
    runtime.transport.call(configApi['common.config.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: filter,
    }),
  );
}

export function staffBanners(runtime: Runtime, page: number): QueryDef<BannerPage> {
  return staffQuery(runtime, pageKey('banners', page), () =>
    runtime.transport.call(bannerApi['imageBanner.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: {},
    }),
  );
}

export function staffApps(runtime: Runtime, page: number): QueryDef<AppPage> {
  return staffQuery(runtime, pageKey('apps', page), () =>
    runtime.transport.call(appApi['app.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: {},
    }),
  );
}

export function staffDicts(runtime: Runtime, keyword: string, page: number): QueryDef<DictPage> {
  return staffQuery(runtime, pageKey(`dicts:${keyword}`, page), () =>
    runtime.transport.call(dictApi['dict.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: keyword ? { keyword } : {},
    }),
  );
}

/** Every item of one dictionary, disabled ones included (platform staff). */
export function staffDictItems(runtime: Runtime, dictId: number): QueryDef<DictItems> {
  return staffQuery(runtime, `dictItems:${dictId}`, () =>
    runtime.transport.call(dictApi['dict.queryItemList'], { body: { dictId } }),
  );
}

/** One entry as platform staff read it (public or not); null while the key is absent. */
export function staffConfigByKey(runtime: Runtime, key: string): QueryDef<ConfigItem | null> {
  return staffQuery(runtime, `configKey:${key}`, () =>
    runtime.transport
      .call(configApi['common.config.queryByKey'], { query: { key }, skipErrorHandler: true })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === ErrorCode.NOT_FOUND) return null;
        throw error;
      }),
  );
}
