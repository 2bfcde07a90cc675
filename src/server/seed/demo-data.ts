import { APP_ID } from '../../contract/envelope.ts';
import type { MemberRole } from '../../contract/accounts/calls.ts';
import { DEFAULT_RIGHT_CODES } from '../../contract/rights.ts';
import { DOCUMENT_TAG_DICT } from '../../contract/member-document/tags.ts';
import { DOCUMENT_TAGS } from './document-texts.ts';

/**
 * The demo data a fresh installation starts with (README "Demo accounts"). Each record has a
 * natural key, so the seed can run on every start and only add what is missing.
 */

export const DEMO_ORGANIZATION = '信奥训练营示范校';
export const SECOND_ORGANIZATION = '星火信奥工作室';

export interface DemoMember {
  organization: string;
  role: MemberRole;
  nickname: string;
}

export interface DemoAccount {
  username: string;
  nickname: string;
  mobile: string;
  email: string;
  platformAdmin: boolean;
  /** The first member is the one a login starts as. */
  members: DemoMember[];
}

export const DEMO_ACCOUNTS = {
  student: {
    username: 'demo_student',
    nickname: '演示学生',
    mobile: '13800000001',
    email: 'student@demo.xinao.local',
    platformAdmin: false,
    members: [{ organization: DEMO_ORGANIZATION, role: 'student', nickname: '演示学生' }],
  },
  parent: {
    username: 'demo_parent',
    nickname: '演示家长',
    mobile: '13800000002',
    email: 'parent@demo.xinao.local',
    platformAdmin: false,
    members: [{ organization: DEMO_ORGANIZATION, role: 'parent', nickname: '演示家长' }],
  },
  teacher: {
    username: 'demo_teacher',
    nickname: '演示教练',
    mobile: '13800000003',
    email: 'teacher@demo.xinao.local',
    platformAdmin: false,
    members: [
      { organization: DEMO_ORGANIZATION, role: 'teacher', nickname: '演示教练' },
      // A second teacher account, so switching organization is real
      // (docs/product-rules.md#users-and-roles).
      { organization: SECOND_ORGANIZATION, role: 'teacher', nickname: '演示教练（星火）' },
    ],
  },
  orgAdmin: {
    username: 'demo_orgadmin',
    nickname: '演示机构管理员',
    mobile: '13800000004',
    email: 'orgadmin@demo.xinao.local',
    platformAdmin: false,
    members: [{ organization: DEMO_ORGANIZATION, role: 'orgAdmin', nickname: '演示机构管理员' }],
  },
  admin: {
    username: 'demo_admin',
    nickname: '平台管理员',
    mobile: '13800000005',
    email: 'admin@demo.xinao.local',
    platformAdmin: true,
    members: [{ organization: DEMO_ORGANIZATION, role: 'orgAdmin', nickname: '平台管理员' }],
  },
  // A teacher of the demo school whose custom role 阅卷老师 (seed/roles.ts) lets them grade
  // homework and nothing else (issue 27: roles that staff configure).
  grader: {
    username: 'demo_grader',
    nickname: '演示阅卷老师',
    mobile: '13800000006',
    email: 'grader@demo.xinao.local',
    platformAdmin: false,
    members: [{ organization: DEMO_ORGANIZATION, role: 'teacher', nickname: '演示阅卷老师' }],
  },
} as const satisfies Record<string, DemoAccount>;

export type DemoRole = keyof typeof DEMO_ACCOUNTS;

export const ORGANIZATIONS = [
  { name: DEMO_ORGANIZATION, isPublic: true },
  { name: SECOND_ORGANIZATION, isPublic: false },
];

const DEFAULT_RIGHT_NAMES: Record<(typeof DEFAULT_RIGHT_CODES)[number], string> = {
  solutionVideo: '付费题解视频无限观看',
  unlimitedSubmission: '代码无限提交',
  mockExam: '模拟考试无限参加',
  testCaseView: '题目测试用例无限查看',
  answerRecordClear: '答题记录无限清除',
};

/**
 * The five default card rights (docs/product-rules.md#membership-cards), with the codes the client
 * translates.
 */
export const RIGHTS = DEFAULT_RIGHT_CODES.map((code) => ({
  code,
  name: DEFAULT_RIGHT_NAMES[code],
  isDefault: true,
}));

