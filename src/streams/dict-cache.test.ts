import { describe, expect, it, vi } from 'vitest';
import { createDictCache, type DictItem } from './dict-cache.ts';

const difficulty: DictItem[] = [
  { value: '1', label: '简单' },
  { value: '2', label: '中等' },
];

describe('createDictCache (docs/product-rules.md#client-state, #errors)', () => {
  it('fetches a dictionary once and serves it from the cache afterwards', async () => {
    const fetchDict = vi.fn(async () => difficulty);
    const cache = createDictCache(fetchDict);
    expect(await cache.get('difficulty')).toEqual(difficulty);
    expect(await cache.get('difficulty')).toEqual(difficulty);
    expect(cache.peek('difficulty')).toEqual(difficulty);
    expect(fetchDict).toHaveBeenCalledTimes(1);
    expect(fetchDict).toHaveBeenCalledWith('difficulty');
  });

  it('caches per dictionary code', async () => {
    const fetchDict = vi.fn(async (code: string) => [{ value: code, label: code }]);
    const cache = createDictCache(fetchDict);
    expect(await cache.get('a')).toEqual([{ value: 'a', label: 'a' }]);
    expect(await cache.get('b')).toEqual([{ value: 'b', label: 'b' }]);
    expect(fetchDict).toHaveBeenCalledTimes(2);
  });

  it('shares one request between concurrent callers', async () => {
    const fetchDict = vi.fn(async () => difficulty);
    const cache = createDictCache(fetchDict);
    const [first, second] = await Promise.all([cache.get('difficulty'), cache.get('difficulty')]);
    expect(first).toEqual(difficulty);
    expect(second).toEqual(difficulty);
    expect(fetchDict).toHaveBeenCalledTimes(1);
  });

  it('answers an empty list on failure, silently, and asks again next time', async () => {
    const fetchDict = vi
      .fn<(code: string) => Promise<DictItem[]>>()
      .mockRejectedValueOnce(new Error('Network Error'))
      .mockImplementationOnce(() => {
        throw new Error('synchronous failure');
      })
      .mockResolvedValueOnce(difficulty);
    const cache = createDictCache(fetchDict);
    expect(await cache.get('difficulty')).toEqual([]);
    expect(cache.peek('difficulty')).toBeUndefined();
    expect(await cache.get('difficulty')).toEqual([]);
    expect(await cache.get('difficulty')).toEqual(difficulty);
    expect(fetchDict).toHaveBeenCalledTimes(3);
  });

  it('forgets on invalidate, and a cleared request does not refill the cache', async () => {
    let resolve: (items: DictItem[]) => void = () => {};
    const fetchDict = vi
      .fn<(code: string) => Promise<DictItem[]>>()
      .mockImplementationOnce(() => new Promise((r) => (resolve = r)))
      .mockResolvedValue(difficulty);
    const cache = createDictCache(fetchDict);
    const pending = cache.get('difficulty');
    await Promise.resolve();
    cache.invalidate();
    resolve([{ value: 'old', label: '旧' }]);
    expect(await pending).toEqual([{ value: 'old', label: '旧' }]);
    expect(cache.peek('difficulty')).toBeUndefined();
    expect(await cache.get('difficulty')).toEqual(difficulty);
    cache.invalidate('difficulty');
    expect(cache.peek('difficulty')).toBeUndefined();
  });
});
