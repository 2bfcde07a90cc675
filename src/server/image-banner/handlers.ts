/** imageBanner calls (contract/image-banner/calls.ts). */
import { imageBanner } from '../../contract/image-banner/calls.ts';
import { handle } from '../http/handler.ts';
import { bannerPage, createBanner, deleteBanner, liveBanners, updateBanner } from './store.ts';

export const imageBannerHandlers = [
  handle(imageBanner['imageBanner.create'], ({ services, requireAuth, body }) =>
    createBanner(services, requireAuth(), body),
  ),
  handle(imageBanner['imageBanner.update'], ({ services, requireAuth, body }) =>
    updateBanner(services, requireAuth(), body),
  ),
  handle(imageBanner['imageBanner.delete'], ({ services, body }) =>
    deleteBanner(services, body.id),
  ),
  handle(imageBanner['imageBanner.queryList'], ({ services, body, query }) =>
    bannerPage(services, body, query),
  ),
  handle(imageBanner['imageBanner.queryListByPosition'], ({ services, query }) =>
    liveBanners(services, query.position),
  ),
];
