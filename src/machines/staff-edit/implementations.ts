/** The back office's writes over the transport; refusals show in the form that asked. */
import { fromPromise } from 'xstate';
import { aiToken } from '../../contract/ai-token/refs.ts';
import type { CallRef } from '../../contract/call.ts';
import { exam } from '../../contract/exam/refs.ts';
import { membership } from '../../contract/membership/refs.ts';
import { wallet } from '../../contract/wallet/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { staffEditMachine, StaffWriteCall } from './machine.ts';

/** The exam writes the back office makes are the contract's calls of the same id. */
const examCall = (id: StaffWriteCall): CallRef | undefined => (exam as Record<string, CallRef>)[id];

const CALLS: Partial<Record<StaffWriteCall, CallRef>> = {
  'membership.create': membership['membership.create'],
  'membership.update': membership['membership.update'],
  'membership.delete': membership['membership.delete'],
  'membership.publish': membership['membership.publish'],
  'membership.unpublish': membership['membership.unpublish'],
  'bms.right.create': membership['bms.right.create'],
  'bms.right.update': membership['bms.right.update'],
  'bms.right.delete': membership['bms.right.delete'],
  'bms.right.publish': membership['bms.right.publish'],
  'bms.right.unpublish': membership['bms.right.unpublish'],
  'bms.aiTokenGoods.create': aiToken['bms.aiTokenGoods.create'],
  'bms.aiTokenGoods.update': aiToken['bms.aiTokenGoods.update'],
  'bms.aiTokenGoods.delete': aiToken['bms.aiTokenGoods.delete'],
  'bms.aiTokenGoods.publish': aiToken['bms.aiTokenGoods.publish'],
  'bms.aiTokenGoods.unpublish': aiToken['bms.aiTokenGoods.unpublish'],
  'bms.memberWallet.incrementCount': wallet['bms.memberWallet.incrementCount'],
  'bms.memberWallet.update': wallet['bms.memberWallet.update'],
};

export function createStaffEditImplementations(deps: {
  transport: Transport;
  onChanged: () => void;
}): FeatureImplementations<typeof staffEditMachine> {
  return {
    actors: {
      write: fromPromise(({ input, signal }) =>
        deps.transport.call(
          (CALLS[input.call] ?? examCall(input.call)) as (typeof membership)['membership.update'],
          {
            body: input.body as never,
            skipErrorHandler: true,
            signal,
          },
        ),
      ),
    },
    actions: { changed: () => deps.onChanged() },
  };
}
