import { describe, expect, it } from 'vitest';
import { isFinalState } from './lifecycle.ts';
import {
  BINDING_OPEN,
  BINDING_READS,
  BINDING_STATES,
  bindingActions,
  nextBindingState,
  parentBindingLifecycle,
  type BindingAction,
  type BindingActor,
  type BindingState,
} from './parent-binding.ts';

/** The whole table: for each actor and state, where each action leads; absent = refused. */
const EXPECTED: Record<
  BindingActor,
  Record<BindingState, Partial<Record<BindingAction, BindingState>>>
> = {
  parent: {
    requested: { cancel: 'cancelled' },
    confirmed: { unbind: 'unbound' },
    refused: {},
    cancelled: {},
    unbound: {},
  },
  child: {
    requested: { confirm: 'confirmed', refuse: 'refused' },
    confirmed: { unbind: 'unbound' },
    refused: {},
    cancelled: {},
    unbound: {},
  },
  teacher: {
    requested: { confirm: 'confirmed', refuse: 'refused' },
    confirmed: {},
    refused: {},
    cancelled: {},
    unbound: {},
  },
};

describe('the parent binding lifecycle', () => {
  for (const actor of ['parent', 'child', 'teacher'] as const) {
    for (const state of BINDING_STATES) {
      for (const action of parentBindingLifecycle.actions) {
        const to = EXPECTED[actor][state][action] ?? null;
        it(`${actor}: ${state} × ${action} → ${to ?? 'refused'}`, () => {
          expect(nextBindingState(state, action, actor)).toBe(to);
        });
      }
    }
  }

  it('a parent cannot confirm their own request: only the child or a teacher can', () => {
    expect(bindingActions('requested', 'parent')).toEqual(['cancel']);
    expect(bindingActions('requested', 'child')).toEqual(['confirm', 'refuse']);
    expect(bindingActions('requested', 'teacher')).toEqual(['confirm', 'refuse']);
  });

  it('without an actor nothing moves', () => {
    const lifecycle = parentBindingLifecycle;
    for (const state of BINDING_STATES) {
      for (const action of lifecycle.actions) {
        expect(
          lifecycle.machine.resolveState({ value: state, context: {} }).can({ type: action }),
        ).toBe(false);
      }
    }
  });

  it('a parent reads only a confirmed binding; asked or bound is open, the rest final', () => {
    expect(BINDING_READS).toEqual(['confirmed']);
    expect(BINDING_OPEN).toEqual(['requested', 'confirmed']);
    for (const state of ['refused', 'cancelled', 'unbound'] as const) {
      expect(isFinalState(parentBindingLifecycle, state)).toBe(true);
    }
  });
});
