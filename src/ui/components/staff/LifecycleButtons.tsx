import { Button } from '@blueprintjs/core';
import type { LifecycleAction } from '../../../contract/lifecycle-actions.ts';
import { allowedActions, type Lifecycle } from '../../../machines/lifecycles/lifecycle.ts';

/**
 * What each area's screen offers of a reviewed lifecycle that can be stopped (activities, exams):
 * review (pass, reject) is the platform's (docs/product-rules.md#lifecycle-actions).
 */
export const REVIEWED_AREA_ACTIONS = {
  bms: ['pass', 'reject', 'publish', 'unpublish', 'stop'],
  edms: ['publish', 'unpublish', 'stop'],
} as const satisfies Record<'bms' | 'edms', readonly LifecycleAction[]>;

/**
 * A row's lifecycle actions as buttons: those the lifecycle allows in the row's state and the
 * screen offers (review is the platform's), in the lifecycle's order, as the server decides.
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
  busy,
  testIdPrefix,
}: {
  lifecycle: Lifecycle<State, Action>;
  state: State;
  offered: readonly Offered[];
  label: (action: Action & Offered) => string;
  onAct: (action: Action & Offered) => void;
  busy: boolean;
  testIdPrefix: string;
}) {
  return (
    <>
      {allowedActions(lifecycle, state)
        .filter((action): action is Action & Offered =>
          (offered as readonly string[]).includes(action),
        )
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
