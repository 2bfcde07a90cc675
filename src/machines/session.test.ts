import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { emptySession, sessionMachine } from './session.ts';

describe('sessionMachine (docs/product-rules.md#client-state: the session state)', () => {
  it('starts empty', () => {
    expect(initialTransition(sessionMachine)[0].context).toEqual(emptySession());
  });

  it('sets the fields it knows and resets to empty', () => {
    const [start] = initialTransition(sessionMachine);
    const [set] = transition(sessionMachine, start, {
      type: 'SESSION.SET',
      patch: { questionId: 12, course: { id: 3, name: '信奥公开课' }, unknownField: 1 } as never,
    });
    expect(set.context.questionId).toBe(12);
    expect(set.context.course).toEqual({ id: 3, name: '信奥公开课' });
    expect(set.context).not.toHaveProperty('unknownField');
    const [cleared] = transition(sessionMachine, set, {
      type: 'SESSION.SET',
      patch: { course: null },
    });
    expect(cleared.context.course).toBeNull();
    expect(cleared.context.questionId).toBe(12);
    const [reset] = transition(sessionMachine, cleared, { type: 'SESSION.RESET' });
    expect(reset.context).toEqual(emptySession());
  });
});
