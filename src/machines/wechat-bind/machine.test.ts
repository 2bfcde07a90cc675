import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { wechatBindMachine } from './machine.ts';

describe('binding a WeChat', () => {
  it('binds the code it came back with and says so', async () => {
    const bind = vi.fn(async (_: { input: { code: string } }): Promise<unknown> => ({
      bound: true,
    }));
    const actor = createActor(
      wechatBindMachine.provide({ actors: { bind: fromPromise(bind) } }),
    ).start();
    const bound = vi.fn();
    actor.on('bound', bound);
    actor.send({ type: 'BIND', code: 'c0de' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(bind.mock.calls[0]![0].input).toEqual({ code: 'c0de' });
    expect(bound).toHaveBeenCalledTimes(1);
  });

  it('keeps the refusal (a WeChat already another person’s) and may try again', async () => {
    let refuse = true;
    const actor = createActor(
      wechatBindMachine.provide({
        actors: {
          bind: fromPromise(async (): Promise<unknown> => {
            if (refuse) throw Object.assign(new Error('该微信已绑定其他账号'), { status: 409 });
            return { bound: true };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'BIND', code: 'one' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.message).toContain('已绑定其他账号');
    refuse = false;
    actor.send({ type: 'BIND', code: 'two' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
