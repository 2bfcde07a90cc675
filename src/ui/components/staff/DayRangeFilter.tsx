import { ControlGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A day's start in Beijing time, as the wire takes times (ISO-8601 with its zone). */
const dayStart = (day: string) => `${day}T00:00:00+08:00`;
const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

export interface DayRange {
  from?: string;
  to?: string;
}

/**
 * Two calendar days, both included, as a `from`/`to` time range (Beijing days: the people who
 * read the list count days that way). A range that ends before it starts is said under the
 * fields and not applied.
 */
export function DayRangeFilter({ onApply }: { onApply: (range: DayRange) => void }) {
  const { t } = useTranslation();
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const backwards = first !== '' && last !== '' && last < first;
  const apply = (nextFirst: string, nextLast: string) => {
    if (nextFirst !== '' && nextLast !== '' && nextLast < nextFirst) return;
    onApply({
      ...(nextFirst ? { from: dayStart(nextFirst) } : {}),
      ...(nextLast ? { to: dayStart(nextDay(nextLast)) } : {}),
    });
  };
  return (
    <div className="xa-inline-filter">
      <ControlGroup>
        <InputGroup
          type="date"
          aria-label={t('staff.dayRange.from')}
          value={first}
          onChange={(e) => {
            setFirst(e.target.value);
            apply(e.target.value, last);
          }}
        />
        <InputGroup
          type="date"
          aria-label={t('staff.dayRange.to')}
          value={last}
          intent={backwards ? 'danger' : 'none'}
          onChange={(e) => {
            setLast(e.target.value);
            apply(first, e.target.value);
          }}
        />
      </ControlGroup>
      {backwards && (
        <div className="xa-field-error" role="alert">
          {t('staff.dayRange.backwards')}
        </div>
      )}
    </div>
  );
}
