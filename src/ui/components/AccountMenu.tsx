import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import {
  CaretDownIcon,
  CommentIcon,
  DashboardIcon,
  DownloadIcon,
  EnvelopeIcon,
  ExchangeIcon,
  LogOutIcon,
  PeopleIcon,
  TranslateIcon,
  UserIcon,
} from '@blueprintjs/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../machines/user.ts';
import { useRuntime } from '../app/context.ts';
import { useSessionCommands, useTeacherList } from '../app/hooks.ts';
import { LanguageItems } from './LanguageMenu.tsx';

interface AccountMenuProps {
  user: SessionUser;
}

/**
 * The logged-in user's nickname with the account menu (docs/product-rules.md#screens-and-routes,
 * issue 2 item 8).
 */
export function AccountMenu({ user }: AccountMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { commands } = useRuntime();
  const session = useSessionCommands();
  const teacherList = useTeacherList();
  const menu = (
    <Menu aria-label={t('account.center')}>
      <MenuDivider
        title={t('account.roleInOrganization', {
          organization: user.organizationName,
          role: t(`role.${user.role}`),
        })}
      />
      <MenuItem icon={<UserIcon />} text={t('account.center')} onClick={() => navigate('/user')} />
      {user.role === 'parent' ? (
        // A parent has no classes of their own; their children's are a click away.
        <MenuItem
          icon={<PeopleIcon />}
          text={t('userMenu.children')}
          onClick={() => navigate('/user/children')}
          data-testid="my-children-link"
        />
      ) : (
        <MenuItem
          icon={<PeopleIcon />}
          text={t('account.myClasses')}
          onClick={() => navigate('/user/class')}
        />
      )}
      {teacherList.length > 0 ? (
        <MenuItem
          icon={<ExchangeIcon />}
          text={t('account.switchOrganization')}
          disabled={session.busy}
          data-testid="switch-organization"
        >
          {teacherList.map((account) => (
            <MenuItem
              key={account.id}
              text={t('account.roleInOrganization', {
                organization: account.organizationName,
                role: t(`role.${account.role}`),
              })}
              onClick={() => session.switchOrganization(account.id)}
            />
          ))}
        </MenuItem>
      ) : null}
      {user.platformAdmin ? (
        <MenuItem
          icon={<DashboardIcon />}
          text={t('staff.enterAdmin')}
          onClick={() => navigate('/admin')}
          data-testid="admin-link"
        />
      ) : null}
      {user.role === 'teacher' || user.role === 'orgAdmin' ? (
        <MenuItem
          icon={<DashboardIcon />}
          text={t('staff.enterManage')}
          onClick={() => navigate('/manage')}
          data-testid="manage-link"
        />
      ) : null}
      {user.platformAdmin ? (
        <MenuItem
          icon={<EnvelopeIcon />}
          text={t('account.devInbox')}
          onClick={() => navigate('/dev/inbox')}
          data-testid="dev-inbox-link"
        />
      ) : null}
      <MenuItem
        icon={<CommentIcon />}
        text={t('account.feedback')}
        // The page the feedback is about: where the menu was opened.
        onClick={() =>
          navigate(`/user/feedback?from=${encodeURIComponent(location.pathname + location.search)}`)
        }
        data-testid="feedback-link"
      />
      <MenuItem
        icon={<DownloadIcon />}
        text={t('account.exportLog')}
        onClick={() => commands.exportEventLog()}
        data-testid="export-log"
      />
      <MenuItem icon={<TranslateIcon />} text={t('account.language')}>
        <LanguageItems />
      </MenuItem>
      <MenuDivider />
      <MenuItem
        icon={<LogOutIcon />}
        text={t('account.logout')}
        disabled={session.busy}
        onClick={() => session.logout()}
        data-testid="logout"
      />
    </Menu>
  );
  return (
    <PopoverNext placement="bottom-end" content={menu}>
      <Button
        variant="minimal"
        icon={<UserIcon />}
        endIcon={<CaretDownIcon />}
        text={user.nickname}
        data-testid="account-menu"
      />
    </PopoverNext>
  );
}
