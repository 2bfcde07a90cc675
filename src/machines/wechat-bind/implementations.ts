/** Binding's calls: the code for a ticket (wx/gzh/code2Session), the ticket bound (member/bindWxGzh). */
import { fromPromise } from 'xstate';
import { organization } from '../../contract/organization/refs.ts';
import { wechat } from '../../contract/wechat/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { wechatBindMachine } from './machine.ts';

export function createWechatBindImplementations({
  transport,
}: {
  transport: Transport;
}): FeatureImplementations<typeof wechatBindMachine> {
  return {
    actors: {
      // Failures show on the account page, so they skip the notification.
      bind: fromPromise(async ({ input, signal }) => {
        const { ticket } = await transport.call(wechat['wx.gzh.code2Session'], {
          query: { code: input.code },
          skipErrorHandler: true,
          signal,
        });
        return transport.call(organization['member.bindWxGzh'], {
          body: { ticket },
          skipErrorHandler: true,
          signal,
        });
      }),
    },
  };
}