/**
 * The platform's dictionaries: all built in (the code reads them by code), so they cannot be
 * deleted or renamed and their item values stay (dict/store.ts). The course dictionaries store
 * the label as the value: courses hold these words (seed/courses.ts), and a relabel keeps them.
 */
export const DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'questionDifficulty',
    name: '题目难度',
    items: [
      ['1', '简单'],
      ['2', '中等'],
      ['3', '困难'],
      ['4', '极难'],
    ],
  },
  {
    code: 'gradeStatus',
    name: '班级状态',
    items: [
      ['0', '未发布'],
      ['1', '报名中'],
      ['2', '开课中'],
      ['3', '已结课'],
      ['4', '即将开班'],
      ['5', '已停止'],
    ],
  },
  {
    code: 'membershipType',
    name: '会员卡类型',
    items: [
      ['0', '学生卡'],
      ['1', '教师卡'],
    ],
  },
  {
    code: 'membershipTag',
    name: '会员卡标签',
    items: [
      ['student', '学生'],
      ['studentPackage', '学生套餐'],
      ['educational', '教练'],
    ],
  },
  {
    code: 'memberRole',
    name: '成员角色',
    items: [
      ['student', '学生'],
      ['parent', '家长'],
      ['teacher', '教师'],
      ['orgAdmin', '机构管理员'],
    ],
  },
  {
    code: 'programmingLanguage',
    name: '编程语言',
    items: [
      ['53', 'C++'],
      ['71', 'Python'],
    ],
  },
  {
    // The tags of member documents (content-centre articles, write-ups, notes; seed/document-texts.ts).
    code: DOCUMENT_TAG_DICT,
    name: '文档标签',
    items: DOCUMENT_TAGS.map((tag) => [tag, tag]),
  },
  {
    code: 'courseTag',
    name: '课程标签',
    items: [
      ['语法入门', '语法入门'],
      ['算法基础', '算法基础'],
      ['数据结构', '数据结构'],
      ['搜索', '搜索'],
      ['动态规划', '动态规划'],
      ['图论', '图论'],
      ['数学', '数学'],
      ['趣味编程', '趣味编程'],
      ['GESP', 'GESP'],
      ['CSP-J', 'CSP-J'],
      ['CSP-S', 'CSP-S'],
    ],
  },
  {
    code: 'courseLevel',
    name: '课程难度',
    items: [
      ['入门', '入门'],
      ['普及', '普及'],
      ['提高', '提高'],
      ['省选', '省选'],
    ],
  },
  {
    code: 'chapterTag',
    name: '章节标签',
    items: [
      ['理论', '理论'],
      ['练习', '练习'],
      ['测验', '测验'],
    ],
  },
];

export interface DemoGrade {
  organization: string;
  name: string;
  description: string;
  /** The lifecycle state (lifecycles/grade.ts); what learners see follows from it and the dates. */
  state: 'draft' | 'published' | 'stopped';
  isPublic: boolean;
  sort: number;
  priceFen: number;
  /** Days from the first start: a fresh installation shows every status of the dictionary. */
  enrollStartDays: number | null;
  startDays: number;
  endDays: number;
  /** Username of the teaching account in the grade's organization. */
  teacher: string | null;
  schedule?: string;
  lessons?: number;
  notes?: string;
}

