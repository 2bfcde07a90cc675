/**
 * The platform's curriculum (issue 9 item 7), original writing over the seeded question bank: the
 * public course 信息学公开课 (docs/product-rules.md#units) in seven units — the last one paid — the
 * GESP training camp's levels 1–4, and three themed courses the topic pages gather by tag. Every
 * installation starts from it, like the question bank. Idempotent by seed_key: a chapter or course
 * is written once with its questions or units and never touched again, so staff edits stay.
 */
import { PUBLIC_COURSE_NAME } from '../../contract/course/units.ts';
import type { PoolClient } from '../db/pool.ts';
import { SEED_HANDOUT_FILE_NAME } from './files.ts';

export interface SeedUnit {
  slug: string;
  title: string;
  notes: string;
  /** Seed keys of the questions, in order. */
  questions: string[];
  priceFen?: number;
  pdfFile?: string;
}

export interface SeedCourse {
  slug: string;
  title: string;
  summary: string;
  notes: string;
  tags: string[];
  level: string | null;
  campLevel: number | null;
  sort: number;
  /** Unit slugs, in order. */
  units: string[];
}

const goals = (...lines: string[]) => ['## 学习目标', '', ...lines.map((l) => `- ${l}`)].join('\n');

export const PLATFORM_UNITS: readonly SeedUnit[] = [
  {
    slug: 'open-1-io',
    title: '顺序结构与输入输出',
    notes: goals(
      '用 `cin`/`cout` 或 `input()`/`print()` 读入与输出',
      '分清整数除法与浮点除法，会控制小数位数',
      '写出“读入 → 计算 → 输出”的完整程序',
    ),
    questions: [
      'problem:01-a-plus-b',
      'question:1',
      'question:3',
      'question:6',
      'problem:21-circle-area',
    ],
    pdfFile: SEED_HANDOUT_FILE_NAME,
  },
  {
    slug: 'open-2-branch',
    title: '分支结构',
    notes: goals(
      '用 `if`/`else` 按条件选择',
      '牢记 `=` 与 `==` 的区别，以及负数取余的符号',
      '把复杂条件拆成 `&&`、`||` 的组合',
    ),
    questions: [
      'problem:02-odd-even',
      'problem:03-max-of-three',
      'problem:04-leap-year',
      'question:2',
      'question:15',
    ],
  },
  {
    slug: 'open-3-loop',
    title: '循环结构',
    notes: goals(
      '用 `for`/`while` 重复执行，写对循环的起点与终点',
      '在循环里累加、计数、拆分数位',
      '估计循环次数，判断程序会不会超时',
    ),
    questions: [
      'problem:05-sum-1-to-n',
      'problem:06-reverse-number',
      'problem:07-prime-check',
      'problem:12-print-triangle',
      'question:7',
      'question:16',
    ],
  },
  {
    slug: 'open-4-array-string',
    title: '数组与字符串',
    notes: goals(
      '用数组保存一批数据，注意下标从 0 开始与越界',
      '逐个字符处理字符串：计数、比较、翻转',
      '二维数组的下标变换',
    ),
    questions: [
      'problem:08-count-chars',
      'problem:09-palindrome',
      'problem:10-sort-unique',
      'problem:11-matrix-rotate',
      'question:11',
      'question:12',
      'question:17',
    ],
  },
  {
    slug: 'open-5-sort-search',
    title: '排序与查找',
    notes: goals(
      '用 `sort` 与自定义比较函数排序',
      '在有序数组上二分查找',
      '用双指针把 O(n²) 降到 O(n)',
    ),
    questions: [
      'problem:16-lower-bound',
      'problem:20-score-sort',
      'problem:23-pair-sum',
      'question:8',
      'question:9',
      'question:13',
    ],
  },
  {
    slug: 'open-6-math',
    title: '数学与高精度',
    notes: goals(
      '进制转换的两种方向',
      '辗转相除法求最大公约数与最小公倍数',
      '用数组模拟竖式做高精度加法',
    ),
    questions: [
      'problem:13-big-add',
      'problem:14-base-convert',
      'problem:17-gcd-lcm',
      'question:4',
      'question:5',
      'question:10',
    ],
  },
  {
    slug: 'open-7-dp',
    title: '递推、贪心与动态规划入门',
    notes: goals(
      '前缀和：一次预处理，O(1) 回答区间和',
      '从小问题推出大问题：台阶问题的递推',
      '贪心选择与最大子段和',
    ),
    questions: [
      'problem:15-prefix-sum',
      'problem:18-broken-stairs',
      'problem:19-activity-selection',
      'problem:22-max-subarray',
      'question:20',
      'question:14',
      'question:19',
    ],
    priceFen: 1990,
  },
  {
    slug: 'gesp-1-basics',
    title: 'GESP 一级：顺序与分支',
    notes: goals('熟悉一级考查的基本输入输出、算术运算与简单分支'),
    questions: [
      'problem:01-a-plus-b',
      'problem:02-odd-even',
      'problem:21-circle-area',
      'question:1',
      'question:3',
    ],
  },
  {
    slug: 'gesp-1-practice',
    title: 'GESP 一级：综合练习',
    notes: goals('把分支与简单计算组合起来解题'),
    questions: ['problem:03-max-of-three', 'problem:05-sum-1-to-n', 'question:15'],
  },
  {
    slug: 'gesp-2-loops',
    title: 'GESP 二级：循环与数位',
    notes: goals('二级的核心：多重循环、数位拆分与素数判断'),
    questions: [
      'problem:04-leap-year',
      'problem:06-reverse-number',
      'problem:07-prime-check',
      'problem:12-print-triangle',
      'question:16',
    ],
  },
  {
    slug: 'gesp-3-arrays',
    title: 'GESP 三级：数组、字符串与进制',
    notes: goals('三级的核心：一维数组、字符串处理与进制转换'),
    questions: [
      'problem:08-count-chars',
      'problem:09-palindrome',
      'problem:14-base-convert',
      'problem:10-sort-unique',
      'question:4',
      'question:5',
    ],
  },
  {
    slug: 'gesp-4-functions',
    title: 'GESP 四级：排序、函数与递推',
    notes: goals('四级的核心：排序算法、函数封装与简单递推'),
    questions: [
      'problem:20-score-sort',
      'problem:17-gcd-lcm',
      'problem:18-broken-stairs',
      'problem:16-lower-bound',
      'question:9',
      'question:13',
    ],
  },
];

