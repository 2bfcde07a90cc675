import { activityOrderKinds } from './activity/order-kind.ts';
import { aiTokenOrderKinds } from './ai-token/order-kind.ts';
import { courseOrderKinds } from './course/order-kind.ts';
import { examOrderKinds } from './exam/order-kind.ts';
import { gradeOrderKinds } from './grade/order-kind.ts';
import { homeworkOrderKinds } from './homework/order-kind.ts';
import { membershipOrderKinds } from './membership/order-kind.ts';
import type { OrderKinds } from './orders/kinds.ts';
import { assembleOrderKinds } from './orders/kinds.ts';
import { walletOrderKinds } from './wallet/order-kind.ts';

/**
 * Every order kind's behaviour, one domain's kinds each (server/<domain>/order-kind.ts); the
 * order flow reads it from Services.orderKinds. Assembling refuses a kind with no behaviour or
 * two, so the server does not start with an incomplete table.
 */
export const allOrderKinds: OrderKinds = assembleOrderKinds([
  membershipOrderKinds,
  walletOrderKinds,
  aiTokenOrderKinds,
  examOrderKinds,
  gradeOrderKinds,
  homeworkOrderKinds,
  courseOrderKinds,
  activityOrderKinds,
]);
