import { Menu, MenuItem } from '@blueprintjs/core';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TopNav } from '../components/TopNav.tsx';

type StaffMenuKey =
  | 'dashboard'
  | 'approvals'
  | 'orders'
  | 'memberships'
  | 'wallets'
  | 'exams'
  | 'activities'
  | 'papers'
  | 'classes'
  | 'homework'
  | 'members'
  | 'teachers'
  | 'organizations'
  | 'organization'
  | 'courses'
  | 'chapters'
  | 'content'
  | 'documents';

/** The site's own screens (issue 9), named in the `site` catalogue. */
type SiteMenuKey = 'dicts' | 'banners' | 'settings' | 'apps';

/** Screens whose label lives in their feature's own catalogue namespace. */
type OwnMenuKey = 'staffAi.menu' | 'questionBank.menu';

type StaffMenuItem =
  | { to: string; label: StaffMenuKey }
  | { to: string; siteLabel: SiteMenuKey }
  | { to: string; ownLabel: OwnMenuKey };

/**
 * Platform staff's back office: /web/admin/…, the bms and un-prefixed calls
 * (docs/decisions/commerce-and-payments.md, "Back offices").
 */
export const ADMIN_MENU: readonly StaffMenuItem[] = [
  { to: '/admin/approvals', label: 'approvals' },
  { to: '/admin/organizations', label: 'organizations' },
  { to: '/admin/classes', label: 'classes' },
  { to: '/admin/courses', label: 'courses' },
  { to: '/admin/chapters', label: 'chapters' },
  { to: '/admin/questions', ownLabel: 'questionBank.menu' },
  { to: '/admin/content', label: 'content' },
  { to: '/admin/homework', label: 'homework' },
  { to: '/admin/orders', label: 'orders' },
  { to: '/admin/memberships', label: 'memberships' },
  { to: '/admin/wallets', label: 'wallets' },
  { to: '/admin/exams', label: 'exams' },
  { to: '/admin/papers', label: 'papers' },
  { to: '/admin/activities', label: 'activities' },
  { to: '/admin/dicts', siteLabel: 'dicts' },
  { to: '/admin/banners', siteLabel: 'banners' },
  { to: '/admin/settings', siteLabel: 'settings' },
  { to: '/admin/apps', siteLabel: 'apps' },
  { to: '/admin/ai-prompts', ownLabel: 'staffAi.menu' },
];

/** Teachers' and organization admins' back office (/web/manage/…, the edms calls). */
export const MANAGE_MENU: readonly StaffMenuItem[] = [
  { to: '/manage/dashboard', label: 'dashboard' },
  { to: '/manage/approvals', label: 'approvals' },
  { to: '/manage/classes', label: 'classes' },
  { to: '/manage/courses', label: 'courses' },
  { to: '/manage/chapters', label: 'chapters' },
  { to: '/manage/questions', ownLabel: 'questionBank.menu' },
  { to: '/manage/documents', label: 'documents' },
  { to: '/manage/homework', label: 'homework' },
  { to: '/manage/members', label: 'members' },
  { to: '/manage/teachers', label: 'teachers' },
  { to: '/manage/organization', label: 'organization' },
  { to: '/manage/orders', label: 'orders' },
  { to: '/manage/exams', label: 'exams' },
  { to: '/manage/papers', label: 'papers' },
  { to: '/manage/activities', label: 'activities' },
];

function StaffLayout({ menu, area }: { menu: readonly StaffMenuItem[]; area: 'admin' | 'manage' }) {
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
                text={
                  'ownLabel' in item
                    ? t(item.ownLabel)
                    : 'siteLabel' in item
                      ? t(`site.menu.${item.siteLabel}`)
                      : t(`staff.menu.${item.label}`)
                }
                active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
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

export function AdminLayout() {
  return <StaffLayout menu={ADMIN_MENU} area="admin" />;
}

export function ManageLayout() {
  return <StaffLayout menu={MANAGE_MENU} area="manage" />;
}
