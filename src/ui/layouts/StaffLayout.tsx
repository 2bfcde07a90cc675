import { Menu, MenuItem } from '@blueprintjs/core';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TopNav } from '../components/TopNav.tsx';
import { isCurrent, type SideMenuItem } from './menus.ts';

/** A back office: the platform's (/web/admin/…) or an organization's (/web/manage/…). */
function StaffLayout({ menu, area }: { menu: readonly SideMenuItem[]; area: 'admin' | 'manage' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <div className="xa-app" data-layout={area}>
      <TopNav />
      <main className="xa-main xa-user-body">
        <nav className="xa-user-menu" aria-label={t(`staff.${area}Title`)}>
          <Menu>
            {menu.map((item) => (
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
          <Outlet />
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
