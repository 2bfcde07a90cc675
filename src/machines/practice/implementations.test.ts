/**
 * The practice implementations forward the actor's abort signal: leaving the state that made a
 * call (here, stopping the actor) cancels the request instead of leaving it to finish unseen.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
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

  it('carry the question’s I/O mode and interactivity into the statement (issue 14)', async () => {
    const item = (io: unknown, interactive: boolean) => ({
      id: 12,
      type: 'programming',
      title: '求和',
      difficulty: 'easy',
      tags: [],
      source: '',
      priceFen: 0,
      access: 'free',
      rightName: null,
      content: '',
      options: [],
      timeLimitMs: 1000,
      memoryLimitMiB: 256,
      samples: [],
      caseCount: 3,
      io,
      interactive,
    });
    const loaded = async (answer: ReturnType<typeof item>) => {
      const transport = {
        call: (def: { id: string }) =>
          def.id === 'oj.question.queryById' ? Promise.resolve(answer) : new Promise(() => {}),
      } as unknown as Transport;
      const actor = createActor(
        practiceMachine.provide(createPracticeImplementations({ transport, onGraded: () => {} })),
        { input: { questionId: 12 } },
      ).start();
      const snapshot = await waitFor(actor, (s) => s.context.question !== null);
      actor.stop();
      return snapshot.context.question!;
    };
    const file = await loaded(item({ mode: 'file', input: 'sum.in', output: 'sum.out' }, false));
    expect(file.io).toEqual({ mode: 'file', input: 'sum.in', output: 'sum.out' });
    expect(file.interactive).toBe(false);
    const talk = await loaded(item({ mode: 'stdio' }, true));
    expect(talk.io).toEqual({ mode: 'stdio' });
    expect(talk.interactive).toBe(true);
  });
});