export const GRADES: DemoGrade[] = [
  {
    organization: DEMO_ORGANIZATION,
    name: 'CSP-J 入门班（2026 冬季）',
    description: '从零开始学习 C++，掌握 CSP-J 初赛与复赛的基础算法。',
    state: 'published',
    isPublic: true,
    sort: 1,
    priceFen: 199_900,
    enrollStartDays: -20,
    startDays: 14,
    endDays: 120,
    teacher: 'demo_teacher',
    schedule: '每周六或周日 9:00–11:30（按分组）',
    lessons: 32,
    notes:
      '请自带笔记本电脑，提前安装好 Dev-C++ 或 VS Code。\n每次课后有作业，截止后两天内可补交（得分按 80% 计）。\n开课后已上课时按课时费结算，退班时退回未结算部分。',
  },
  {
    organization: DEMO_ORGANIZATION,
    name: 'CSP-S 提高班',
    description: '动态规划、图论与数据结构专题训练，每周一次模拟赛。',
    state: 'published',
    isPublic: true,
    sort: 2,
    priceFen: 299_900,
    enrollStartDays: -60,
    startDays: -30,
    endDays: 150,
    teacher: 'demo_teacher',
    schedule: '每周六 14:00–17:00，周日模拟赛',
    lessons: 40,
    notes: '面向已掌握 C++ 基础语法的同学；每周日晚有一场模拟赛，赛后讲评。',
  },
  {
    organization: DEMO_ORGANIZATION,
    name: 'NOIP 冲刺班',
    description: '面向 NOIP 的真题精讲与限时训练。',
    state: 'published',
    isPublic: true,
    sort: 3,
    priceFen: 399_900,
    enrollStartDays: 10,
    startDays: 40,
    endDays: 160,
    teacher: null,
  },
  {
    organization: DEMO_ORGANIZATION,
    name: 'Python 趣味编程',
    description: '用 Python 做小游戏，培养编程兴趣。',
    state: 'published',
    isPublic: true,
    sort: 4,
    priceFen: 0,
    enrollStartDays: -200,
    startDays: -180,
    endDays: -20,
    teacher: 'demo_teacher',
  },
  {
    organization: DEMO_ORGANIZATION,
    name: '暑期集训营（2025）',
    description: '2025 年暑期集训，已停止招生。',
    state: 'stopped',
    isPublic: true,
    sort: 5,
    priceFen: 159_900,
    enrollStartDays: -500,
    startDays: -480,
    endDays: -420,
    teacher: null,
  },
  {
    organization: DEMO_ORGANIZATION,
    name: '省选内部训练班',
    description: '校内选拔的内部班级，尚未发布。',
    state: 'draft',
    isPublic: false,
    sort: 6,
    priceFen: 0,
    enrollStartDays: null,
    startDays: 30,
    endDays: 200,
    teacher: 'demo_teacher',
  },
  {
    organization: SECOND_ORGANIZATION,
    name: '星火周末算法班',
    description: '周末小班授课，适合初二到高一的同学。',
    state: 'published',
    isPublic: true,
    sort: 7,
    priceFen: 249_900,
    enrollStartDays: -10,
    startDays: 20,
    endDays: 110,
    teacher: 'demo_teacher',
  },
];

export const GRADE_APP_ID = APP_ID;

export interface DemoMembership {
  name: string;
  type: '0' | '1';
  tags: ('student' | 'studentPackage' | 'educational')[];
  status: '0' | '1';
  sort: number;
  priceFen: number;
  durationDays: number;
  /** Empty: the card grants the default rights. */
  rights: string[];
}

export const MEMBERSHIPS: DemoMembership[] = [
  {
    name: '学生年卡',
    type: '0',
    tags: ['student'],
    status: '1',
    sort: 1,
    priceFen: 39_900,
    durationDays: 365,
    rights: [],
  },
  {
    name: '学生季卡',
    type: '0',
    tags: ['student'],
    status: '1',
    sort: 2,
    priceFen: 12_900,
    durationDays: 90,
    rights: [],
  },
  {
    name: '家庭学习套餐',
    type: '0',
    tags: ['studentPackage'],
    status: '1',
    sort: 3,
    priceFen: 69_900,
    durationDays: 365,
    rights: [],
  },
  {
    name: '教练年卡',
    type: '1',
    tags: ['educational'],
    status: '1',
    sort: 4,
    priceFen: 99_900,
    durationDays: 365,
    rights: ['solutionVideo', 'mockExam', 'testCaseView'],
  },
];

/** AI assistant token packs on sale (issue 6); bought as orders of kind aiTokens. */
export const AI_TOKEN_GOODS = [
  { name: 'AI 助教体验包', description: '约 50 次答疑', tokens: 50_000, priceFen: 990, sort: 1 },
  {
    name: 'AI 助教月度包',
    description: '约 300 次答疑',
    tokens: 300_000,
    priceFen: 4_900,
    sort: 2,
  },
  {
    name: 'AI 助教学期包',
    description: '约 1500 次答疑',
    tokens: 1_500_000,
    priceFen: 19_900,
    sort: 3,
  },
];

/** What the demo student finds in their wallet on the first start, from the platform. */
export const STUDENT_WELCOME_FEN = 5_000;

/** The demo student holds an annual card, valid from the first start for its duration. */
export const STUDENT_CARD = '学生年卡';
