/**
 * Every domain's server module (./server-module.ts), the one list that names them all: the
 * handler table (./handlers.ts, checked against the contract at compile time) and the order-kind
 * table (./order-kinds.ts, refused at start-up when a kind has no behaviour or two) are derived
 * from it. A new domain is one line here.
 */
import { accountsModule } from './accounts/module.ts';
import { activityModule } from './activity/module.ts';
import { activityPrizeModule } from './activity-prize/module.ts';
import { addressModule } from './address/module.ts';
import { aiModule } from './ai/module.ts';
import { aiTokenModule } from './ai-token/module.ts';
import { appsModule } from './apps/module.ts';
import { blacklistModule } from './blacklist/module.ts';
import { wechatModule } from './wechat/module.ts';
import { ssoModule } from './sso/module.ts';
import { chapterModule } from './chapter/module.ts';
import { courseModule } from './course/module.ts';
import { dictModule } from './dict/module.ts';
import { examModule } from './exam/module.ts';
import { feedbackModule } from './feedback/module.ts';
import { filesModule } from './files/module.ts';
import { gradeModule } from './grade/module.ts';
import { homeworkModule } from './homework/module.ts';
import { imageBannerModule } from './image-banner/module.ts';
import { memberDocumentModule } from './member-document/module.ts';
import { memberQuestionModule } from './member-question/module.ts';
import { membershipModule } from './membership/module.ts';
import { messageModule } from './messages/module.ts';
import { ocrModule } from './ocr/module.ts';
import { orderModule } from './order/module.ts';
import { organizationModule } from './organization/module.ts';
import { parentModule } from './parent/module.ts';
import { permissionModule } from './permission/module.ts';
import { questionModule } from './question/module.ts';
import { siteConfigModule } from './site-config/module.ts';
import { sysLogModule } from './sys-log/module.ts';
import { systemModule } from './system/module.ts';
import { walletModule } from './wallet/module.ts';

export const serverModules = [
  systemModule,
  accountsModule,
  dictModule,
  gradeModule,
  membershipModule,
  memberQuestionModule,
  questionModule,
  chapterModule,
  courseModule,
  memberDocumentModule,
  orderModule,
  walletModule,
  aiTokenModule,
  examModule,
  activityModule,
  organizationModule,
  homeworkModule,
  siteConfigModule,
  addressModule,
  imageBannerModule,
  filesModule,
  appsModule,
  ocrModule,
  activityPrizeModule,
  aiModule,
  parentModule,
  permissionModule,
  sysLogModule,
  blacklistModule,
  wechatModule,
  ssoModule,
  messageModule,
  feedbackModule,
];
