import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyScreen, toChunkLoadError, withChunkTimeout } from './chunks.ts';

afterEach(() => vi.useRealTimers());

describe('chunk-load failures (docs/product-rules.md#errors)', () => {
  it('reads the failure type and address from what browsers throw', () => {
    const chrome = toChunkLoadError(
      new TypeError('Failed to fetch dynamically imported module: http://h/web/assets/A-x1.js'),
      'A',
    );
    expect(chrome).toMatchObject({
      kind: 'script',
      address: 'http://h/web/assets/A-x1.js',
      code: 'CHUNK_LOAD_FAILED',
    });

    const css = toChunkLoadError(new Error('Unable to preload CSS for /web/assets/A-x1.css'), 'A');
    expect(css).toMatchObject({
      kind: 'css',
      address: '/web/assets/A-x1.css',
      code: 'CSS_CHUNK_LOAD_FAILED',
    });

    // Safari names no address: the screen's name stands in.
    const safari = toChunkLoadError(new TypeError('Importing a module script failed.'), 'A');
    expect(safari).toMatchObject({ kind: 'script', address: 'A' });
  });

  it('fails a chunk that does not arrive within the timeout', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const loading = withChunkTimeout(never, 120_000, 'Slow');
    const outcome = expect(loading).rejects.toMatchObject({ kind: 'timeout', address: 'Slow' });
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('gives a route its screen component, or a ChunkLoadError', async () => {
    const Screen = () => null;
    await expect(lazyScreen(async () => ({ default: Screen }), 'S')()).resolves.toEqual({
      Component: Screen,
    });
    await expect(
      lazyScreen(
        () =>
          Promise.reject(
            new TypeError('Failed to fetch dynamically imported module: /web/assets/S.js'),
          ),
        'S',
      )(),
    ).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
