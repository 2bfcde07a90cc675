import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../components/EmptyScreen.tsx';

/**
 * Only same-site paths are previewed: an arbitrary `?url=` would let a crafted link frame any
 * site under our name.
 */
export function sameSitePdfPath(url: string | null): string | null {
  if (!url || !url.startsWith('/') || url.startsWith('//')) return null;
  return url;
}

export default function PdfPreviewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const src = sameSitePdfPath(params.get('url'));
  if (!src) return <EmptyScreen page="pdfPreview" />;
  return (
    <section className="xa-screen xa-pdf" aria-labelledby="screen-pdf">
      <h1 id="screen-pdf" className="xa-screen-title">
        {t('pages.pdfPreview.title')}
      </h1>
      <iframe className="xa-pdf-frame" src={src} title={t('pages.pdfPreview.frameTitle')} />
    </section>
  );
}
