import type { zhCN } from '../i18n/zh-CN.ts';

type NavKey = Exclude<keyof typeof zhCN.nav, 'login' | 'openMenu'>;

export interface NavItem {
  to: string;
  label: NavKey;
  /** Match the path exactly (the home link would otherwise be active everywhere). */
  end?: boolean;
}

/**
 * The main navigation, as the product lists its features
 * (docs/product-rules.md#screens-and-routes).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'home', end: true },
  { to: '/course/list', label: 'course' },
  { to: '/exam/list', label: 'exam' },
  { to: '/play/home', label: 'play' },
  { to: '/camp', label: 'camp' },
  { to: '/activity', label: 'activity' },
  { to: '/vipCardList', label: 'vipCard' },
  { to: '/content-center', label: 'contentCenter' },
];
