import { createContext, useContext } from 'react';
import type { SideMenuItem } from './menus.ts';

/**
 * The back office's menu as the session's role shows it (StaffLayout), for the screen that
 * opens the back office at its first permitted entry (pages/StaffHome.tsx). null: the session's
 * operates are not known yet.
 */
export const StaffMenuContext = createContext<readonly SideMenuItem[] | null>(null);

export const useStaffMenu = (): readonly SideMenuItem[] | null => useContext(StaffMenuContext);
