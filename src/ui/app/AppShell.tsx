import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { ProgressBar } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { ToastContainer } from '../components/ToastContainer.tsx';
import { useRuntime } from './context.ts';
import { loadFormValidation } from '../../machines/login/implementations.ts';
import { savedToastId } from '../../machines/staff-edit/machine.ts';
import { useSessionUser } from './hooks.ts';

// Shown only to a session whose password an admin reset.
const PasswordDialog = lazy(() =>
  import('../components/account/PasswordDialog.tsx').then((m) => ({ default: m.PasswordDialog })),
);

// The dialog's forms load on first use, keeping them out of the first screen's JavaScript;
// their validation (zod and the contract schemas) comes along, so a submit never waits for it.
const LoginDialog = lazy(() =>
  Promise.all([import('../components/login/LoginDialog.tsx'), loadFormValidation()]).then(
    ([dialog]) => dialog,
  ),
);

// The pay dialog loads when something is first bought.
const PayDialog = lazy(() =>
  import('../components/PayDialog.tsx').then((m) => ({ default: m.PayDialog })),
);

/** Root route element: the screen, the route loading bar, toasts, the login and pay dialogs. */
export function AppShell() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <ProgressBar className="xa-progress" intent="primary" />
      ) : null}
      <RouteReporter />
      <Outlet />
      <ToastContainer />
      <LoginDialogHost />
      <PayDialogHost actor="checkout" />
      <PayDialogHost actor="childCheckout" />
      <ForcedPasswordHost />
    </>
  );
}

/**
 * An admin reset this user's password (user/resetPwd): the server refuses everything else until
 * it is changed, so the change is asked for first, on whatever screen the user is.
 */
function ForcedPasswordHost() {
  const { startup } = useRuntime().actors;
  const user = useSessionUser();
  if (!user?.mustChangePassword) return null;
  return (
    <Suspense fallback={null}>
      <PasswordDialog
        isOpen
        forced
        onClose={() => undefined}
        onChanged={() =>
          startup.send({ type: 'USER.LOGGED_IN', user: { ...user, mustChangePassword: false } })
        }
      />
    </Suspense>
  );
}

/**
 * Tells the machines that keep a screen's outcome which screen is shown (issue 25 item 3): a
 * staff write's refusal stays on the screen that made it. Before paint, so the next screen never
 * shows the last one's message even for a frame.
 */
function RouteReporter() {
  const { staffEdit, toastQueue } = useRuntime().actors;
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    // The last 已保存 belongs to the screen left behind too.
    const saved = savedToastId(staffEdit.getSnapshot().context.seq);
    const toasts = toastQueue.getSnapshot().context;
    if ([...toasts.visible, ...toasts.queued].some((toast) => toast.id === saved)) {
      toastQueue.send({ type: 'HIDE', id: saved });
    }
    staffEdit.send({ type: 'ROUTE', path: pathname });
  }, [staffEdit, toastQueue, pathname]);
  return null;
}

function LoginDialogHost() {
  const { loginDialog } = useRuntime().actors;
  const open = useSelector(loginDialog, (s) => s.matches('open'));
  // Once loaded it stays mounted: typed values survive closing and reopening the dialog.
  const [loaded, setLoaded] = useState(open);
  if (open && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog />
    </Suspense>
  );
}

/**
 * One pay dialog per checkout actor: the learner's own, and a parent's for a child's orders
 * (issue 25 item 11), the same dialog on the parent's calls.
 */
function PayDialogHost({ actor }: { actor: 'checkout' | 'childCheckout' }) {
  const checkout = useRuntime().actors[actor];
  const open = useSelector(checkout, (s) => !s.matches('idle'));
  const [loaded, setLoaded] = useState(open);
  if (open && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <PayDialog actor={checkout} />
    </Suspense>
  );
}
