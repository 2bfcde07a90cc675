import { describe, expect, it } from 'vitest';
import { allowedActions, defineLifecycle, nextState, refusalOf } from './lifecycle.ts';
import { publicationMachine, questionPublication } from './publication.ts';

describe('the publication lifecycle', () => {
  it('starts as a draft', () => {
    expect(publicationMachine.config.initial).toBe('draft');
  });

  it('publishes a draft and an unpublished row, and unpublishes a published one', () => {
    expect(nextState(questionPublication, 'draft', 'publish')).toBe('published');
    expect(nextState(questionPublication, 'unpublished', 'publish')).toBe('published');
    expect(nextState(questionPublication, 'published', 'unpublish')).toBe('unpublished');
  });

  it('refuses what the state does not allow', () => {
    expect(nextState(questionPublication, 'published', 'publish')).toBeNull();
    expect(nextState(questionPublication, 'draft', 'unpublish')).toBeNull();
    expect(nextState(questionPublication, 'unpublished', 'unpublish')).toBeNull();
  });

  it('lists the actions a screen shows in each state', () => {
    expect(allowedActions(questionPublication, 'draft')).toEqual(['publish']);
    expect(allowedActions(questionPublication, 'published')).toEqual(['unpublish']);
    expect(allowedActions(questionPublication, 'unpublished')).toEqual(['publish']);
  });

  it('names the current state in a refusal', () => {
    expect(refusalOf(questionPublication, 'draft', 'unpublish')).toBe(
      '题目当前为「草稿」，不能下架',
    );
  });

  it('refuses a lifecycle whose names are not the machine’s', () => {
    expect(() =>
      defineLifecycle({
        noun: 'x',
        machine: publicationMachine,
        states: { draft: '草稿', published: '已上架' },
        actions: ['publish'],
      }),
    ).toThrow(/states/);
    expect(() =>
      defineLifecycle({
        noun: 'x',
        machine: publicationMachine,
        states: { draft: '草稿', published: '已上架', unpublished: '已下架' },
        actions: ['stop'],
      }),
    ).toThrow(/no event stop/);
  });
});
