import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_ID } from '../../../contract/envelope.ts';
import { useRuntime } from '../../app/context.ts';
import { staffApps, type AppPage } from '../../app/siteQueries.ts';
import { usePageParam } from '../../app/usePageParam.ts';
import { useQuery } from '../../app/useQuery.ts';
import { Pager } from '../../components/Pager.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { CreateButton } from '../../components/staff/CreateButton.tsx';
import { StaffEditOutcome } from '../../components/staff/StaffEditOutcome.tsx';
import {
  StaffForm,
  type FormValues,
  staffForm,
  type StaffFormRequest,
} from '../../components/staff/StaffForm.tsx';
import { formatDateTime } from '../../format.ts';

type App = AppPage['content'][number];

const text = (v: FormValues[string] | undefined) => (typeof v === 'string' ? v.trim() : '');

/**
 * 应用 ID (`app`, docs/product-rules.md#requests): the application ids a request's appid header is
 * checked against. An id is fixed once created; disabling one refuses its requests (the site's own
 * id cannot be disabled, the server says so on the field).
 */
export default function AdminAppsPage() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = usePageParam();
  const apps = useQuery(staffApps(runtime, page));
  const [form, setForm] = useState<StaffFormRequest | null>(null);

  const appForm = (app?: App) =>
    staffForm({
      title: app
        ? `${t('staff.edit')} · ${app.appId}`
        : `${t('staff.create')}${t('site.apps.app')}`,
      call: app ? 'app.update' : 'app.create',
      fields: [
        ...(app ? [] : [{ name: 'appId', label: t('site.apps.appId'), kind: 'text' as const }]),
        { name: 'name', label: t('site.apps.name'), kind: 'text' },
        { name: 'description', label: t('site.apps.description'), kind: 'text' },
        { name: 'enabled', label: t('site.enabled'), kind: 'checkbox' },
      ],
      values: {
        appId: app?.appId ?? '',
        name: app?.name ?? '',
        description: app?.description ?? '',
        enabled: app?.enabled ?? true,
      },
      toBody: (v) => ({
        body: {
          ...(app ? { id: app.id } : { appId: text(v.appId) }),
          name: text(v.name),
          description: text(v.description),
          enabled: v.enabled === true,
        },
      }),
    });

  return (
    <section className="xa-screen" aria-labelledby="screen-admin-apps">
      <h1 id="screen-admin-apps" className="xa-screen-title">
        {t('site.menu.apps')}{' '}
        <CreateButton onClick={() => setForm(appForm())} testId="app-create" />
      </h1>
      <p className="xa-muted">{t('site.apps.intro')}</p>
      <StaffEditOutcome besideForm />
      <QueryStatus state={apps} failedTitle={t('site.apps.failed')}>
        {(data) => (
          <>
            <HTMLTable className="xa-table" striped data-testid="app-list">
              <thead>
                <tr>
                  <th>{t('site.apps.appId')}</th>
                  <th>{t('site.apps.name')}</th>
                  <th>{t('site.apps.description')}</th>
                  <th>{t('site.settings.updatedAt')}</th>
                  <th>{t('orders.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.content.map((app) => (
                  <tr key={app.id}>
                    <td className="xa-mono">
                      {app.appId}{' '}
                      {app.appId === APP_ID && <Tag minimal>{t('site.apps.builtIn')}</Tag>}
                      {!app.enabled && (
                        <Tag minimal intent="warning">
                          {t('site.disabled')}
                        </Tag>
                      )}
                    </td>
                    <td>{app.name}</td>
                    <td>{app.description}</td>
                    <td>{formatDateTime(app.updatedAt, i18n.language)}</td>
                    <td>
                      <Button
                        size="small"
                        variant="outlined"
                        text={t('staff.edit')}
                        onClick={() => setForm(appForm(app))}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <Pager
              page={data.number}
              totalPages={data.totalPages}
              totalElements={data.totalElements}
              onChange={setPage}
            />
          </>
        )}
      </QueryStatus>
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}
