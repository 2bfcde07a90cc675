import { Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANNER_POSITIONS } from '../../../contract/image-banner/positions.ts';
import { useRuntime } from '../../app/context.ts';
import { staffBanners, type BannerPage } from '../../app/site-queries.ts';
import { usePageParam } from '../../app/use-page-param.ts';
import { useQuery } from '../../app/use-query.ts';
import { FileUploadButton } from '../../components/files/FileUploadButton.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { CreateButton } from '../../components/staff/CreateButton.tsx';
import { EditButton } from '../../components/staff/RowButtons.tsx';
import { StaffDeleteButton } from '../../components/staff/StaffDeleteButton.tsx';
import { StaffEditOutcome } from '../../components/staff/StaffEditOutcome.tsx';
import {
  StaffForm,
  chosenOf,
  trimmedText,
  staffForm,
  type StaffFormRequest,
} from '../../components/staff/StaffForm.tsx';
import { bodyShapeOf, wholeOrNaN } from '../../components/staff/contract-rules.ts';
import { formatDateTime, fromShanghaiInput, toShanghaiInput } from '../../format.ts';

type Banner = BannerPage['content'][number];

/**
 * The image field: upload (file service, purpose banner) and a preview of what was chosen. The
 * form keeps the file's name; the preview keeps the URL the upload answered.
 */
function BannerImageField({
  id,
  value,
  initialUrl,
  onChange,
}: {
  id: string;
  value: string;
  initialUrl: string | null;
  onChange: (fileName: string) => void;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(initialUrl);
  return (
    <div id={id} className="xa-banner-image-field">
      {value && preview ? (
        <img className="xa-banner-thumb" src={preview} alt={t('site.banners.preview')} />
      ) : (
        <p className="xa-muted">{value || t('site.banners.noImage')}</p>
      )}
      <FileUploadButton
        purpose="banner"
        accept="image/png,image/jpeg,image/gif,image/webp"
        label={value ? t('site.banners.replaceImage') : t('site.banners.upload')}
        onUploaded={(file) => {
          setPreview(file.url);
          onChange(file.fileName);
        }}
      />
      <p className="xa-muted">{t('site.banners.imageHint')}</p>
    </div>
  );
}

function displayWindow(
  banner: Banner,
  language: string,
  t: (key: 'site.banners.always') => string,
) {
  if (!banner.startsAt && !banner.endsAt) return t('site.banners.always');
  const from = banner.startsAt ? formatDateTime(banner.startsAt, language) : '…';
  const to = banner.endsAt ? formatDateTime(banner.endsAt, language) : '…';
  return `${from} – ${to}`;
}

/**
 * 轮播图 (issue 9): the home page's banners, each an uploaded picture with its title (its
 * alternative text), an optional link, an order, and an optional display window.
 */
export default function AdminBannersPage() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = usePageParam();
  const banners = useQuery(staffBanners(runtime, page));
  const [form, setForm] = useState<StaffFormRequest | null>(null);

  const bannerForm = (banner?: Banner) =>
    staffForm({
      title: banner
        ? `${t('staff.edit')} · ${banner.title}`
        : `${t('staff.create')}${t('site.banners.banner')}`,
      call: banner ? 'imageBanner.update' : 'imageBanner.create',
      // The order's rule is the contract's (the banner's sort).
      rules: {
        shape: () =>
          import('../../../contract/image-banner/calls.ts').then((m) =>
            bodyShapeOf(m.imageBanner[banner ? 'imageBanner.update' : 'imageBanner.create']),
          ),
        fields: { sort: {} },
      },
      fields: [
        {
          name: 'position',
          label: t('site.banners.position'),
          kind: 'select',
          options: BANNER_POSITIONS.map((p) => ({
            value: p,
            label: t(`site.banners.positions.${p}`),
          })),
        },
        { name: 'title', label: t('site.banners.title'), kind: 'text' },
        {
          name: 'image',
          label: t('site.banners.image'),
          kind: 'custom',
          render: (value, set, id) => (
            <BannerImageField
              id={id}
              value={value}
              initialUrl={banner?.imageUrl ?? null}
              onChange={set}
            />
          ),
        },
        { name: 'link', label: t('site.banners.link'), kind: 'text' },
        { name: 'sort', label: t('staff.sort'), kind: 'number' },
        { name: 'enabled', label: t('site.enabled'), kind: 'checkbox' },
        { name: 'startsAt', label: t('site.banners.startsAt'), kind: 'datetime' },
        { name: 'endsAt', label: t('site.banners.endsAt'), kind: 'datetime' },
      ],
      values: {
        position: banner?.position ?? 'home',
        title: banner?.title ?? '',
        image: banner?.image ?? '',
        link: banner?.link ?? '',
        sort: String(banner?.sort ?? 0),
        enabled: banner?.enabled ?? true,
        startsAt: banner?.startsAt ? toShanghaiInput(banner.startsAt) : '',
        endsAt: banner?.endsAt ? toShanghaiInput(banner.endsAt) : '',
      },
      toBody: (v) => {
        if (!trimmedText(v.image))
          return { field: 'image', message: t('site.banners.imageRequired') };
        const times: Record<'startsAt' | 'endsAt', string | null> = {
          startsAt: null,
          endsAt: null,
        };
        for (const name of ['startsAt', 'endsAt'] as const) {
          if (!trimmedText(v[name])) continue;
          times[name] = fromShanghaiInput(trimmedText(v[name]));
          if (!times[name]) return { field: name, message: t('site.banners.timeInvalid') };
        }
        return {
          body: {
            ...(banner ? { id: banner.id } : {}),
            position: chosenOf(v.position, BANNER_POSITIONS),
            title: trimmedText(v.title),
            image: trimmedText(v.image),
            link: trimmedText(v.link) || null,
            sort: wholeOrNaN(String(v.sort)),
            enabled: v.enabled === true,
            ...times,
          },
        };
      },
    });

  return (
    <section className="xa-screen" aria-labelledby="screen-admin-banners">
      <h1 id="screen-admin-banners" className="xa-screen-title">
        {t('site.menu.banners')}{' '}
        <CreateButton
          call="imageBanner.create"
          onClick={() => setForm(bannerForm())}
          testId="banner-create"
        />
      </h1>
      <StaffEditOutcome besideForm />
      <PagedTable
        state={banners}
        failedTitle={t('site.banners.failed')}
        headers={[
          t('site.banners.image'),
          t('site.banners.title'),
          t('site.banners.position'),
          t('site.banners.link'),
          t('staff.sort'),
          t('site.banners.window'),
          t('orders.actions'),
        ]}
        testId="banner-list"
        page={page}
        onPage={setPage}
        row={(banner) => (
          <tr key={banner.id}>
            <td>
              {banner.imageUrl ? (
                <img className="xa-banner-thumb" src={banner.imageUrl} alt={banner.title} />
              ) : (
                <Tag minimal intent="danger">
                  {t('site.banners.imageMissing')}
                </Tag>
              )}
            </td>
            <td>
              {banner.title} {!banner.enabled && <Tag minimal>{t('site.disabled')}</Tag>}
            </td>
            <td>{t(`site.banners.positions.${banner.position}`)}</td>
            <td className="xa-mono">{banner.link ?? ''}</td>
            <td>{banner.sort}</td>
            <td>{displayWindow(banner, i18n.language, t)}</td>
            <td>
              <EditButton call="imageBanner.update" onClick={() => setForm(bannerForm(banner))} />
              <StaffDeleteButton call="imageBanner.delete" id={banner.id} name={banner.title} />
            </td>
          </tr>
        )}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}
