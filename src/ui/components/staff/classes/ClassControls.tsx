import { Switch, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { gradeControls, type StaffArea } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { useQuery } from '../../../app/use-query.ts';
import { QueryStatus } from '../../QueryStatus.tsx';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';

/**
 * What a class lets its students do (grade/controls): each switch writes at once; the server
 * enforces them (test cases, solutions, practice outside homework, rankings, the assistant).
 */
export function ClassControls({ area, gradeId }: { area: StaffArea; gradeId: number }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const controls = useQuery(gradeControls(runtime, area, gradeId));
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  return (
    <section className="xa-section" aria-labelledby="class-controls">
      <h3 id="class-controls">{t('staffClass.controls')}</h3>
      <QueryStatus state={controls} failedTitle={t('staffClass.controlsFailed')}>
        {(items) => (
          <div data-testid="class-controls">
            {items.map((c) => (
              <div key={c.code}>
                <Switch
                  inline
                  checked={c.enabled}
                  disabled={busy}
                  label={c.name}
                  onChange={(e) =>
                    submitStaffWrite(staffEdit, `${area}.grade.controls.update`, {
                      gradeId,
                      controls: [{ code: c.code, enabled: e.currentTarget.checked }],
                    })
                  }
                />
                {c.isDefault && <Tag minimal>{t('staffClass.default')}</Tag>}
                <div className="xa-muted">{c.description}</div>
              </div>
            ))}
          </div>
        )}
      </QueryStatus>
    </section>
  );
}
