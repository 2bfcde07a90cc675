import type { ComponentType } from 'react';

/** Script chunk load timeout (docs/product-rules.md#constants). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export type ChunkFailureKind = 'script' | 'css' | 'timeout';

/**
 * A lazily loaded screen that failed to arrive (docs/product-rules.md#errors): the failure type and
 * the address are shown by the route error boundary. Stylesheet failures carry
 * CSS_CHUNK_LOAD_FAILED.
 */
export class ChunkLoadError extends Error {
  readonly code: 'CHUNK_LOAD_FAILED' | 'CSS_CHUNK_LOAD_FAILED';

  constructor(
    readonly kind: ChunkFailureKind,
    readonly address: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'ChunkLoadError';
    this.code = kind === 'css' ? 'CSS_CHUNK_LOAD_FAILED' : 'CHUNK_LOAD_FAILED';
  }
}

const URL_IN_MESSAGE = /(https?:\/\/[^\s'"]+|\/[^\s'"]+\.(?:js|mjs|css))/;

/**
 * Turns what the browser or Vite's preload helper threw into a ChunkLoadError. Chrome says
 * "Failed to fetch dynamically imported module: <url>", Firefox "error loading dynamically
 * imported module: <url>", Safari "Importing a module script failed.", Vite "Unable to preload
 * CSS for <url>".
 */
export function toChunkLoadError(error: unknown, fallbackAddress: string | null): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const address = URL_IN_MESSAGE.exec(message)?.[1] ?? fallbackAddress;
  const kind: ChunkFailureKind = /preload CSS|\.css\b/i.test(message) ? 'css' : 'script';
  return new ChunkLoadError(kind, address, message);
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** Rejects after `ms` so a hung chunk request surfaces as a failure rather than a blank page. */
export function withChunkTimeout<T>(
  load: Promise<T>,
  ms: number,
  address: string | null,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError('timeout', address, `chunk load timeout after ${ms}ms`)),
      ms,
    );
    load.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkLoadError(error, address));
      },
    );
  });
}

/** What a screen module exports: its component as default. */
export interface ScreenModule {
  default: ComponentType;
}

/** A route `lazy` function: loads the screen chunk with the timeout and the error mapping. */
export type LazyScreen = () => Promise<{ Component: ComponentType }>;

export function lazyScreen(
  importer: () => Promise<ScreenModule>,
  name: string,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): LazyScreen {
  const load: LazyScreen = () =>
    withChunkTimeout(importer(), timeoutMs, name).then((module) => ({
      Component: module.default,
    }));
  // Marked so the route-table test can tell a lazily loaded screen from an eager element.
  return Object.assign(load, { screenName: name });
}
