import { Button, Menu, MenuItem, NonIdealState } from '@blueprintjs/core';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MemberRole } from '../../contract/accounts/calls.ts';
import type { zhCN } from '../i18n/zh-CN.ts';
import { useSessionUser } from '../app/hooks.ts';
import { TopNav } from '../components/TopNav.tsx';

type UserMenuKey = Exclude<keyof typeof zhCN.userMenu, 'title'>;

interface UserMenuItem {
  to: string;
  label: UserMenuKey;
  /** Who the entry is for; absent: everyone logged in. */
  roles?: readonly MemberRole[];
}

/** A learner's own study pages: a parent has none of their own (issue 25 item 11). */
const LEARNER = ['student', 'teacher', 'orgAdmin'] as const;

/** The account area's side menu; /user/grade is reached from "my classes" pages, not listed. */
const USER_MENU: readonly UserMenuItem[] = [
  { to: '/user/accout', label: 'accout' },
  { to: '/user/children', label: 'children', roles: ['parent'] },
  { to: '/user/class', label: 'class', roles: LEARNER },
  { to: '/user/homework', label: 'homework', roles: LEARNER },
  { to: '/user/exam', label: 'exam', roles: LEARNER },
  { to: '/user/report', label: 'report', roles: LEARNER },
  { to: '/user/wallet', label: 'wallet' },
  { to: '/order', label: 'order' },
  { to: '/user/chatHistory', label: 'chatHistory', roles: LEARNER },
  { to: '/user/document', label: 'document', roles: LEARNER },
  { to: '/user/feedback', label: 'feedback' },
];

/** The learner's study pages by address, /user/grade included (it is not in the menu). */
const LEARNER_PAGES: ReadonlySet<string> = new Set([
  '/user/grade',
  ...USER_MENU.filter((item) => item.roles === LEARNER).map((item) => item.to),
]);

/** The menu entries `role` sees (before the session is known, everyone's). */
export const userMenuFor = (role: MemberRole | null): readonly UserMenuItem[] =>
  USER_MENU.filter((item) => !item.roles || role === null || item.roles.includes(role));

/**
 * The account area: top navigation, side menu, content. A parent's menu has their children in
 * place of a learner's classes, homework and exams; opening a learner's page as a parent says
 * where the child's are, rather than showing a student's empty lists worded for a student.
 */
export function UserLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const role = useSessionUser()?.role ?? null;
  const learnerPageForParent = role === 'parent' && LEARNER_PAGES.has(pathname);
  return (
    <div className="xa-app" data-layout="user">
      <TopNav />
      <main className="xa-main xa-user-body">
        <nav className="xa-user-menu" aria-label={t('userMenu.title')}>
          <Menu>
            {userMenuFor(role).map((item) => (
              <MenuItem
                key={item.to}
                text={t(`userMenu.${item.label}`)}
                active={
                  pathname === item.to ||
                  (item.to === '/user/children' && pathname === '/user/child')
                }
                onClick={() => navigate(item.to)}
              />
            ))}
          </Menu>
        </nav>
        <div className="xa-user-content">
          {learnerPageForParent ? (
            <div data-testid="learner-only">
              <NonIdealState
                title={t('family.learnerOnly.title')}
                description={t('family.learnerOnly.description')}
                action={
                  <Button
                    intent="primary"
                    text={t('family.learnerOnly.go')}
                    onClick={() => navigate('/user/children')}
                  />
                }
              />
            </div>
          ) : (
            <Outlet />
          )}
        </div>
      </main>
    </div>
  );
}