const OPEN_UNITS = PLATFORM_UNITS.filter((u) => u.slug.startsWith('open-')).map((u) => u.slug);

export const PLATFORM_COURSES: readonly SeedCourse[] = [
  {
    slug: 'open-course',
    title: PUBLIC_COURSE_NAME,
    summary: '从第一行代码到动态规划入门：七个单元，每单元配套讲解与练习题。',
    notes: [
      '## 这门课适合谁',
      '',
      '刚开始学编程、准备参加 GESP 或 CSP-J 的同学。每个单元先读“学习目标”，再按顺序完成题目；',
      '编程题提交后立刻得到评测结果，客观题作答后可以看到解析。',
      '',
      '## 怎样学',
      '',
      '1. 每周完成一个单元，遇到 WA 先自己构造小数据检查；',
      '2. 卡住超过 20 分钟再看讲义或题解；',
      '3. 单元全部通过后，回到课程页查看进度。',
    ].join('\n'),
    tags: ['语法入门', '算法基础', 'CSP-J'],
    level: '入门',
    campLevel: null,
    sort: 1,
    units: OPEN_UNITS,
  },
  {
    slug: 'camp-gesp-1',
    title: 'GESP 一级集训',
    summary: '一级考点：输入输出、算术运算与分支结构。',
    notes: '按考纲梳理一级考点，每个单元是一组练习题。',
    tags: ['GESP'],
    level: '入门',
    campLevel: 1,
    sort: 101,
    units: ['gesp-1-basics', 'gesp-1-practice'],
  },
  {
    slug: 'camp-gesp-2',
    title: 'GESP 二级集训',
    summary: '二级考点：多重循环、数位拆分与素数。',
    notes: '按考纲梳理二级考点，每个单元是一组练习题。',
    tags: ['GESP'],
    level: '入门',
    campLevel: 2,
    sort: 102,
    units: ['gesp-2-loops'],
  },
  {
    slug: 'camp-gesp-3',
    title: 'GESP 三级集训',
    summary: '三级考点：数组、字符串与进制转换。',
    notes: '按考纲梳理三级考点，每个单元是一组练习题。',
    tags: ['GESP'],
    level: '普及',
    campLevel: 3,
    sort: 103,
    units: ['gesp-3-arrays'],
  },
  {
    slug: 'camp-gesp-4',
    title: 'GESP 四级集训',
    summary: '四级考点：排序、函数与递推。',
    notes: '按考纲梳理四级考点，每个单元是一组练习题。',
    tags: ['GESP'],
    level: '普及',
    campLevel: 4,
    sort: 104,
    units: ['gesp-4-functions'],
  },
  {
    slug: 'fun-cpp',
    title: '趣味 C++：用程序解谜',
    summary: '回文、图形、台阶与进制：用小谜题练熟循环和数组。',
    notes: '每道题都是一个小谜题。先猜答案，再写程序验证。',
    tags: ['趣味编程', '语法入门'],
    level: '入门',
    campLevel: null,
    sort: 11,
    units: ['open-3-loop', 'open-4-array-string'],
  },
  {
    slug: 'contest-grammar',
    title: '竞赛语法精讲',
    summary: '竞赛中最常用的 C++ 语法：输入输出、分支、循环、数组与排序。',
    notes: '面向 CSP-J 的语法梳理：只讲竞赛里真正用得到的写法，以及最常见的错误。',
    tags: ['语法入门', 'CSP-J'],
    level: '普及',
    campLevel: null,
    sort: 12,
    units: [
      'open-1-io',
      'open-2-branch',
      'open-3-loop',
      'open-4-array-string',
      'open-5-sort-search',
    ],
  },
  {
    slug: 'winter-camp',
    title: 'C++ 寒假集训 · 普及组',
    summary: '十天冲刺普及组：排序查找、数学与递推，配合每日练习。',
    notes: '寒假集训的线上部分：每天一个主题，晚上在班级里讲评。',
    tags: ['CSP-J', '算法基础'],
    level: '普及',
    campLevel: null,
    sort: 13,
    units: ['open-5-sort-search', 'open-6-math', 'open-7-dp'],
  },
];

