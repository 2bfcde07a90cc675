import { useState } from 'react';
import { Callout, Dialog, DialogBody, Tab, Tabs, type TabId } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/context.ts';
import { useTranslateKey } from '../../i18n/dynamic.ts';
import {
  emptyMobile,
  emptyPassword,
  emptyRegister,
  type MobileValues,
  type PasswordValues,
  type RegisterValues,
} from './formValues.ts';
import { MobileForm } from './MobileForm.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';

type DialogTab = 'password' | 'mobile' | 'register';

/**
 * The login dialog any screen can open (spec 000 §2): password and SMS-code login tabs from
 * the login-dialog machine, plus registration from the register machine. The typed values live
 * here, above the forms, so a failed submit or switching tabs loses nothing.
 */
export default function LoginDialog() {
  const { t } = useTranslation();
  const translate = useTranslateKey();
  const { loginDialog, register } = useRuntime().actors;
  const isOpen = useSelector(loginDialog, (s) => s.matches('open'));
  const mode = useSelector(loginDialog, (s) => s.context.mode);
  const reason = useSelector(loginDialog, (s) => s.context.reason);
  const registering = useSelector(register, (s) => s.matches('active'));
  const [password, setPassword] = useState<PasswordValues>(emptyPassword);
  const [mobile, setMobile] = useState<MobileValues>(emptyMobile);
  const [registration, setRegistration] = useState<RegisterValues>(emptyRegister);

  // A finished login or registration: nothing typed needs to survive any more.
  const [lastUser, setLastUser] = useState<number | null>(null);
  const loggedInUser = useSelector(loginDialog, (s) => s.context.user?.id ?? null);
  if (loggedInUser !== lastUser) {
    setLastUser(loggedInUser);
    setPassword(emptyPassword);
    setMobile(emptyMobile);
  }
  const [wasRegistering, setWasRegistering] = useState(registering);
  if (registering !== wasRegistering) {
    setWasRegistering(registering);
    if (!registering) setRegistration(emptyRegister);
  }

  const tab: DialogTab = registering ? 'register' : mode;
  const selectTab = (next: TabId) => {
    if (next === 'register') {
      register.send({ type: 'START' });
      return;
    }
    register.send({ type: 'CANCEL' });
    loginDialog.send({ type: 'SET_MODE', mode: next === 'mobile' ? 'mobile' : 'password' });
  };
  const close = () => {
    register.send({ type: 'CANCEL' });
    loginDialog.send({ type: 'CLOSE' });
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={registering ? t('login.registerTitle') : t('login.title')}
      className="xa-login-dialog"
      data-testid="login-dialog"
    >
      <DialogBody>
        {reason && !registering ? (
          <Callout compact className="xa-form-reason">
            {translate(reason)}
          </Callout>
        ) : null}
        <Tabs
          id="login-tabs"
          selectedTabId={tab}
          onChange={selectTab}
          fill
          renderActiveTabPanelOnly
        >
          <Tab
            id="password"
            title={t('login.tabPassword')}
            panel={<PasswordForm values={password} onChange={setPassword} />}
          />
          <Tab
            id="mobile"
            title={t('login.tabMobile')}
            panel={<MobileForm values={mobile} onChange={setMobile} />}
          />
          <Tab
            id="register"
            title={t('login.tabRegister')}
            panel={<RegisterForm values={registration} onChange={setRegistration} />}
          />
        </Tabs>
      </DialogBody>
    </Dialog>
  );
}
