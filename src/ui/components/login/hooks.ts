/** Binds the login and registration features (src/machines/login, src/machines/register) to views. */
import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { loginEvents, type LoginEvents } from '../../../machines/login/events.ts';
import type { loginDialogMachine } from '../../../machines/login/machine.ts';
import { registerEvents, type RegisterEvents } from '../../../machines/register/events.ts';
import type { registerMachine } from '../../../machines/register/machine.ts';
import { useRuntime } from '../../app/context.ts';

export function useLoginView<T>(select: (s: SnapshotFrom<typeof loginDialogMachine>) => T): T {
  return useSelector(useRuntime().actors.loginDialog, select);
}

export function useLoginEvents(): LoginEvents {
  const { loginDialog } = useRuntime().actors;
  return useMemo(() => loginEvents(loginDialog), [loginDialog]);
}

export function useRegisterView<T>(select: (s: SnapshotFrom<typeof registerMachine>) => T): T {
  return useSelector(useRuntime().actors.register, select);
}

export function useRegisterEvents(): RegisterEvents {
  const { register } = useRuntime().actors;
  return useMemo(() => registerEvents(register), [register]);
}
