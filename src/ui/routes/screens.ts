import type { MemberRole } from '../../contract/accounts/calls.ts';
import { lazyScreen, type LazyScreen } from './chunks.ts';

export type LayoutName = 'index' | 'home' | 'user' | 'custom' | 'brief' | 'admin' | 'manage';

/**
 * `must-login`: anonymous visitors get the login dialog; `auth`: also needs one of `roles` in
 * the current organization; `platform-admin`: also needs platform staff (the account's
 * `platformAdmin` flag, whatever its role in the current organization).
 */
export type Guard =
  | { kind: 'public' }
  | { kind: 'must-login' }
  | { kind: 'auth'; roles: MemberRole[] }
  | { kind: 'platform-admin' };

export interface ScreenRoute {
  /** Full path below the /web basename; `/` is the home page. */
  path: string;
  layout: LayoutName;
  guard: Guard;
  screen: LazyScreen;
}

export interface RedirectRoute {
  path: string;
  to: string;
}

const open: Guard = { kind: 'public' };
const mustLogin: Guard = { kind: 'must-login' };
/** Teacher screens: a teacher or organization admin of the current organization. */
const teacherOnly: Guard = { kind: 'auth', roles: ['teacher', 'orgAdmin'] };
/** A parent's own screens (issue 25 item 11): their children, in the current organization. */
const parentOnly: Guard = { kind: 'auth', roles: ['parent'] };
/** Platform tools: platform staff only. */
const platformAdminOnly: Guard = { kind: 'platform-admin' };

/**
 * Every screen of docs/product-rules.md#screens-and-routes with its layout and guard (the reasons
 * are in docs/decisions/client-and-screens.md "Routes, layouts and wrappers"). Each screen is its
 * own lazily loaded chunk.
 */
