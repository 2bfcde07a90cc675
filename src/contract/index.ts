import { accounts } from './accounts/calls.ts';
import { activity } from './activity/calls.ts';
import { activityPrize } from './activity-prize/calls.ts';
import { address } from './address/calls.ts';
import { ai } from './ai/calls.ts';
import { aiToken } from './ai-token/calls.ts';
import { app } from './app/calls.ts';
import { blacklist } from './blacklist/calls.ts';
import { chapter } from './chapter/calls.ts';
import { course } from './course/calls.ts';
import { dict } from './dict/calls.ts';
import { exam } from './exam/calls.ts';
import { feedback } from './feedback/calls.ts';
import { file } from './file/calls.ts';
import { grade } from './grade/calls.ts';
import { homework } from './homework/calls.ts';
import { imageBanner } from './image-banner/calls.ts';
import { memberDocument } from './member-document/calls.ts';
import { message } from './message/calls.ts';
import { memberQuestion } from './member-question/calls.ts';
import { membership } from './membership/calls.ts';
import { ocr } from './ocr/calls.ts';
import { order } from './order/calls.ts';
import { organization } from './organization/calls.ts';
import { parent } from './parent/calls.ts';
import { permission } from './permission/calls.ts';
import { question } from './question/calls.ts';
import { siteConfig } from './site-config/calls.ts';
import { system } from './system/calls.ts';
import { sysLog } from './sys-log/calls.ts';
import { wallet } from './wallet/calls.ts';
import { wechat } from './wechat/calls.ts';
import { sso } from './sso/calls.ts';
import type { CallDef } from './call.ts';

export * from './call.ts';
export * from './envelope.ts';
export * from './rights.ts';
export * from './errors.ts';
export * from './paging.ts';

/**
 * Every domain's calls, keyed by the domain's name; its folder is the name in kebab case
 * (`memberQuestion` → `member-question/`), the same as its folder under src/server. Adding a
 * domain is one line here; `npm run contract` then writes its refs.ts.
 */
export const domains = {
  system,
  accounts,
  dict,
  grade,
  membership,
  question,
  chapter,
  course,
  memberQuestion,
  memberDocument,
  order,
  wallet,
  aiToken,
  exam,
  organization,
  homework,
  siteConfig,
  address,
  imageBanner,
  file,
  app,
  ocr,
  activity,
  activityPrize,
  ai,
  parent,
  permission,
  sysLog,
  blacklist,
  message,
  feedback,
  wechat,
  sso,
} satisfies Record<string, Record<string, CallDef>>;

/** Every call of the catalogue; the server registers exactly these routes. */
export const allCalls: readonly CallDef[] = Object.values(domains).flatMap(
  (calls) => Object.values(calls) as CallDef[],
);
