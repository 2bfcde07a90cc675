import { Menu, MenuItem } from '@blueprintjs/core';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { zhCN } from '../i18n/zh-CN.ts';
import { TopNav } from '../components/TopNav.tsx';

type UserMenuKey = Exclude<keyof typeof zhCN.userMenu, 'title'>;

/** The account area's side menu; /user/grade is reached from "my classes" pages, not listed. */
export const USER_MENU: readonly { to: string; label: UserMenuKey }[] = [
  { to: '/user/accout', label: 'accout' },
  { to: '/user/class', label: 'class' },
  { to: '/user/homework', label: 'homework' },
  { to: '/user/exam', label: 'exam' },
  { to: '/user/report', label: 'report' },
  { to: '/user/wallet', label: 'wallet' },
  { to: '/order', label: 'order' },
  { to: '/user/chatHistory', label: 'chatHistory' },
  { to: '/user/document', label: 'document' },
  { to: '/user/feedback', label: 'feedback' },
];

/** The account area: top navigation, side menu, content. */
export function UserLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <div className="xa-app" data-layout="user">
      <TopNav />
      <main className="xa-main xa-user-body">
        <nav className="xa-user-menu" aria-label={t('userMenu.title')}>
          <Menu>
            {USER_MENU.map((item) => (
              <MenuItem
                key={item.to}
                text={t(`userMenu.${item.label}`)}
                active={pathname === item.to}
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
