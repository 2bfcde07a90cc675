/**
 * The client's modules (client-module.ts): the one list that names every domain. The runtime
 * creates their root actors in this order, replay reads their machines, and a change signal
 * marks stale the query tags they declare for it.
 */
import { accountsModule } from './modules/accounts.ts';
import { aiModule } from './modules/ai.ts';
import { commerceModule } from './modules/commerce.ts';
import { enrollmentsModule } from './modules/enrollments.ts';
import { familyModule } from './modules/family.ts';
import { homeworkModule } from './modules/homework.ts';
import { invitationsModule } from './modules/invitations.ts';
import { practiceModule } from './modules/practice.ts';
import { prizesModule } from './modules/prizes.ts';
import { questionPackagesModule } from './modules/question-packages.ts';
import { shellModule } from './modules/shell.ts';
import { siteModule } from './modules/site.ts';
import { staffModule } from './modules/staff.ts';

export const CLIENT_MODULES = [
  accountsModule,
  shellModule,
  commerceModule,
  staffModule,
  questionPackagesModule,
  enrollmentsModule,
  prizesModule,
  familyModule,
  invitationsModule,
  siteModule,
  practiceModule,
  homeworkModule,
  aiModule,
] as const;
