import { Button, HTMLTable, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONFIG_KINDS,
  SITE_TEXT_KEYS,
  type ConfigKind,
} from '../../../contract/site-config/keys.ts';
import { useRuntime } from '../../app/context.ts';
import { staffConfigByKey, staffConfigs, type ConfigItem } from '../../app/site-queries.ts';
import { usePageParam } from '../../app/use-page-param.ts';
import { useQuery } from '../../app/use-query.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { MarkdownEditor } from '../../components/site/MarkdownEditor.tsx';
import { CreateButton } from '../../components/staff/CreateButton.tsx';
import { EditButton } from '../../components/staff/RowButtons.tsx';
import { KeywordFilter } from '../../components/staff/KeywordFilter.tsx';
import { StaffDeleteButton } from '../../components/staff/StaffDeleteButton.tsx';
import { StaffEditOutcome } from '../../components/staff/StaffEditOutcome.tsx';
import {
  StaffForm,
  type FormValues,
  chosenOf,
  staffForm,
  type StaffFormRequest,
} from '../../components/staff/StaffForm.tsx';
import { formatDateTime } from '../../format.ts';

const PAGE_ROUTES: Record<keyof typeof SITE_TEXT_KEYS, string> = {
  about: '/about',
  serviceAgreement: '/agreement/service',
  privacyPolicy: '/agreement/privacy',
  aiAssistantHelp: '/help/ai-assistant',
};

const text = (v: FormValues[string] | undefined) => (typeof v === 'string' ? v : '');

/** The form of an entry: a Markdown entry is written beside its preview, a JSON one is checked. */
function useConfigForm() {
  const { t } = useTranslation();
  return (entry: ConfigItem | null, preset?: { key: string; description: string }) =>
    staffForm({
      title: entry
        ? `${t('staff.edit')} · ${entry.key}`
        : `${t('staff.create')}${t('site.settings.entry')}`,
      call: entry ? 'common.config.update' : 'common.config.create',
      wide: true,
      fields: [
        ...(entry ? [] : [{ name: 'key', label: t('site.settings.key'), kind: 'text' as const }]),
        {
          name: 'kind',
          label: t('site.settings.kind'),
          kind: 'select',
          options: CONFIG_KINDS.map((k) => ({ value: k, label: t(`site.settings.kinds.${k}`) })),
        },
        { name: 'isPublic', label: t('site.settings.isPublic'), kind: 'checkbox' },
        { name: 'description', label: t('staff.description'), kind: 'text' },
        {
          name: 'value',
          label: t('site.settings.value'),
          kind: 'custom',
          render: (value, set, id, values) =>
            values.kind === 'markdown' ? (
              <MarkdownEditor id={id} value={value} onChange={set} />
            ) : (
              <TextArea
                id={id}
                fill
                rows={values.kind === 'json' ? 12 : 4}
                className={values.kind === 'json' ? 'xa-mono' : undefined}
                value={value}
                onChange={(e) => set(e.target.value)}
              />
            ),
        },
      ],
      values: {
        key: preset?.key ?? '',
        kind: entry?.kind ?? (preset ? 'markdown' : 'text'),
        isPublic: entry?.isPublic ?? preset !== undefined,
        description: entry?.description ?? preset?.description ?? '',
        value: entry?.value ?? '',
      },
      toBody: (v) => {
        const kind: ConfigKind = chosenOf(v.kind, CONFIG_KINDS);
        if (kind === 'json') {
          try {
            JSON.parse(text(v.value));
          } catch {
            return { field: 'value', message: t('site.settings.jsonInvalid') };
          }
        }
        return {
          body: {
            ...(entry ? { id: entry.id } : { key: text(v.key).trim() }),
            value: text(v.value),
            kind,
            isPublic: v.isPublic === true,
            description: text(v.description).trim(),
          },
        };
      },
    });
}

