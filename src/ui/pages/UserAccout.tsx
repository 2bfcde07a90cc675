import { Button, Card, HTMLTable } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../machines/user.ts';
import { useRuntime } from '../app/context.ts';
import { useSessionUser, useTeacherList } from '../app/hooks.ts';
import { useQuery } from '../app/use-query.ts';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { Invitations } from '../components/account/Invitations.tsx';
import { BindingTable } from '../components/family/BindingTable.tsx';
import { PasswordDialog } from '../components/account/PasswordDialog.tsx';
import { WechatBinding } from '../components/account/WechatBinding.tsx';

/** Account settings: the current user as the server knows it (the route is must-login). */
export default function UserAccoutPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <section className="xa-screen" aria-labelledby="screen-account">
      <h1 id="screen-account" className="xa-screen-title">
        {t('accountPage.title')}
      </h1>
      {user ? <AccountDetails user={user} /> : null}
      {user ? <WechatBinding /> : null}
      {user ? <Invitations /> : null}
      {/* A learner confirms, refuses or unbinds their parents here (issue 25 item 11). */}
      {user?.role === 'student' ? <BindingTable side="child" /> : null}
    </section>
  );
}

function AccountDetails({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { queries } = useRuntime();
  const teacherList = useTeacherList();
  const query = useMemo(() => queries.currentUser(user.id), [queries, user.id]);
  const full = useQuery(query);
  const notSet = t('accountPage.notSet');
  const [changing, setChanging] = useState(false);
  const [changed, setChanged] = useState(false);
  return (
    <>
      <Card className="xa-section">
        <QueryStatus state={full} failedTitle={t('accountPage.title')}>
          {(current) => (
            <HTMLTable className="xa-account-table" data-testid="account-details">
              <tbody>
                <tr>
                  <th>{t('accountPage.username')}</th>
                  <td>{current.username}</td>
                </tr>
                <tr>
                  <th>{t('accountPage.nickname')}</th>
                  <td>{current.nickname}</td>
                </tr>
                <tr>
                  <th>{t('accountPage.mobile')}</th>
                  <td>{current.mobile ?? notSet}</td>
                </tr>
                <tr>
                  <th>{t('accountPage.email')}</th>
                  <td>{current.email ?? notSet}</td>
                </tr>
                <tr>
                  <th>{t('accountPage.role')}</th>
                  <td>
                    {t(`role.${current.role}`)}
                    {current.platformAdmin ? ` · ${t('role.platformAdmin')}` : ''}
                  </td>
                </tr>
                <tr>
                  <th>{t('accountPage.organization')}</th>
                  <td>{current.organizationName}</td>
                </tr>
              </tbody>
            </HTMLTable>
          )}
        </QueryStatus>
        <Button
          text={t('password.title')}
          onClick={() => {
            setChanged(false);
            setChanging(true);
          }}
          data-testid="password-change"
        />
        {changed && <span className="xa-muted"> {t('password.changed')}</span>}
        <PasswordDialog
          isOpen={changing}
          forced={false}
          onClose={() => setChanging(false)}
          onChanged={() => {
            setChanging(false);
            setChanged(true);
          }}
        />
      </Card>
      <Card className="xa-section">
        <h2>{t('accountPage.teacherAccounts')}</h2>
        {teacherList.length === 0 ? (
          <p className="xa-muted">{t('accountPage.noTeacherAccounts')}</p>
        ) : (
          <ul>
            {teacherList.map((account) => (
              <li key={account.id}>
                {t('account.roleInOrganization', {
                  organization: account.organizationName,
                  role: t(`role.${account.role}`),
                })}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
