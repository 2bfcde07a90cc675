import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Lifecycle } from '../../../machines/lifecycles/lifecycle.ts';

/** A back-office list's state filter: every state a row can be stored in, or all of them (''). */
export function LifecycleStateSelect({
  lifecycle,
  value,
  onChange,
}: {
  lifecycle: Lifecycle;
  value: string;
  onChange: (state: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <HTMLSelect
      aria-label={t('orders.state')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      options={[
        { value: '', label: t('staff.allStates') },
        ...Object.entries(lifecycle.states as Record<string, string>)
          .filter(([state]) => state !== 'none')
          .map(([state, label]) => ({ value: state, label })),
      ]}
    />
  );
}
