import { Button } from '@blueprintjs/core';
import type { LifecycleAction } from '../../../contract/lifecycle-actions.ts';
import { allowedActions, type Lifecycle } from '../../../machines/lifecycles/lifecycle.ts';
import type { StaffWriteCall } from '../../../contract/refs.ts';
import { useOperates } from '../../app/use-operates.ts';

/**
 * What each area's screen offers of a reviewed lifecycle that can be stopped (activities, exams):
 * review (pass, reject) is the platform's (docs/product-rules.md#lifecycle-actions).
 */
export const REVIEWED_AREA_ACTIONS = {
  bms: ['pass', 'reject', 'publish', 'unpublish', 'stop'],
  edms: ['publish', 'unpublish', 'stop'],
} as const satisfies Record<'bms' | 'edms', readonly LifecycleAction[]>;

/**
 * The write of a lifecycle action on a resource in an area (`edms.exam.publish`); the
 * intersection leaves out an action the area does not have.
 */
export const lifecycleCall = <A extends 'bms' | 'edms', R extends string, X extends string>(
  area: A,
  resource: R,
  action: X,
) => `${area}.${resource}.${action}` as `${A}.${R}.${X}` & StaffWriteCall;

/**
 * A row's lifecycle actions as buttons: those the lifecycle allows in the row's state and the
 * screen offers (review is the platform's) and the session may make (`callOf` names each
 * action's write), in the lifecycle's order, as the server decides.
 */
export function LifecycleButtons<
  State extends string,
  Action extends LifecycleAction,
  Offered extends string,
>({
  lifecycle,
  state,
  offered,
  label,
  onAct,
  callOf,
  busy,
  testIdPrefix,
}: {
  lifecycle: Lifecycle<State, Action>;
  state: State;
  offered: readonly Offered[];
  label: (action: Action & Offered) => string;
  onAct: (action: Action & Offered) => void;
  callOf: (action: Action & Offered) => StaffWriteCall;
  busy: boolean;
  testIdPrefix: string;
}) {
  const { may } = useOperates();
  return (
    <>
      {allowedActions(lifecycle, state)
        .filter((action): action is Action & Offered =>
          (offered as readonly string[]).includes(action),
        )
        .filter((action) => may(callOf(action)))
        .map((action) => (
          <Button
            key={action}
            size="small"
            variant="outlined"
            intent={action === 'publish' || action === 'pass' ? 'success' : 'none'}
            disabled={busy}
            text={label(action)}
            onClick={() => onAct(action)}
            data-testid={`${testIdPrefix}-${action}`}
          />
        ))}
    </>
  );
}
