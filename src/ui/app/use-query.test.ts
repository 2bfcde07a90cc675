import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createQueryCache, type QueryState } from '../../streams/query-cache.ts';
import { stillLoading } from './use-query.ts';

/** A fetcher whose answers the test gives, one Subject per fetch. */
function answers() {
  const pending: Subject<string>[] = [];
  return {
    fetcher: () => {
      const answer = new Subject<string>();
      pending.push(answer);
      return answer;
    },
    answer(value: string) {
      const next = pending.shift()!;
      next.next(value);
      next.complete();
    },
    fail() {
      pending.shift()!.error(new Error('网络错误'));
    },
  };
}

describe('stillLoading (the choices a staff form opens with)', () => {
  const setUp = () => {
    const cache = createQueryCache();
    const server = answers();
    const watch = () => cache.query('papers', server.fetcher, ['staff']).subscribe();
    const state = () => cache.peek<string>('papers')!;
    /**
     * The screen read '卷一' and was left; a write made the staff families stale (the coach made
     * a paper elsewhere); the screen is back, its refetch still out.
     */
    const backAfterWrite = () => {
      const screen = watch();
      server.answer('卷一');
      screen.unsubscribe();
      cache.invalidateTags(['staff']);
      watch();
    };
    return { server, watch, state, backAfterWrite };
  };

  it('waits for the first answer, and not for a refetch of data nobody made stale', () => {
    const { server, watch, state } = setUp();
    const screen = watch();
    expect(stillLoading(state())).toBe(true);
    server.answer('卷一');
    expect(stillLoading(state())).toBe(false);
    screen.unsubscribe();
    // Back on the screen: the list it shows is as current as the cache knows.
    watch();
    expect(stillLoading(state())).toBe(false);
  });

  it('waits when a write made the choices stale while the screen was away, until the refetch answers', () => {
    const { server, state, backAfterWrite } = setUp();
    backAfterWrite();
    expect(state().data).toBe('卷一');
    expect(stillLoading(state())).toBe(true);
    server.answer('卷一、卷二');
    expect(stillLoading(state())).toBe(false);
    expect(state().data).toBe('卷一、卷二');
  });

  it('lets the form open once the refetch has failed, with what it had', () => {
    const { server, state, backAfterWrite } = setUp();
    backAfterWrite();
    server.fail();
    expect(stillLoading(state())).toBe(false);
  });

  it('waits while any one of several queries is still loading', () => {
    const loaded: QueryState<string> = {
      key: 'a',
      data: 'x',
      error: undefined,
      isValidating: false,
      updatedAt: 0,
      errorCount: 0,
    };
    expect(stillLoading(loaded, { ...loaded, key: 'b', data: undefined })).toBe(true);
    expect(stillLoading(loaded, { ...loaded, key: 'b', stale: true })).toBe(true);
    expect(stillLoading(loaded, { ...loaded, key: 'b' })).toBe(false);
  });
});
