import { Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_ID } from '../../../contract/envelope.ts';
import { useRuntime } from '../../app/context.ts';
import { staffApps, type AppPage } from '../../app/site-queries.ts';
import { usePageParam } from '../../app/use-page-param.ts';
import { useQuery } from '../../app/use-query.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { CreateButton } from '../../components/staff/CreateButton.tsx';
import { EditButton } from '../../components/staff/RowButtons.tsx';
import { StaffEditOutcome } from '../../components/staff/StaffEditOutcome.tsx';
import {
  StaffForm,
  trimmedText,
  staffForm,
  type StaffFormRequest,
} from '../../components/staff/StaffForm.tsx';
import { formatDateTime } from '../../format.ts';

type App = AppPage['content'][number];

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
          ...(app ? { id: app.id } : { appId: trimmedText(v.appId) }),
          name: trimmedText(v.name),
          description: trimmedText(v.description),
          enabled: v.enabled === true,
        },
      }),
    });

  return (
    <section className="xa-screen" aria-labelledby="screen-admin-apps">
      <h1 id="screen-admin-apps" className="xa-screen-title">
        {t('site.menu.apps')}{' '}
        <CreateButton call="app.create" onClick={() => setForm(appForm())} testId="app-create" />
      </h1>
      <p className="xa-muted">{t('site.apps.intro')}</p>
      <StaffEditOutcome besideForm />
      <PagedTable
        state={apps}
        failedTitle={t('site.apps.failed')}
        headers={[
          t('site.apps.appId'),
          t('site.apps.name'),
          t('site.apps.description'),
          t('site.settings.updatedAt'),
          t('orders.actions'),
        ]}
        testId="app-list"
        page={page}
        onPage={setPage}
        row={(app) => (
          <tr key={app.id}>
            <td className="xa-mono">
              {app.appId} {app.appId === APP_ID && <Tag minimal>{t('site.apps.builtIn')}</Tag>}
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
              <EditButton call="app.update" onClick={() => setForm(appForm(app))} />
            </td>
          </tr>
        )}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}
