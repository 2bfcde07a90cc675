/**
 * Read-side hooks over the root actors, so components state what they need ("the session
 * user", "is this a mobile device") without knowing machine internals.
 */
import { useCallback, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { SessionUser } from '../../machines/user.ts';
import type { TeacherAccount } from '../../contract/accounts/calls.ts';
import { loginEvents } from '../../machines/login/events.ts';
import { useRuntime } from './context.ts';
import { STORAGE_KEYS } from './storage.ts';

export interface SessionView {
  /** The start-up sequence knows whether someone is logged in. */
  ready: boolean;
  user: SessionUser | null;
}

export function useSession(): SessionView {
  const { startup } = useRuntime().actors;
  const ready = useSelector(startup, (s) => s.matches({ session: 'ready' }));
  const user = useSelector(startup, (s) => s.context.user);
  return { ready, user };
}

export function useSessionUser(): SessionUser | null {
  return useSelector(useRuntime().actors.startup, (s) => s.context.user);
}

export function useTeacherList(): TeacherAccount[] {
  return useSelector(useRuntime().actors.startup, (s) => s.context.teacherList);
}

/** The logo of settings.json; before it arrives, the path stored by the last visit. */
export function useSiteLogo(): string | null {
  const runtime = useRuntime();
  const logo = useSelector(runtime.actors.startup, (s) => s.context.settings?.logo ?? null);
  return logo || runtime.env.storage.get(STORAGE_KEYS.logo);
}

export function useMobile(): boolean {
  return useSelector(useRuntime().actors.device, (s) => s.context.deviceClass === 'mobile');
}

/** Opens the login dialog; `reason` is an i18n key shown above the form. */
export function useOpenLoginDialog(): (reason?: string) => void {
  const { loginDialog } = useRuntime().actors;
  return useCallback((reason?: string) => loginEvents(loginDialog).open(reason), [loginDialog]);
}

export interface SessionCommands {
  /** A logout or an organization switch is on the wire. */
  busy: boolean;
  logout(): void;
  switchOrganization(memberId: number): void;
}

/** Logging out and switching organization: events to the start-up machine, which decides. */
export function useSessionCommands(): SessionCommands {
  const { startup } = useRuntime().actors;
  const busy = useSelector(
    startup,
    (s) => s.matches({ session: 'loggingOut' }) || s.matches({ session: 'switchingOrganization' }),
  );
  return useMemo(
    () => ({
      busy,
      logout: () => startup.send({ type: 'LOGOUT' }),
      switchOrganization: (memberId: number) =>
        startup.send({ type: 'SWITCH_ORGANIZATION', memberId }),
    }),
    [startup, busy],
  );
}
