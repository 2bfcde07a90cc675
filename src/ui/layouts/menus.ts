/**
 * The side menus of the account area and the back offices, from the screens' own declarations
 * (screen-route.ts `menu`): each module says which of its screens has an entry, under what name
 * and at what place, so no list of every domain's screens is kept here.
 */
import type { MemberRole } from '../../contract/accounts/calls.ts';
import type { StaffOperate } from '../../contract/refs.ts';
import type { Audience, LayoutName, MenuEntry, ScreenRoute } from '../routes/screen-route.ts';

export interface SideMenuItem extends MenuEntry {
  to: string;
  audience?: Audience;
  operate?: StaffOperate;
}

/**
 * The entries of one layout's menu, in their order. Two entries at one place would be shown in
 * whichever order the modules happen to be listed, so that stops the router being built.
 */
export function menuOf(screens: readonly ScreenRoute[], layout: LayoutName): SideMenuItem[] {
  const items: SideMenuItem[] = [];
  for (const screen of screens) {
    if (screen.layout !== layout || !screen.menu) continue;
    items.push({
      ...screen.menu,
      to: screen.path,
      ...(screen.audience ? { audience: screen.audience } : {}),
      ...(screen.operate ? { operate: screen.operate } : {}),
    });
  }
  items.sort((a, b) => a.order - b.order);
  items.forEach((item, i) => {
    const next = items[i + 1];
    if (next && next.order === item.order) {
      throw new Error(`The ${layout} menu has ${item.to} and ${next.to} at place ${item.order}`);
    }
  });
  return items;
}

/** A learner's own study pages (issue 25 item 11): the account area's pages for learners. */
export const learnerPagesOf = (screens: readonly ScreenRoute[]): ReadonlySet<string> =>
  new Set(
    screens
      .filter((screen) => screen.layout === 'user' && screen.audience === 'learners')
      .map((screen) => screen.path),
  );

const AUDIENCE_ROLES: Record<Audience, readonly MemberRole[]> = {
  learners: ['student', 'teacher', 'orgAdmin'],
  parents: ['parent'],
};

/** The menu entries `role` sees (before the session is known, everyone's). */
export const menuForRole = (
  menu: readonly SideMenuItem[],
  role: MemberRole | null,
): readonly SideMenuItem[] =>
  menu.filter(
    (item) => !item.audience || role === null || AUDIENCE_ROLES[item.audience].includes(role),
  );

/** Whether `item` is the entry of the screen at `pathname` (or of one of its sub-screens). */
export const isCurrent = (item: SideMenuItem, pathname: string): boolean =>
  pathname === item.to ||
  pathname.startsWith(`${item.to}/`) ||
  (item.alsoActiveOn ?? []).includes(pathname);

/** The back-office entries the session's role grants (an entry without an operate: everyone's). */
export const menuForOperates = (
  menu: readonly SideMenuItem[],
  may: (operate: StaffOperate) => boolean,
): readonly SideMenuItem[] => menu.filter((item) => !item.operate || may(item.operate));
