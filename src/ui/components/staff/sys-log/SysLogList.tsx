import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SYS_LOG_OUTCOMES } from '../../../../contract/sys-log/calls.ts';
import type { SysLogItem } from '../../../../contract/sys-log/calls.ts';
import { SYS_LOG_KINDS } from '../../../../contract/sys-log/recorded.ts';
import { sysLog as sysLogApi } from '../../../../contract/sys-log/refs.ts';
import { useRuntime } from '../../../app/context.ts';
import { permissionTree } from '../../../app/permission-queries.ts';
import { SYS_LOG_KEY, sysLogPage, type SysLogFilter } from '../../../app/sys-log-queries.ts';
import { useOperates } from '../../../app/use-operates.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { IDLE_QUERY, useQuery } from '../../../app/use-query.ts';
import { formatDateTime } from '../../../format.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { DayRangeFilter, type DayRange } from '../DayRangeFilter.tsx';
import { KeywordFilter } from '../KeywordFilter.tsx';
import { Permitted } from '../Permitted.tsx';
import './sys-log.css';

/** A person or an organization the list is narrowed to, picked from a row. */
interface Pick {
  id: number;
  label: string;
}

const targetsText = (targets: SysLogItem['targets']) =>
  Object.entries(targets)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(',') : value}`)
    .join(' ');

/**
 * The system log (issue 27 item 3; /admin/sys-log): every staff write, export, sign-in and
 * password change, newest first; narrowed by keyword, kind, outcome, a part of the permission
 * tree, days, and a person or organization picked from a row; exported as it is filtered.
 */
export function SysLogList() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { may } = useOperates();
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<'' | SysLogItem['kind']>('');
  const [outcome, setOutcome] = useState<'' | SysLogItem['outcome']>('');
  const [resourceId, setResourceId] = useState('');
  const [days, setDays] = useState<DayRange>({});
  const [person, setPerson] = useState<Pick | null>(null);
  const [organization, setOrganization] = useState<Pick | null>(null);
  const [page, setPage] = usePageParam();

  const filter: SysLogFilter = {
    ...(keyword ? { keyword } : {}),
    ...(kind ? { kind } : {}),
    ...(outcome ? { outcome } : {}),
    ...(resourceId ? { resourceId: Number(resourceId) } : {}),
    ...(person ? { userId: person.id } : {}),
    ...(organization ? { organizationId: organization.id } : {}),
    ...days,
  };
  const list = useQuery(sysLogPage(runtime, filter, page));
  // The tree names the parts of the product; a role without it filters by keyword instead.
  const tree = useQuery(may('resource.queryList') ? permissionTree(runtime) : IDLE_QUERY);
  const resourceOptions = useMemo(() => {
    const resources = tree.data?.resources ?? [];
    const byId = new Map(resources.map((r) => [r.id, r]));
    const pathOf = (id: number | null): string[] => {
      const r = id === null ? undefined : byId.get(id);
      return r ? [...pathOf(r.parentId), r.name] : [];
    };
    return resources
      .map((r) => ({ value: String(r.id), label: pathOf(r.id).join(' › ') }))
      .sort((a, b) => a.label.localeCompare(b.label, 'zh-CN'));
  }, [tree.data]);

  const narrow =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  return (
    <section className="xa-section" aria-labelledby="sys-log">
      <h2 id="sys-log">
        {t('sysLog.title')}{' '}
        <Button
          size="small"
          variant="outlined"
          icon="refresh"
          text={t('sysLog.refresh')}
          onClick={() => runtime.queries.cache.invalidate((key) => key.includes(SYS_LOG_KEY))}
        />{' '}
        <Permitted call="sysLog.export">
          <Button
            size="small"
            variant="outlined"
            icon="download"
            text={t('sysLog.export')}
            data-testid="sys-log-export"
            onClick={() => runtime.commands.download(sysLogApi['sysLog.export'], { body: filter })}
          />
        </Permitted>
      </h2>
      <p className="xa-muted">{t('sysLog.hint')}</p>
      <div className="xa-filter-row">
        <KeywordFilter label={t('sysLog.search')} onApply={narrow(setKeyword)} />
        <HTMLSelect
          aria-label={t('sysLog.kind')}
          value={kind}
          onChange={(e) => narrow(setKind)(e.currentTarget.value as typeof kind)}
          options={[
            { value: '', label: t('sysLog.allKinds') },
            ...SYS_LOG_KINDS.map((k) => ({ value: k, label: t(`sysLog.kinds.${k}`) })),
          ]}
        />
        <HTMLSelect
          aria-label={t('sysLog.outcome')}
          value={outcome}
          onChange={(e) => narrow(setOutcome)(e.currentTarget.value as typeof outcome)}
          options={[
            { value: '', label: t('sysLog.allOutcomes') },
            ...SYS_LOG_OUTCOMES.map((o) => ({ value: o, label: t(`sysLog.outcomes.${o}`) })),
          ]}
        />
        {resourceOptions.length > 0 && (
          <HTMLSelect
            aria-label={t('sysLog.resource')}
            value={resourceId}
            onChange={(e) => narrow(setResourceId)(e.currentTarget.value)}
            options={[{ value: '', label: t('sysLog.allResources') }, ...resourceOptions]}
          />
        )}
        <DayRangeFilter onApply={narrow(setDays)} />
      </div>
      {(person || organization) && (
        <p>
          {person && (
            <Tag onRemove={() => narrow(setPerson)(null)} className="xa-tag-gap">
              {t('sysLog.onlyPerson', { name: person.label })}
            </Tag>
          )}
          {organization && (
            <Tag onRemove={() => narrow(setOrganization)(null)} className="xa-tag-gap">
              {t('sysLog.onlyOrganization', { name: organization.label })}
            </Tag>
          )}
        </p>
      )}
      <PagedTable
        state={list}
        failedTitle={t('sysLog.failed')}
        empty={{ title: t('sysLog.empty'), description: '' }}
        headers={[
          t('sysLog.at'),
          t('sysLog.operate'),
          t('sysLog.person'),
          t('sysLog.organization'),
          t('sysLog.targets'),
          t('sysLog.outcome'),
          t('sysLog.ip'),
        ]}
        testId="sys-log"
        page={page}
        onPage={setPage}
        row={(entry) => (
          <tr key={entry.id} data-testid={`sys-log-${entry.id}`}>
            <td className="xa-muted xa-nowrap">{formatDateTime(entry.at, i18n.language)}</td>
            <td>
              {entry.operateName}
              <div className="xa-muted">
                <Tag minimal className="xa-tag-gap">
                  {t(`sysLog.kinds.${entry.kind}`)}
                </Tag>
                {entry.callId}
              </div>
            </td>
            <td>
              {entry.userId !== null ? (
                <Button
                  variant="minimal"
                  size="small"
                  title={t('sysLog.pickPerson')}
                  text={entry.nickname ?? entry.username}
                  onClick={() =>
                    narrow(setPerson)({
                      id: entry.userId!,
                      label: entry.nickname ?? entry.username ?? String(entry.userId),
                    })
                  }
                />
              ) : (
                (entry.username ?? '')
              )}
              <div className="xa-muted">
                {entry.username} · {entry.role}
              </div>
            </td>
            <td>
              {entry.organizationId !== null && entry.organizationName && (
                <Button
                  variant="minimal"
                  size="small"
                  title={t('sysLog.pickOrganization')}
                  text={entry.organizationName}
                  onClick={() =>
                    narrow(setOrganization)({
                      id: entry.organizationId!,
                      label: entry.organizationName!,
                    })
                  }
                />
              )}
            </td>
            <td className="xa-sys-log-targets xa-muted">{targetsText(entry.targets)}</td>
            <td className="xa-sys-log-message">
              <Tag minimal intent={entry.outcome === 'success' ? 'success' : 'danger'}>
                {t(`sysLog.outcomes.${entry.outcome}`)}
              </Tag>
              {entry.message && <div className="xa-muted">{entry.message}</div>}
            </td>
            <td className="xa-muted xa-nowrap">{entry.ip}</td>
          </tr>
        )}
      />
    </section>
  );
}
