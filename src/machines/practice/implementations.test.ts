/**
 * The practice implementations forward the actor's abort signal: leaving the state that made a
 * call (here, stopping the actor) cancels the request instead of leaving it to finish unseen.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Transport } from '../../transport/client.ts';
import { createObjectiveImplementations } from '../objective-practice/implementations.ts';
import { objectivePracticeMachine } from '../objective-practice/machine.ts';
import { createPracticeImplementations } from './implementations.ts';
import { practiceMachine } from './machine.ts';

/** A transport whose calls never answer, remembering the signal of each. */
function hangingTransport() {
  const calls: { id: string; signal: AbortSignal | undefined }[] = [];
  const transport = {
    call: (def: { id: string }, opts: { signal?: AbortSignal } = {}) => {
      calls.push({ id: def.id, signal: opts.signal });
      return new Promise(() => {});
    },
  } as unknown as Transport;
  return { transport, calls };
}

describe('practice implementations', () => {
  it('cancel the statement’s request when the actor stops', () => {
    const { transport, calls } = hangingTransport();
    const actor = createActor(
      practiceMachine.provide(createPracticeImplementations({ transport, onGraded: () => {} })),
      { input: { questionId: 12 } },
    ).start();
    const load = calls.find((c) => c.id === 'oj.question.queryById');
    expect(load?.signal?.aborted).toBe(false);
    actor.stop();
    expect(load?.signal?.aborted).toBe(true);
  });

  it('cancel an objective answer on its way when the actor stops', () => {
    const { transport, calls } = hangingTransport();
    const actor = createActor(
      objectivePracticeMachine.provide(
        createObjectiveImplementations({ transport, onGraded: () => {} }),
      ),
      {
        input: {
          question: {
            id: 3,
            type: 'single',
            title: '1 + 1 = ?',
            content: '',
            options: [
              { label: 'A', text: '1' },
              { label: 'B', text: '2' },
            ],
          },
        },
      },
    ).start();
    actor.send({ type: 'CHOOSE', index: 1 });
    actor.send({ type: 'SUBMIT' });
    const submit = calls.find((c) => c.id === 'memberQuestion.submitAnswer');
    expect(submit?.signal?.aborted).toBe(false);
    actor.stop();
    expect(submit?.signal?.aborted).toBe(true);
  });
});
