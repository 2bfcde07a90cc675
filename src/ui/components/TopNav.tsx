import { Button, Classes, Menu, MenuItem, Navbar, PopoverNext } from '@blueprintjs/core';
import { MenuIcon } from '@blueprintjs/icons';
import { NavLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMobile, useSessionUser } from '../app/hooks.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { Brand } from './Brand.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { LoginButton } from './LoginButton.tsx';
import { MessageBell } from './messages/MessageBell.tsx';
import { NAV_ITEMS } from './nav-items.ts';

/** Top navigation of the index, home and user layouts. */
export function TopNav() {
  const user = useSessionUser();
  return (
    <Navbar className="xa-nav" aria-label="main">
      <div className="xa-nav-inner">
        <Brand />
        <SiteLinks />
        <div className="xa-nav-right">
          {user ? (
            <>
              <MessageBell memberId={user.id} />
              <AccountMenu user={user} />
            </>
          ) : (
            <>
              <LanguageMenu />
              <LoginButton />
            </>
          )}
        </div>
      </div>
    </Navbar>
  );
}

/**
 * The site's main links (NAV_ITEMS): inline on a wide screen, folded into one menu button below
 * the mobile width. Also in the working layout's slim header, the way out of a practice screen.
 */
export function SiteLinks() {
  return useMobile() ? <CollapsedLinks /> : <InlineLinks />;
}

function InlineLinks() {
  const { t } = useTranslation();
  return (
    <nav className="xa-nav-links">
      {NAV_ITEMS.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.end}
          className={({ isActive }) =>
            [Classes.BUTTON, Classes.MINIMAL, 'xa-nav-link', isActive ? Classes.ACTIVE : '']
              .filter(Boolean)
              .join(' ')
          }
        >
          {t(`nav.${item.label}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/** Below the mobile width the links fold into one menu button. */
function CollapsedLinks() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PopoverNext
      placement="bottom-start"
      content={
        <Menu>
          {NAV_ITEMS.map((item) => (
            <MenuItem
              key={item.to}
              text={t(`nav.${item.label}`)}
              onClick={() => navigate(item.to)}
            />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" icon={<MenuIcon />} aria-label={t('nav.openMenu')} />
    </PopoverNext>
  );
}
