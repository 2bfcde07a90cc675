/** The question bank's package views bound to the runtime's questionPackages actor. */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import { questionPackagesEvents } from '../../../../machines/question-packages/events.ts';
import type { questionPackagesMachine } from '../../../../machines/question-packages/machine.ts';
import { useRuntime } from '../../../app/context.ts';

export function useQuestionPackagesView<T>(
  select: (snapshot: SnapshotFrom<typeof questionPackagesMachine>) => T,
): T {
  return useSelector(useRuntime().actors.questionPackages, select);
}

export function useQuestionPackagesEvents() {
  const actor = useRuntime().actors.questionPackages;
  return useMemo(() => questionPackagesEvents(actor), [actor]);
}
