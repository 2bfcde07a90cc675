/**
 * PDF.js from the local bundle, loaded only when a preview opens (its ~1 MB never weighs on
 * the first screen); the worker is a separate file vite emits, started from our own origin.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';

export type { PDFDocumentProxy };

export async function openPdf(url: string): Promise<PDFDocumentProxy> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  // No eval: the site's Content-Security-Policy forbids it, and fonts render without it.
  return pdfjs.getDocument({ url, isEvalSupported: false, withCredentials: true }).promise;
}

/** Draws one page into the canvas at a zoom; resolves once drawn. */
export async function renderPage(
  pdf: PDFDocumentProxy,
  pageNumber: number,
  zoom: number,
  canvas: HTMLCanvasElement,
): Promise<void> {
  const page = await pdf.getPage(pageNumber);
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: zoom * ratio });
  canvas.width = viewport.width;
  canvas.height = viewport.height;
  canvas.style.width = `${viewport.width / ratio}px`;
  canvas.style.height = `${viewport.height / ratio}px`;
  await page.render({ canvas, viewport }).promise;
}
