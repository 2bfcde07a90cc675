/** The back office's writes over the transport; refusals show in the form that asked. */
import { fromPromise } from 'xstate';
import { activity } from '../../contract/activity/refs.ts';
import { activityPrize } from '../../contract/activity-prize/refs.ts';
import { ai } from '../../contract/ai/refs.ts';
import { aiToken } from '../../contract/ai-token/refs.ts';
import type { CallRef } from '../../contract/call.ts';
import { app } from '../../contract/app/refs.ts';
import { chapter } from '../../contract/chapter/refs.ts';
import { course } from '../../contract/course/refs.ts';
import { dict } from '../../contract/dict/refs.ts';
import { exam } from '../../contract/exam/refs.ts';
import { grade } from '../../contract/grade/refs.ts';
import { homework } from '../../contract/homework/refs.ts';
import { imageBanner } from '../../contract/image-banner/refs.ts';
import { organization } from '../../contract/organization/refs.ts';
import { question } from '../../contract/question/refs.ts';
import { memberDocument } from '../../contract/member-document/refs.ts';
import { membership } from '../../contract/membership/refs.ts';
import { siteConfig } from '../../contract/site-config/refs.ts';
import { wallet } from '../../contract/wallet/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { staffEditMachine, StaffWriteCall } from './machine.ts';

/**
 * Exam, class, homework, people, course, site settings, dictionary, banner and question-bank
 * writes are the contract's calls of the same id.
 */
const SAME_ID: Record<string, CallRef> = {
  ...exam,
  ...grade,
  ...homework,
  ...organization,
  ...course,
  ...chapter,
  ...siteConfig,
  ...dict,
  ...imageBanner,
  ...app,
  ...memberDocument,
  ...activity,
  ...activityPrize,
  ...ai,
  ...question,
};
const sameIdCall = (id: StaffWriteCall): CallRef | undefined => SAME_ID[id];

/**
 * A multipart call (a spreadsheet upload) sends its body as form fields; a File stays a file.
 * The event log keeps only the body's plain fields, which is all a replay needs.
 */
function multipartOf(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value instanceof Blob) form.append(name, value);
    else if (value !== undefined && value !== null) form.append(name, String(value));
  }
  return form;
}

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
  /** A write succeeded: show a transient 已保存 (toast id from the write's number). */
  onSaved: (seq: number) => void;
}): FeatureImplementations<typeof staffEditMachine> {
  return {
    actors: {
      write: fromPromise(({ input, signal }) => {
        const call = CALLS[input.call] ?? sameIdCall(input.call);
        if (!call) throw new Error(`no call for ${input.call}`);
        const body = call.requestKind === 'multipart' ? multipartOf(input.body) : input.body;
        return deps.transport.call(call as (typeof membership)['membership.update'], {
          body: body as never,
          skipErrorHandler: true,
          signal,
        });
      }),
    },
    actions: {
      changed: () => deps.onChanged(),
      saved: (_, { seq }) => deps.onSaved(seq),
    },
  };
}
