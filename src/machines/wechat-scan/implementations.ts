/** Scan-to-sign-in's calls (contract/wechat): open a scene, ask how it stands, take it. */
import { fromPromise } from 'xstate';
import { wechat } from '../../contract/wechat/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { wechatScanMachine } from './machine.ts';

export function createWechatScanImplementations({
  transport,
}: {
  transport: Transport;
}): FeatureImplementations<typeof wechatScanMachine> {
  return {
    actors: {
      // Failures show in the dialog's WeChat tab, so they skip the notification.
      openScene: fromPromise(({ signal }) =>
        transport.call(wechat['wx.mp.generateQrCode'], {
          body: {},
          skipErrorHandler: true,
          signal,
        }),
      ),
      checkScene: fromPromise(({ input, signal }) =>
        transport.call(wechat['wx.mp.queryScene'], {
          query: { scene: input.scene },
          skipErrorHandler: true,
          signal,
        }),
      ),
      takeScene: fromPromise(({ input, signal }) =>
        transport.call(wechat.loginByWxMp, {
          body: { scene: input.scene },
          skipErrorHandler: true,
          signal,
        }),
      ),
    },
  };
}
