/**
 * The client's modules (client-module.ts): the one list that names every domain. The runtime
 * creates their root actors in this order, replay reads their machines and feature kinds, the
 * router builds its table from their screens, and a change signal marks stale the query tags
 * they declare for it.
 */
import { accountsModule } from './modules/accounts.ts';
import { answersModule } from './modules/answers.ts';
import { blacklistModule } from './modules/blacklist.ts';
import { feedbackModule } from './modules/feedback.ts';
import { activitiesModule } from './modules/activities.ts';
import { aiModule } from './modules/ai.ts';
import { classesModule } from './modules/classes.ts';
import { commerceModule } from './modules/commerce.ts';
import { coursesModule } from './modules/courses.ts';
import { documentsModule } from './modules/documents.ts';
import { enrollmentsModule } from './modules/enrollments.ts';
import { examsModule } from './modules/exams.ts';
import { familyModule } from './modules/family.ts';
import { homeworkModule } from './modules/homework.ts';
import { invitationsModule } from './modules/invitations.ts';
import { organizationsModule } from './modules/organizations.ts';
import { permissionModule } from './modules/permission.ts';
import { practiceModule } from './modules/practice.ts';
import { prizesModule } from './modules/prizes.ts';
import { questionPackagesModule } from './modules/question-packages.ts';
import { shellModule } from './modules/shell.ts';
import { siteModule } from './modules/site.ts';
import { staffModule } from './modules/staff.ts';
import { sysLogModule } from './modules/sys-log.ts';

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
  // Screens and feature kinds only: these domains have no root actor or query tag of their own.
  examsModule,
  coursesModule,
  activitiesModule,
  classesModule,
  documentsModule,
  organizationsModule,
  permissionModule,
  sysLogModule,
  blacklistModule,
  feedbackModule,
  answersModule,
] as const;
