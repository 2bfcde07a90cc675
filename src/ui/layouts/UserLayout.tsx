import { Button, Menu, MenuItem, NonIdealState } from '@blueprintjs/core';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../app/hooks.ts';
import { TopNav } from '../components/TopNav.tsx';
import { isCurrent, menuForRole, type SideMenuItem } from './menus.ts';

/**
 * The account area: top navigation, side menu, content. A parent's menu has their children in
 * place of a learner's classes, homework and exams; opening a learner's page as a parent says
 * where the child's are, rather than showing a student's empty lists worded for a student.
 */
export function UserLayout({
  menu,
  learnerPages,
}: {
  menu: readonly SideMenuItem[];
  /** The learner's study pages by address (menus.ts learnerPagesOf), some not in the menu. */
  learnerPages: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const role = useSessionUser()?.role ?? null;
  const learnerPageForParent = role === 'parent' && learnerPages.has(pathname);
  return (
    <div className="xa-app" data-layout="user">
      <TopNav />
      <main className="xa-main xa-user-body">
        <nav className="xa-user-menu" aria-label={t('userMenu.title')}>
          <Menu>
            {menuForRole(menu, role).map((item) => (
              <MenuItem
                key={item.to}
                text={t(item.label)}
                active={isCurrent(item, pathname)}
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
