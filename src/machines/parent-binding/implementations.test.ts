/**
 * The binding machine's calls: each side acts through its own calls (the teacher's are the
 * edms ones), and an action a side does not have is refused before anything is sent.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Transport } from '../../transport/client.ts';
import { createParentBindingImplementations } from './implementations.ts';
import { parentBindingMachine } from './machine.ts';

function start() {
  const calls: { id: string; body: unknown }[] = [];
  const transport = {
    call: (def: { id: string }, opts: { body?: unknown } = {}) => {
      calls.push({ id: def.id, body: opts.body });
      return Promise.resolve({ id: 5, state: 'confirmed' });
    },
  } as unknown as Transport;
  let changed = 0;
  const actor = createActor(
    parentBindingMachine.provide(
      createParentBindingImplementations({ transport, onChanged: () => (changed += 1) }),
    ),
  ).start();
  return { actor, calls, changed: () => changed };
}

describe('the binding calls', () => {
  it('confirms as a teacher through the teacher’s call', async () => {
    const { actor, calls, changed } = start();
    actor.send({ type: 'ACT', side: 'teacher', action: 'confirm', id: 5 });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toEqual([{ id: 'edms.parentBinding.confirm', body: { id: 5 } }]);
    expect(changed()).toBe(1);
  });

  it('asks as a parent with the account and relation', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'REQUEST', account: 'demo_student', relation: '妈妈' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toEqual([
      { id: 'oj.parent.binding.request', body: { account: 'demo_student', relation: '妈妈' } },
    ]);
  });

  it('refuses an action the side does not have, sending nothing', async () => {
    const { actor, calls, changed } = start();
    actor.send({ type: 'ACT', side: 'teacher', action: 'unbind', id: 5 });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.message).toContain('unbind');
    expect(calls).toEqual([]);
    expect(changed()).toBe(0);
  });
});
