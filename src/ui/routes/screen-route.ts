/**
 * What a client module says of each of its screens (docs/architecture.md, "Adding a client
 * module"): its path, layout, guard and lazily loaded chunk. The reasons for each screen's
 * layout and guard are in docs/decisions/client-and-screens.md "Routes, layouts and wrappers";
 * route-table.tsx builds the router from every module's declarations.
 */
import type { MemberRole } from '../../contract/accounts/calls.ts';
import type { StaffOperate } from '../../contract/refs.ts';
import type { zhCN } from '../i18n/zh-CN.ts';
import type { LazyScreen } from './chunks.ts';

export type LayoutName = 'index' | 'home' | 'user' | 'custom' | 'brief' | 'admin' | 'manage';

/**
 * `must-login`: anonymous visitors get the login dialog; `auth`: also needs one of `roles` in
 * the current organization; `platform-admin`: also needs platform staff (the account's
 * `platformAdmin` flag, whatever its role in the current organization).
 */
export type Guard =
  | { kind: 'public' }
  | { kind: 'must-login' }
  | { kind: 'auth'; roles: MemberRole[] }
  | { kind: 'platform-admin' };

/** The name of a side-menu entry: an i18n key, in the catalogue of the screen's feature. */
export type MenuLabel =
  | `staff.menu.${keyof typeof zhCN.staff.menu}`
  | `site.menu.${keyof typeof zhCN.site.menu}`
  | 'staffAi.menu'
  | 'questionBank.menu'
  | `userMenu.${Exclude<keyof typeof zhCN.userMenu, 'title'>}`;

/**
 * A screen's entry in its layout's side menu (the account area's, the back offices'). Entries
 * are shown by `order`, lowest first, whichever module declares them (layouts/menus.ts).
 */
export interface MenuEntry {
  label: MenuLabel;
  order: number;
  /** Other addresses on which the entry shows as the current one (a child under 我的孩子). */
  alsoActiveOn?: readonly string[];
}

/**
 * Who a page of the account area is for: `learners` are a learner's own study pages (a parent
 * has none and is told where the child's are), `parents` a parent's; absent, everyone logged in.
 */
export type Audience = 'learners' | 'parents';

export interface ScreenRoute {
  /**
   * Full path below the /web basename; `/` is the home page and `*` the screen an unknown
   * address renders.
   */
  path: string;
  layout: LayoutName;
  guard: Guard;
  screen: LazyScreen;
  menu?: MenuEntry;
  audience?: Audience;
  /**
   * A back-office screen's staff operate: the read it opens with. Its menu entry is shown, and
   * the screen opened, only to a session whose role grants it (layouts/menus.ts).
   */
  operate?: StaffOperate;
}

export interface RedirectRoute {
  path: string;
  to: string;
}

// The guards the screens share, so one kind of screen is guarded alike in every module.
export const open: Guard = { kind: 'public' };
export const mustLogin: Guard = { kind: 'must-login' };
/** Teacher screens: a teacher or organization admin of the current organization. */
export const teacherOnly: Guard = { kind: 'auth', roles: ['teacher', 'orgAdmin'] };
/** A parent's own screens (issue 25 item 11): their children, in the current organization. */
export const parentOnly: Guard = { kind: 'auth', roles: ['parent'] };
/** Platform tools: platform staff only. */
export const platformAdminOnly: Guard = { kind: 'platform-admin' };
