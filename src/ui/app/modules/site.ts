/**
 * The site's public texts, banners and dictionaries: public reads a staff write may change.
 * No root actor of its own (start-up applies the settings); its screens are the topic pages and
 * the platform's settings, dictionaries, banners and apps.
 */
import { lazyScreen } from '../../routes/chunks.ts';
import { open, platformAdminOnly, type ScreenRoute } from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

/** The topic pages' texts and the banners (site-queries.ts). */
export const siteTag = 'site';

const screens: readonly ScreenRoute[] = [
  {
    path: '/topic/quwei',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../../pages/TopicQuwei.tsx'), 'TopicQuwei'),
  },
  {
    path: '/topic/grammar',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../../pages/TopicGrammar.tsx'), 'TopicGrammar'),
  },
  {
    path: '/topic/train',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../../pages/TopicTrain.tsx'), 'TopicTrain'),
  },
  // Site settings and texts, dictionaries and banners (issue 9).
  {
    path: '/admin/dicts',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'dict.create',
    menu: { label: 'site.menu.dicts', order: 150 },
    screen: lazyScreen(() => import('../../pages/admin/Dicts.tsx'), 'AdminDicts'),
  },
  {
    path: '/admin/banners',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'imageBanner.create',
    menu: { label: 'site.menu.banners', order: 160 },
    screen: lazyScreen(() => import('../../pages/admin/Banners.tsx'), 'AdminBanners'),
  },
  {
    path: '/admin/settings',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'common.config.queryList',
    menu: { label: 'site.menu.settings', order: 170 },
    screen: lazyScreen(() => import('../../pages/admin/Settings.tsx'), 'AdminSettings'),
  },
  {
    path: '/admin/apps',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'app.queryList',
    menu: { label: 'site.menu.apps', order: 180 },
    screen: lazyScreen(() => import('../../pages/admin/Apps.tsx'), 'AdminApps'),
  },
];

export const siteModule = defineClientModule({
  name: 'site',
  rootActors: {},
  queryTags: { [siteTag]: ['staffChange'] },
  on: {
    staffChange: (_, __, { dict }) => dict.invalidate(),
  },
  screens,
});
