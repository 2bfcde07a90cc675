import { describe, expect, it } from 'vitest';
import { createFeatureActors } from './feature-actors.ts';

const fakeActor = (name: string) => {
  const actor = {
    name,
    stopped: false,
    stop() {
      actor.stopped = true;
    },
    getSnapshot: () => ({ value: 'idle', context: { name } }),
  };
  return actor;
};

describe('feature actors', () => {
  it('creates an actor on first use and returns the same one afterwards', () => {
    const actors = createFeatureActors(() => 7);
    const first = actors.get('practice:1', () => fakeActor('a'));
    expect(actors.get('practice:1', () => fakeActor('b'))).toBe(first);
    expect(Object.keys(actors.snapshotSource())).toEqual(['practice:1']);
  });

  it('starts afresh for another member, stopping the previous member’s actors', () => {
    let member: number | null = 7;
    const actors = createFeatureActors(() => member);
    const mine = actors.get('practice:1', () => fakeActor('mine'));
    member = 8;
    const theirs = actors.get('practice:1', () => fakeActor('theirs'));
    expect(theirs).not.toBe(mine);
    expect(mine.stopped).toBe(true);
    expect(theirs.name).toBe('theirs');
  });

  it('lists every live actor by its log name for the export, and stops them all', () => {
    const actors = createFeatureActors(() => 7);
    const practice = actors.get('practice:3', () => fakeActor('p'));
    const objective = actors.get('objective:4', () => fakeActor('o'));
    const source = actors.snapshotSource();
    expect(source['practice:3']?.getSnapshot()).toEqual({ value: 'idle', context: { name: 'p' } });
    expect(Object.keys(source).sort()).toEqual(['objective:4', 'practice:3']);
    actors.stopAll();
    expect([practice.stopped, objective.stopped]).toEqual([true, true]);
    expect(actors.snapshotSource()).toEqual({});
  });
});
