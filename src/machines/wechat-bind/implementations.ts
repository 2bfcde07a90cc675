/**
 * Binding's calls: WeChat's authorization page (wx/gzh/authorizeUrl), the code for a ticket
 * (wx/gzh/code2Session), the ticket bound (member/bindWxGzh), the WeChat taken off
 * (member/unbindWx); and leaving the tab for WeChat.
 */
import { fromPromise } from 'xstate';
import { organization } from '../../contract/organization/refs.ts';
import { wechat } from '../../contract/wechat/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import { WECHAT_BIND_STATE, type wechatBindMachine } from './machine.ts';

export function createWechatBindImplementations({
  transport,
  leaveFor,
}: {
  transport: Transport;
  leaveFor: (url: string) => void;
}): FeatureImplementations<typeof wechatBindMachine> {
  return {
    // Failures show on the account page, so they skip the notification.
    actors: {
      authorizeUrl: fromPromise(({ input, signal }) =>
        transport.call(wechat['wx.gzh.authorizeUrl'], {
          query: { redirect: input.returnTo, state: WECHAT_BIND_STATE },
          skipErrorHandler: true,
          signal,
        }),
      ),
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
      unbind: fromPromise(({ signal }) =>
        transport.call(wechat['member.unbindWx'], { skipErrorHandler: true, signal }),
      ),
    },
    actions: { leave: (_, { url }) => leaveFor(url) },
  };
}
