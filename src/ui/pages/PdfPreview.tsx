/**
 * /pdfPreview (docs/product-rules.md#screens-and-routes): a PDF of the file service shown page by
 * page with PDF.js, zoom and download. `?file=<fileName>` for files the caller manages, `?url=` for
 * a URL another screen was given (a chapter's signed material URL).
 */
import { AnchorButton, Button, ButtonGroup, Callout, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { file as fileCalls } from '../../contract/file/refs.ts';
import { useRuntime } from '../app/context.ts';
import { EmptyScreen } from '../components/EmptyScreen.tsx';
import { openPdf, renderPage } from '../components/files/pdf-document.ts';
import type { PDFDocumentProxy } from '../components/files/pdf-document.ts';
import { ZOOM_STEPS, downloadUrlOf, pdfSourceOf } from '../components/files/pdf-source.ts';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; pdf: PDFDocumentProxy; url: string; name: string };

export default function PdfPreviewPage() {
  const { t } = useTranslation();
  const { transport } = useRuntime();
  const [params] = useSearchParams();
  const source = pdfSourceOf(params);
  const sourceKey = JSON.stringify(source);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [page, setPage] = useState(1);
  const [zoomIndex, setZoomIndex] = useState(ZOOM_STEPS.indexOf(1));
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (source.kind !== 'file' && source.kind !== 'url') return;
    let cancelled = false;
    let opened: PDFDocumentProxy | undefined;
    setLoaded({ kind: 'loading' });
    setPage(1);
    (async () => {
      let url: string;
      let name: string;
      if (source.kind === 'file') {
        const found = await transport.call(fileCalls['common.file.queryUrl'], {
          query: { fileName: source.fileName },
          skipErrorHandler: true,
        });
        if (found.contentType !== 'application/pdf') {
          throw new Error(t('files.pdf.notPdf', { name: found.originalName }));
        }
        [url, name] = [found.url, found.originalName];
      } else {
        [url, name] = [source.url, ''];
      }
      opened = await openPdf(url);
      if (cancelled) return void opened.destroy();
      setLoaded({ kind: 'ready', pdf: opened, url, name });
    })().catch((error: unknown) => {
      if (!cancelled) {
        setLoaded({
          kind: 'failed',
          message: t('files.pdf.failed', { message: (error as Error).message }),
        });
      }
    });
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
    // The source is compared by value: a new URLSearchParams object is the same document.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sourceKey, transport, t]);

  const zoom = ZOOM_STEPS[zoomIndex]!;
  useEffect(() => {
    if (loaded.kind !== 'ready' || !canvas.current) return;
    renderPage(loaded.pdf, page, zoom, canvas.current).catch((error: unknown) =>
      setLoaded({
        kind: 'failed',
        message: t('files.pdf.failed', { message: (error as Error).message }),
      }),
    );
  }, [loaded, page, zoom, t]);

  if (source.kind === 'none') return <EmptyScreen page="pdfPreview" />;
  const refusal =
    source.kind === 'badFile'
      ? t('files.pdf.badFile')
      : source.kind === 'badUrl'
        ? t('files.pdf.badUrl')
        : loaded.kind === 'failed'
          ? loaded.message
          : null;
  const pages = loaded.kind === 'ready' ? loaded.pdf.numPages : 0;
  return (
    <section className="xa-screen xa-pdf" aria-labelledby="screen-pdf">
      <h1 id="screen-pdf" className="xa-screen-title">
        {loaded.kind === 'ready' && loaded.name ? loaded.name : t('files.pdf.title')}
      </h1>
      {refusal ? (
        <Callout intent="danger" role="alert">
          {refusal}
        </Callout>
      ) : loaded.kind !== 'ready' ? (
        <Spinner aria-label={t('files.pdf.loading')} />
      ) : (
        <>
          <div className="xa-pdf-toolbar" role="toolbar">
            <ButtonGroup>
              <Button
                icon="chevron-left"
                aria-label={t('files.pdf.previous')}
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              />
              <span className="xa-pdf-page">{t('files.pdf.page', { page, pages })}</span>
              <Button
                icon="chevron-right"
                aria-label={t('files.pdf.next')}
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              />
            </ButtonGroup>
            <ButtonGroup>
              <Button
                icon="zoom-out"
                aria-label={t('files.pdf.zoomOut')}
                disabled={zoomIndex === 0}
                onClick={() => setZoomIndex(zoomIndex - 1)}
              />
              <span className="xa-pdf-page">
                {t('files.pdf.zoom', { percent: Math.round(zoom * 100) })}
              </span>
              <Button
                icon="zoom-in"
                aria-label={t('files.pdf.zoomIn')}
                disabled={zoomIndex === ZOOM_STEPS.length - 1}
                onClick={() => setZoomIndex(zoomIndex + 1)}
              />
            </ButtonGroup>
            <AnchorButton
              icon="download"
              href={downloadUrlOf(loaded.url)}
              text={t('files.pdf.download')}
            />
          </div>
          <div className="xa-pdf-pages">
            <canvas ref={canvas} aria-label={t('files.pdf.canvasLabel', { page })} />
          </div>
        </>
      )}
    </section>
  );
}
