import { authHandlers } from './accounts/auth-handlers.ts';
import { activityPrizeHandlers } from './activity-prize/handlers.ts';
import { parentHandlers } from './parent/handlers.ts';
import { activityHandlersAll } from './activity/handlers.ts';
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
import { examHandlersAll } from './exam/handlers.ts';
import { gradeHandlers } from './grade/handlers.ts';
import { homeworkHandlersAll } from './homework/handlers.ts';
import type { HandlerEntry } from './http/handler.ts';
import { imageBannerHandlers } from './image-banner/handlers.ts';
import { memberDocumentHandlers } from './member-document/handlers.ts';
import { memberQuestionHandlers } from './member-question/handlers.ts';
import { teacherQueryHandlers } from './member-question/teacher-handlers.ts';
import { ojAliasHandlers } from './member-question/oj-aliases.ts';
import { memberWrongListHandlers } from './member-question/member-wrong-list.ts';
import { membershipHandlers } from './membership/handlers.ts';
import { organizationHandlersAll } from './organization/handlers.ts';
import { orderCallHandlers } from './order/handlers.ts';
import { questionBankHandlers } from './question/handlers.ts';
import { siteConfigHandlers } from './site-config/handlers.ts';
import { systemHandlers } from './system/handlers.ts';
import { walletHandlers } from './wallet/handlers.ts';

/** Every implemented call; buildApp refuses to start if a contract call is missing here. */
export const allHandlers: readonly HandlerEntry[] = [
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
  ...examHandlersAll,
  ...activityHandlersAll,
  ...organizationHandlersAll,
  ...homeworkHandlersAll,
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
