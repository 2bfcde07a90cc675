import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { wechatBindMachine } from './machine.ts';

const refused = (message: string) => Object.assign(new Error(message), { status: 409 });

describe('the WeChat on one’s account', () => {
  it('leaves for WeChat’s page, coming back to the page it names', async () => {
    const leave = vi.fn();
    const authorizeUrl = vi.fn(async (_: { input: { returnTo: string } }) => ({
      url: 'https://open.weixin.qq.com/connect/oauth2/authorize?x=1',
    }));
    const actor = createActor(
      wechatBindMachine.provide({
        actors: { authorizeUrl: fromPromise(authorizeUrl) },
        actions: { leave: (_, { url }) => leave(url) },
      }),
    ).start();
    actor.send({ type: 'START', returnTo: '/web/user/accout' });
    await waitFor(actor, (s) => s.matches('left'));
    expect(authorizeUrl.mock.calls[0]![0].input).toEqual({ returnTo: '/web/user/accout' });
    expect(leave).toHaveBeenCalledWith('https://open.weixin.qq.com/connect/oauth2/authorize?x=1');
  });

  it('stays on the page and says why when WeChat is not configured', async () => {
    const leave = vi.fn();
    const actor = createActor(
      wechatBindMachine.provide({
        actors: {
          authorizeUrl: fromPromise(async (): Promise<{ url: string }> => {
            throw refused('未配置微信登录');
          }),
        },
        actions: { leave: () => leave() },
      }),
    ).start();
    actor.send({ type: 'START', returnTo: '/web/user/accout' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.message).toBe('未配置微信登录');
    expect(leave).not.toHaveBeenCalled();
  });

  it('binds the code it came back with and says so', async () => {
    const bind = vi.fn(async (_: { input: { code: string } }): Promise<unknown> => ({
      bound: true,
    }));
    const actor = createActor(
      wechatBindMachine.provide({ actors: { bind: fromPromise(bind) } }),
    ).start();
    const changed = vi.fn();
    actor.on('changed', changed);
    actor.send({ type: 'BIND', code: 'c0de' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(bind.mock.calls[0]![0].input).toEqual({ code: 'c0de' });
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('keeps the refusal (a WeChat already another person’s) and may try again', async () => {
    let refuse = true;
    const actor = createActor(
      wechatBindMachine.provide({
        actors: {
          bind: fromPromise(async (): Promise<unknown> => {
            if (refuse) throw refused('该微信已绑定其他账号');
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

  it('unbinds, says so, and keeps a refusal', async () => {
    let refuse = false;
    const actor = createActor(
      wechatBindMachine.provide({
        actors: {
          unbind: fromPromise(async (): Promise<unknown> => {
            if (refuse) throw refused('本账号没有绑定微信');
            return { gzh: null, mp: null };
          }),
        },
      }),
    ).start();
    const changed = vi.fn();
    actor.on('changed', changed);
    actor.send({ type: 'UNBIND' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(changed).toHaveBeenCalledTimes(1);
    refuse = true;
    actor.send({ type: 'UNBIND' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.message).toBe('本账号没有绑定微信');
    expect(changed).toHaveBeenCalledTimes(1);
  });
});
