import { useState } from 'react';
import { Callout, Dialog, DialogBody, Tab, Tabs, type TabId } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  selectIsOpen,
  selectLoggedInUserId,
  selectMode,
  selectReason,
} from '../../../machines/login/selectors.ts';
import { selectRegistering } from '../../../machines/register/selectors.ts';
import { useTranslateKey } from '../../i18n/dynamic.ts';
import {
  emptyMobile,
  emptyPassword,
  emptyRegister,
  type MobileValues,
  type PasswordValues,
  type RegisterValues,
} from './form-values.ts';
import { useLoginEvents, useLoginView, useRegisterEvents, useRegisterView } from './hooks.ts';
import { MobileForm } from './MobileForm.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { SsoButton } from './SsoButton.tsx';
import { useWechatSignIn } from './sign-in-methods.ts';
import { WechatScan } from './WechatScan.tsx';

type DialogTab = 'password' | 'mobile' | 'wechat' | 'register';

/**
 * The login dialog any screen can open (docs/product-rules.md#screens-and-routes): password and
 * SMS-code login tabs from the login-dialog machine, plus registration from the register machine.
 * The typed values live here, above the forms, so a failed submit or switching tabs loses nothing.
 */
export default function LoginDialog() {
  const { t } = useTranslation();
  const translate = useTranslateKey();
  const login = useLoginEvents();
  const register = useRegisterEvents();
  const isOpen = useLoginView(selectIsOpen);
  const mode = useLoginView(selectMode);
  const reason = useLoginView(selectReason);
  const registering = useRegisterView(selectRegistering);
  const [password, setPassword] = useState<PasswordValues>(emptyPassword);
  const [mobile, setMobile] = useState<MobileValues>(emptyMobile);
  const [registration, setRegistration] = useState<RegisterValues>(emptyRegister);

  // A finished login or registration: nothing typed needs to survive any more.
  const [lastUser, setLastUser] = useState<number | null>(null);
  const loggedInUser = useLoginView(selectLoggedInUserId);
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

  // The WeChat tab is the dialog's own, offered when WeChat sign-in is on: its scan machine
  // runs while the tab is shown.
  const wechatOn = useWechatSignIn();
  const [wechat, setWechat] = useState(false);
  const tab: DialogTab = registering ? 'register' : wechat && wechatOn ? 'wechat' : mode;
  const selectTab = (next: TabId) => {
    setWechat(next === 'wechat');
    if (next === 'register') {
      register.start();
      return;
    }
    register.cancel();
    if (next !== 'wechat') login.setMode(next === 'mobile' ? 'mobile' : 'password');
  };
  const close = () => {
    register.cancel();
    login.close();
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
          {wechatOn ? (
            <Tab id="wechat" title={t('login.tabWechat')} panel={<WechatScan />} />
          ) : null}
          <Tab
            id="register"
            title={t('login.tabRegister')}
            panel={<RegisterForm values={registration} onChange={setRegistration} />}
          />
        </Tabs>
        {registering ? null : <SsoButton />}
      </DialogBody>
    </Dialog>
  );
}
