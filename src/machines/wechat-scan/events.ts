/** Scan-to-sign-in's intents. */
import type { Sender } from '../implementations.ts';
import type { WechatScanEvent } from './machine.ts';

export function wechatScanEvents(actor: Sender<WechatScanEvent>) {
  return {
    start: () => actor.send({ type: 'START' }),
    stop: () => actor.send({ type: 'STOP' }),
    refresh: () => actor.send({ type: 'REFRESH' }),
  };
}
