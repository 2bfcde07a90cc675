import type { domains } from '../contract/index.ts';
import { authHandlers } from './accounts/auth-handlers.ts';
import { activityPrizeHandlers } from './activity-prize/handlers.ts';
import { parentHandlers } from './parent/handlers.ts';
import { activityHandlers } from './activity/handlers.ts';
import { addressHandlers } from './address/handlers.ts';
import { aiHandlers } from './ai/handlers.ts';
import { aiTokenHandlers } from './ai-token/handlers.ts';
import { appHandlers } from './apps/handlers.ts';
import { fileHandlers } from './files/handlers.ts';
import { ocrHandlers } from './ocr/handlers.ts';
import { memberHandlers } from './accounts/member-handlers.ts';
import { chapterHandlers } from './chapter/handlers.ts';
import { courseHandlers } from './course/handlers.ts';
import { dictHandlers } from './dict/handlers.ts';
import { examHandlers } from './exam/handlers.ts';
import { gradeHandlers } from './grade/handlers.ts';
import { homeworkHandlers } from './homework/handlers.ts';
import type { HandlerEntry, WiredIdsOf } from './http/handler.ts';
import { imageBannerHandlers } from './image-banner/handlers.ts';
import { memberDocumentHandlers } from './member-document/handlers.ts';
import { memberQuestionHandlers } from './member-question/handlers.ts';
import { teacherQueryHandlers } from './member-question/teacher-handlers.ts';
import { ojAliasHandlers } from './member-question/oj-aliases.ts';
import { memberWrongListHandlers } from './member-question/member-wrong-list.ts';
import { membershipHandlers } from './membership/handlers.ts';
import { organizationHandlers } from './organization/handlers.ts';
import { orderCallHandlers } from './order/handlers.ts';
import { questionBankHandlers } from './question/handlers.ts';
import { siteConfigHandlers } from './site-config/handlers.ts';
import { systemHandlers } from './system/handlers.ts';
import { walletHandlers } from './wallet/handlers.ts';

const handlerList = [
  ...systemHandlers,
  ...authHandlers,
  ...memberHandlers,
  ...dictHandlers,
  ...gradeHandlers,
  ...membershipHandlers,
  ...memberQuestionHandlers,
  ...questionBankHandlers,
  ...teacherQueryHandlers,
  ...ojAliasHandlers([...memberQuestionHandlers, ...teacherQueryHandlers]),
  ...memberWrongListHandlers,
  ...chapterHandlers,
  ...courseHandlers,
  ...memberDocumentHandlers,
  ...orderCallHandlers,
  ...walletHandlers,
  ...aiTokenHandlers,
  ...examHandlers,
  ...activityHandlers,
  ...organizationHandlers,
  ...homeworkHandlers,
  ...siteConfigHandlers,
  ...addressHandlers,
  ...imageBannerHandlers,
  ...fileHandlers,
  ...appHandlers,
  ...ocrHandlers,
  ...activityPrizeHandlers,
  ...aiHandlers,
  ...parentHandlers,
];

/** Every call of the contract, by id. */
type ContractIds = {
  [D in keyof typeof domains]: keyof (typeof domains)[D] & string;
}[keyof typeof domains];
type Wired = WiredIdsOf<(typeof handlerList)[number]>;

/** Contract calls that no entry wires: write their handlers (docs/architecture.md "Adding a call"). */
interface CallsWithoutHandler<Ids extends string> {
  readonly callsWithoutHandler: Ids;
}
/**
 * Entries whose id is not a contract call's. `string` here means an entry lost its call's id
 * type (a call typed `CallDef`, an entry typed `HandlerEntry`), which would make the
 * missing-handler check vacuous: type the call from the contract instead.
 */
interface HandlersOfNoContractCall<Ids extends string> {
  readonly handlersOfNoContractCall: Ids;
}
type EveryCallHandled = [Exclude<Wired, ContractIds>] extends [never]
  ? [Exclude<ContractIds, Wired>] extends [never]
    ? readonly HandlerEntry[]
    : CallsWithoutHandler<Exclude<ContractIds, Wired>>
  : HandlersOfNoContractCall<Exclude<Wired, ContractIds>>;

/**
 * Every implemented call. A contract call missing here is a compile error (EveryCallHandled);
 * buildApp's own check (http/register-calls.ts) remains for apps built from a subset.
 */
export const allHandlers: readonly HandlerEntry[] = handlerList satisfies EveryCallHandled;