/** Inserts the curriculum's missing chapters and courses; returns how many courses it wrote. */
export async function seedCourses(client: PoolClient): Promise<number> {
  for (const [i, unit] of PLATFORM_UNITS.entries()) {
    const created = await client.query<{ id: number }>(
      `INSERT INTO chapters (organization_id, title, notes, sort, seed_key, price_fen, pdf_file)
       VALUES (NULL, $1, $2, $3, $4, $5, $6)
       ON CONFLICT (seed_key) DO NOTHING RETURNING id`,
      [
        unit.title,
        unit.notes,
        100 + i,
        `chapter:${unit.slug}`,
        unit.priceFen ?? 0,
        unit.pdfFile ?? null,
      ],
    );
    const id = created.rows[0]?.id;
    if (id === undefined) continue;
    await client.query(
      `INSERT INTO chapter_questions (chapter_id, question_id, position)
       SELECT $1, q.id, row_number() OVER (ORDER BY k.ord)
         FROM unnest($2::text[]) WITH ORDINALITY AS k(seed_key, ord)
         JOIN questions q ON q.seed_key = k.seed_key AND q.status = 'active'`,
      [id, unit.questions],
    );
  }
  let written = 0;
  for (const course of PLATFORM_COURSES) {
    const created = await client.query<{ id: number }>(
      `INSERT INTO courses (organization_id, title, summary, notes, tags, level, camp_level,
                           published, review, sort, seed_key)
       VALUES (NULL, $1, $2, $3, $4, $5, $6, true, 'passed', $7, $8)
       ON CONFLICT (seed_key) DO NOTHING RETURNING id`,
      [
        course.title,
        course.summary,
        course.notes,
        course.tags,
        course.level,
        course.campLevel,
        course.sort,
        `course:${course.slug}`,
      ],
    );
    const id = created.rows[0]?.id;
    if (id === undefined) continue;
    await client.query(
      `INSERT INTO course_chapters (course_id, chapter_id, position)
       SELECT $1, c.id, row_number() OVER (ORDER BY k.ord)
         FROM unnest($2::text[]) WITH ORDINALITY AS k(slug, ord)
         JOIN chapters c ON c.seed_key = 'chapter:' || k.slug AND c.status = 'active'`,
      [id, course.units],
    );
    written++;
  }
  return written;
}

/** The demo organization's own course, over its demo chapters, waiting for the platform's review. */
export const DEMO_COURSE_SEED_KEY = 'course:demo-school';

export async function seedDemoCourse(client: PoolClient, organization: string): Promise<void> {
  const created = await client.query<{ id: number }>(
    `INSERT INTO courses (organization_id, title, summary, notes, tags, level, published, review,
                          sort, seed_key)
     SELECT o.id, '校本课：程序设计入门', '本校信息学兴趣班的课程：顺序结构与分支结构。',
            '本课程由学校教研组编写，配合每周一次的兴趣班使用。', ARRAY['语法入门'], '入门',
            true, 'reviewing', 50, $2
       FROM organizations o WHERE o.name = $1
     ON CONFLICT (seed_key) DO NOTHING RETURNING id`,
    [organization, DEMO_COURSE_SEED_KEY],
  );
  const id = created.rows[0]?.id;
  if (id === undefined) return;
  await client.query(
    `INSERT INTO course_chapters (course_id, chapter_id, position)
     SELECT $1, c.id, row_number() OVER (ORDER BY c.sort, c.id)
       FROM chapters c JOIN courses k ON k.id = $1
      WHERE c.organization_id = k.organization_id AND c.seed_key LIKE 'chapter:%'
        AND c.status = 'active'`,
    [id],
  );
}
