/** Binding's intents. */
import type { Sender } from '../implementations.ts';
import type { WechatBindEvent } from './machine.ts';

export function wechatBindEvents(actor: Sender<WechatBindEvent>) {
  return {
    start: (returnTo: string) => actor.send({ type: 'START', returnTo }),
    bind: (code: string) => actor.send({ type: 'BIND', code }),
    unbind: () => actor.send({ type: 'UNBIND' }),
  };
}
