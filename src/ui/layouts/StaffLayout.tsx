import { Menu, MenuItem } from '@blueprintjs/core';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TopNav } from '../components/TopNav.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { useOperates } from '../app/use-operates.ts';
import { isCurrent, menuForOperates, type SideMenuItem } from './menus.ts';
import { StaffMenuContext } from './staff-menu.ts';

/**
 * A back office: the platform's (/web/admin/…) or an organization's (/web/manage/…). Its menu
 * shows the entries the session's role grants (docs/decisions/admin-and-identity.md); a screen
 * whose operate the role lacks says so instead of opening onto refusals.
 */
function StaffLayout({ menu, area }: { menu: readonly SideMenuItem[]; area: 'admin' | 'manage' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { ready, may } = useOperates();
  const visible = menuForOperates(menu, may);
  const current = menu.find((item) => isCurrent(item, pathname));
  const guarded = current?.operate !== undefined;
  const refused = ready && current?.operate !== undefined && !may(current.operate);
  return (
    <div className="xa-app" data-layout={area}>
      <TopNav />
      <main className="xa-main xa-user-body">
        <nav className="xa-user-menu" aria-label={t(`staff.${area}Title`)}>
          <Menu>
            {visible.map((item) => (
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
          {guarded && !ready ? (
            // Until the role is known, a screen it may lack is not opened (no refusals to show).
            <PageSpinner />
          ) : refused ? (
            <EmptyState
              title={t('staff.refused.title')}
              description={t('staff.refused.description', { name: t(current.label) })}
            />
          ) : (
            <StaffMenuContext.Provider value={ready ? visible : null}>
              <Outlet />
            </StaffMenuContext.Provider>
          )}
        </div>
      </main>
    </div>
  );
}

/** Platform staff's back office (/web/admin/…: the bms and un-prefixed calls). */
export function AdminLayout({ menu }: { menu: readonly SideMenuItem[] }) {
  return <StaffLayout menu={menu} area="admin" />;
}

/** Teachers' and organization admins' back office (/web/manage/…: the edms calls). */
export function ManageLayout({ menu }: { menu: readonly SideMenuItem[] }) {
  return <StaffLayout menu={menu} area="manage" />;
}