export const screenRoutes: readonly ScreenRoute[] = [
  {
    path: '/',
    layout: 'index',
    guard: open,
    screen: lazyScreen(() => import('../pages/Home.tsx'), 'Home'),
  },

  {
    path: '/activity',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../pages/Activity.tsx'), 'Activity'),
  },
  {
    path: '/activity/detail',
    layout: 'home',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/ActivityDetail.tsx'), 'ActivityDetail'),
  },
  {
    path: '/topic/quwei',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../pages/TopicQuwei.tsx'), 'TopicQuwei'),
  },
  {
    path: '/topic/grammar',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../pages/TopicGrammar.tsx'), 'TopicGrammar'),
  },
  {
    path: '/topic/train',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../pages/TopicTrain.tsx'), 'TopicTrain'),
  },
  {
    path: '/course/list',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../pages/CourseList.tsx'), 'CourseList'),
  },
  {
    path: '/course/detail',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../pages/CourseDetail.tsx'), 'CourseDetail'),
  },
  {
    path: '/content-center',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../pages/ContentCenter.tsx'), 'ContentCenter'),
  },
  {
    path: '/content-center/:id',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../pages/ContentDetail.tsx'), 'ContentDetail'),
  },
  {
    path: '/exam/list',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../pages/ExamList.tsx'), 'ExamList'),
  },
  {
    path: '/exam/detail',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../pages/ExamDetail.tsx'), 'ExamDetail'),
  },
  {
    path: '/exam/report',
    layout: 'home',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/ExamReport.tsx'), 'ExamReport'),
  },
  {
    path: '/exam/report/paper',
    layout: 'home',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/ExamReportPaper.tsx'), 'ExamReportPaper'),
  },
  {
    path: '/exam/report/enroll',
    layout: 'home',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/ExamReportEnroll.tsx'), 'ExamReportEnroll'),
  },
  {
    path: '/homework/report',
    layout: 'home',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/HomeworkReport.tsx'), 'HomeworkReport'),
  },
  {
    path: '/homework/report/enroll',
    layout: 'home',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/HomeworkReportEnroll.tsx'), 'HomeworkReportEnroll'),
  },
  {
    path: '/camp',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../pages/Camp.tsx'), 'Camp'),
  },
  {
    path: '/camp/answer/detail/:id',
    layout: 'home',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/CampAnswerDetail.tsx'), 'CampAnswerDetail'),
  },
  {
    path: '/vipCardList',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../pages/VipCardList.tsx'), 'VipCardList'),
  },
  {
    path: '/activityPackages',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../pages/ActivityPackages.tsx'), 'ActivityPackages'),
  },
  {
    path: '/grade/detail',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../pages/GradeDetail.tsx'), 'GradeDetail'),
  },

  {
    path: '/exam/room',
    layout: 'custom',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/ExamRoom.tsx'), 'ExamRoom'),
  },
  {
    path: '/homework/room',
    layout: 'custom',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/HomeworkRoom.tsx'), 'HomeworkRoom'),
  },
  {
    path: '/play/home',
    layout: 'custom',
    guard: open,
    screen: lazyScreen(() => import('../pages/PlayHome.tsx'), 'PlayHome'),
  },
  {
    path: '/play/python',
    layout: 'custom',
    guard: open,
    screen: lazyScreen(() => import('../pages/PlayPython.tsx'), 'PlayPython'),
  },
  {
    path: '/question/detail',
    layout: 'custom',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/QuestionDetail.tsx'), 'QuestionDetail'),
  },
  {
    path: '/chapter/detail',
    layout: 'custom',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/ChapterDetail.tsx'), 'ChapterDetail'),
  },
  {
    path: '/chapter/student',
    layout: 'custom',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/ChapterStudent.tsx'), 'ChapterStudent'),
  },

  {
    path: '/user/grade',
    layout: 'user',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/UserGrade.tsx'), 'UserGrade'),
  },
  {
    path: '/user/class',
    layout: 'user',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/UserClass.tsx'), 'UserClass'),
  },
  {
    path: '/user/homework',
    layout: 'user',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/UserHomework.tsx'), 'UserHomework'),
  },
  {
    path: '/user/exam',
    layout: 'user',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/UserExam.tsx'), 'UserExam'),
  },
  {
    path: '/user/report',
    layout: 'user',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/UserReport.tsx'), 'UserReport'),
  },
  {
    path: '/user/accout',
    layout: 'user',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/UserAccout.tsx'), 'UserAccout'),
  },
  {
    path: '/user/children',
    layout: 'user',
    guard: parentOnly,
    screen: lazyScreen(() => import('../pages/UserChildren.tsx'), 'UserChildren'),
  },
  {
    path: '/user/child',
    layout: 'user',
    guard: parentOnly,
    screen: lazyScreen(() => import('../pages/UserChild.tsx'), 'UserChild'),
  },
  {
    path: '/user/wallet',
    layout: 'user',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/UserWallet.tsx'), 'UserWallet'),
  },
  {
    path: '/user/chatHistory',
    layout: 'user',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/UserChatHistory.tsx'), 'UserChatHistory'),
  },
  {
    path: '/user/feedback',
    layout: 'user',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/UserFeedback.tsx'), 'UserFeedback'),
  },
  {
    path: '/user/document',
    layout: 'user',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/UserDocument.tsx'), 'UserDocument'),
  },
  {
    path: '/order',
    layout: 'user',
    guard: mustLogin,
    screen: lazyScreen(() => import('../pages/Order.tsx'), 'Order'),
  },
  // The default code sender's messages (issue 2 item 6): other people's codes, so staff only.
  {
    path: '/dev/inbox',
    layout: 'user',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/DevInbox.tsx'), 'DevInbox'),
  },

  // The back offices (DESIGN.md §6): platform staff's and the coaches'.
  {
    path: '/admin/approvals',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Approvals.tsx'), 'AdminApprovals'),
  },
  {
    path: '/admin/orders',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Orders.tsx'), 'AdminOrders'),
  },
  {
    path: '/admin/memberships',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Memberships.tsx'), 'AdminMemberships'),
  },
  {
    path: '/admin/wallets',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Wallets.tsx'), 'AdminWallets'),
  },
  {
    path: '/admin/exams',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Exams.tsx'), 'AdminExams'),
  },
  {
    path: '/admin/exams/monitor',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/ExamMonitor.tsx'), 'AdminExamMonitor'),
  },
  {
    path: '/admin/activities',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Activities.tsx'), 'AdminActivities'),
  },
  {
    path: '/admin/papers',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/ExamPapers.tsx'), 'AdminExamPapers'),
  },
  {
    path: '/manage/exams',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/Exams.tsx'), 'ManageExams'),
  },
  {
    path: '/manage/exams/monitor',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/ExamMonitor.tsx'), 'ManageExamMonitor'),
  },
  {
    path: '/manage/activities',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/Activities.tsx'), 'ManageActivities'),
  },
  {
    path: '/manage/papers',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/ExamPapers.tsx'), 'ManageExamPapers'),
  },
  {
    path: '/manage/orders',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/Orders.tsx'), 'ManageOrders'),
  },
  {
    path: '/admin/classes',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Classes.tsx'), 'AdminClasses'),
  },
  {
    path: '/admin/classes/desk',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/ClassDesk.tsx'), 'AdminClassDesk'),
  },
  {
    path: '/admin/homework',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Homework.tsx'), 'AdminHomework'),
  },
  {
    path: '/admin/homework/grading',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/HomeworkGrading.tsx'), 'AdminHomeworkGrading'),
  },
  // Site settings and texts, dictionaries and banners (issue 9).
  {
    path: '/admin/dicts',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Dicts.tsx'), 'AdminDicts'),
  },
  {
    path: '/admin/banners',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Banners.tsx'), 'AdminBanners'),
  },
  // The AI assistant's system prompts (issue 10).
  {
    path: '/admin/ai-prompts',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/AiPrompts.tsx'), 'AdminAiPrompts'),
  },
  {
    path: '/admin/settings',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Settings.tsx'), 'AdminSettings'),
  },
  {
    path: '/admin/apps',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Apps.tsx'), 'AdminApps'),
  },
  {
    path: '/admin/organizations',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Organizations.tsx'), 'AdminOrganizations'),
  },
  {
    path: '/manage/dashboard',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/Dashboard.tsx'), 'ManageDashboard'),
  },
  {
    path: '/manage/organization',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/Organization.tsx'), 'ManageOrganization'),
  },
  {
    path: '/manage/approvals',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/Approvals.tsx'), 'ManageApprovals'),
  },
  {
    path: '/admin/courses',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Courses.tsx'), 'AdminCourses'),
  },
  {
    path: '/admin/chapters',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Chapters.tsx'), 'AdminChapters'),
  },
  // The question bank and its packages (issue 14); the editor is /…/questions/edit.
  {
    path: '/admin/questions',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Questions.tsx'), 'AdminQuestions'),
  },
  {
    path: '/manage/questions',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/Questions.tsx'), 'ManageQuestions'),
  },
  {
    path: '/admin/questions/edit',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/QuestionEdit.tsx'), 'AdminQuestionEdit'),
  },
  {
    path: '/manage/questions/edit',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/QuestionEdit.tsx'), 'ManageQuestionEdit'),
  },
  {
    path: '/manage/courses',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/Courses.tsx'), 'ManageCourses'),
  },
  {
    path: '/manage/chapters',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/Chapters.tsx'), 'ManageChapters'),
  },
  {
    path: '/admin/content',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../pages/admin/Content.tsx'), 'AdminContent'),
  },
  {
    path: '/manage/documents',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/Documents.tsx'), 'ManageDocuments'),
  },
  {
    path: '/manage/classes',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/Classes.tsx'), 'ManageClasses'),
  },
  {
    path: '/manage/classes/desk',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/ClassDesk.tsx'), 'ManageClassDesk'),
  },
  {
    path: '/manage/homework',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/Homework.tsx'), 'ManageHomework'),
  },
  {
    path: '/manage/homework/grading',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(
      () => import('../pages/manage/HomeworkGrading.tsx'),
      'ManageHomeworkGrading',
    ),
  },
  {
    path: '/manage/members',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/Members.tsx'), 'ManageMembers'),
  },
  {
    path: '/manage/teachers',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../pages/manage/Teachers.tsx'), 'ManageTeachers'),
  },

  {
    path: '/about',
    layout: 'brief',
    guard: open,
    screen: lazyScreen(() => import('../pages/About.tsx'), 'About'),
  },
  {
    path: '/pdfPreview',
    layout: 'brief',
    guard: open,
    screen: lazyScreen(() => import('../pages/PdfPreview.tsx'), 'PdfPreview'),
  },
  {
    path: '/help/ai-assistant',
    layout: 'brief',
    guard: open,
    screen: lazyScreen(() => import('../pages/HelpAiAssistant.tsx'), 'HelpAiAssistant'),
  },
  {
    path: '/agreement/service',
    layout: 'brief',
    guard: open,
    screen: lazyScreen(() => import('../pages/AgreementService.tsx'), 'AgreementService'),
  },
  {
    path: '/agreement/privacy',
    layout: 'brief',
    guard: open,
    screen: lazyScreen(() => import('../pages/AgreementPrivacy.tsx'), 'AgreementPrivacy'),
  },
  // QA tool (DESIGN.md journey 5): replays an exported event log; no network, no login.
  {
    path: '/replay',
    layout: 'brief',
    guard: open,
    screen: lazyScreen(() => import('../pages/Replay.tsx'), 'Replay'),
  },
];

/**
 * Redirects of docs/product-rules.md#screens-and-routes, plus /user → its account settings page.
 */
export const redirectRoutes: readonly RedirectRoute[] = [
  { path: '/login', to: '/' },
  { path: '/course', to: '/course/list' },
  { path: '/exam', to: '/exam/list' },
  { path: '/play', to: '/play/home' },
  { path: '/user', to: '/user/accout' },
  { path: '/admin', to: '/admin/approvals' },
  { path: '/manage', to: '/manage/dashboard' },
];

/** Unknown addresses render this inside the home layout. */
export const notFoundScreen: LazyScreen = lazyScreen(
  () => import('../pages/NotFound.tsx'),
  'NotFound',
);