/** The four page texts: each with its page, and edit, or create when the key is absent. */
function PageTextRow({
  page,
  onEdit,
}: {
  page: keyof typeof SITE_TEXT_KEYS;
  onEdit: (entry: ConfigItem | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const state = useQuery(staffConfigByKey(runtime, SITE_TEXT_KEYS[page]));
  return (
    <tr>
      <td>
        <a href={`/web${PAGE_ROUTES[page]}`} target="_blank" rel="noreferrer">
          {t(`site.pages.${page}`)}
        </a>
      </td>
      <td className="xa-mono">{SITE_TEXT_KEYS[page]}</td>
      <QueryStatus state={state} failedTitle={t('site.settings.failed')}>
        {(entry) => (
          <>
            <td>
              {entry ? (
                formatDateTime(entry.updatedAt, i18n.language)
              ) : (
                <Tag minimal intent="warning">
                  {t('site.settings.absent')}
                </Tag>
              )}
            </td>
            <td>
              <Button
                size="small"
                variant="outlined"
                text={entry ? t('staff.edit') : t('staff.create')}
                data-testid={`site-text-edit-${page}`}
                onClick={() => onEdit(entry)}
              />
            </td>
          </>
        )}
      </QueryStatus>
    </tr>
  );
}

/**
 * 站点设置 (issue 9): the public pages' texts, written in Markdown beside their preview, and
 * every other setting (text or JSON) with its key, visibility and description.
 */
export default function AdminSettingsPage() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = usePageParam();
  const [filter, setFilter] = useState('');
  const configs = useQuery(staffConfigs(runtime, filter ? { keyword: filter } : {}, page));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const configForm = useConfigForm();
  const pages = Object.keys(SITE_TEXT_KEYS) as (keyof typeof SITE_TEXT_KEYS)[];

  return (
    <section className="xa-screen" aria-labelledby="screen-admin-settings">
      <h1 id="screen-admin-settings" className="xa-screen-title">
        {t('site.menu.settings')}
      </h1>
      <StaffEditOutcome besideForm />
      <section className="xa-section" aria-labelledby="site-texts">
        <h2 id="site-texts">{t('site.settings.texts')}</h2>
        <p className="xa-muted">{t('site.settings.textsHint')}</p>
        <HTMLTable className="xa-table" striped data-testid="site-texts">
          <thead>
            <tr>
              <th>{t('site.settings.page')}</th>
              <th>{t('site.settings.key')}</th>
              <th>{t('site.settings.updatedAt')}</th>
              <th>{t('orders.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((p) => (
              <PageTextRow
                key={p}
                page={p}
                onEdit={(entry) =>
                  setForm(
                    configForm(
                      entry,
                      entry
                        ? undefined
                        : { key: SITE_TEXT_KEYS[p], description: t(`site.pages.${p}`) },
                    ),
                  )
                }
              />
            ))}
          </tbody>
        </HTMLTable>
      </section>
      <section className="xa-section" aria-labelledby="site-entries">
        <h2 id="site-entries">
          {t('site.settings.entries')}{' '}
          <CreateButton
            call="common.config.create"
            onClick={() => setForm(configForm(null))}
            testId="site-config-create"
          />
        </h2>
        <KeywordFilter
          label={t('site.settings.search')}
          onApply={(keyword) => {
            setFilter(keyword);
            setPage(0);
          }}
        />
        <PagedTable
          state={configs}
          failedTitle={t('site.settings.failed')}
          headers={[
            t('site.settings.key'),
            t('staff.description'),
            t('site.settings.kind'),
            t('site.settings.isPublic'),
            t('site.settings.updatedAt'),
            t('orders.actions'),
          ]}
          testId="site-entries"
          page={page}
          onPage={setPage}
          row={(entry) => (
            <tr key={entry.id}>
              <td className="xa-mono">{entry.key}</td>
              <td>{entry.description}</td>
              <td>{t(`site.settings.kinds.${entry.kind}`)}</td>
              <td>{entry.isPublic ? '✓' : ''}</td>
              <td>
                {formatDateTime(entry.updatedAt, i18n.language)}
                {entry.updatedBy ? ` · ${entry.updatedBy}` : ''}
              </td>
              <td>
                <EditButton
                  call="common.config.update"
                  onClick={() => setForm(configForm(entry))}
                />
                <StaffDeleteButton call="common.config.delete" id={entry.id} name={entry.key} />
              </td>
            </tr>
          )}
        />
      </section>
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}
