/**
 * The binding calls: the parent's (oj/parent/binding), the child's (oj/childBinding) and the
 * teacher's for their own learners (edms/parentBinding).
 * Refusals show on the screen that asked, so they skip the red notification.
 */
import { fromPromise } from 'xstate';
import { parent as api } from '../../contract/parent/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { BindingAction } from '../lifecycles/parent-binding.ts';
import type { BindingSide, parentBindingMachine } from './machine.ts';

type ActionCall = (typeof api)['oj.parent.binding.cancel'];

const CALLS: Record<BindingSide, Partial<Record<BindingAction, ActionCall>>> = {
  parent: {
    cancel: api['oj.parent.binding.cancel'],
    unbind: api['oj.parent.binding.unbind'],
  },
  child: {
    confirm: api['oj.childBinding.confirm'],
    refuse: api['oj.childBinding.refuse'],
    unbind: api['oj.childBinding.unbind'],
  },
  teacher: {
    confirm: api['edms.parentBinding.confirm'],
    refuse: api['edms.parentBinding.refuse'],
  },
};

export function createParentBindingImplementations(deps: {
  transport: Transport;
  onChanged: () => void;
}): FeatureImplementations<typeof parentBindingMachine> {
  return {
    actors: {
      run: fromPromise(({ input, signal }) => {
        if (input.kind === 'request') {
          return deps.transport.call(api['oj.parent.binding.request'], {
            body: { account: input.account, relation: input.relation },
            skipErrorHandler: true,
            signal,
          });
        }
        const call = CALLS[input.side][input.action];
        if (!call) throw new Error(`不能在此执行「${input.action}」`);
        return deps.transport.call(call, {
          body: { id: input.id },
          skipErrorHandler: true,
          signal,
        });
      }),
    },
    actions: { changed: () => deps.onChanged() },
  };
}
