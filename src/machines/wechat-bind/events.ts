/** Binding's intents. */
import type { Sender } from '../implementations.ts';
import type { WechatBindEvent } from './machine.ts';

export function wechatBindEvents(actor: Sender<WechatBindEvent>) {
  return { bind: (code: string) => actor.send({ type: 'BIND', code }) };
}
