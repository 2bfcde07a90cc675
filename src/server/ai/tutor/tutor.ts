/**
 * The built-in judge tutor: the offline default of the AI assistant (docs/decisions/ai-assistant.md
 * "The AI assistant"). It is not a language model and says so; it reads the judge's verdict, the
 * compiler's or interpreter's diagnostics, the failing case and the code, and explains them in
 * Chinese the way a coach would, with hints from the question's tags.
 */
import { explainGccDiagnostic, parseGccOutput } from './gcc.ts';
import { explainPythonError, parsePythonTraceback } from './python.ts';
import { compareOutputs, mleFindings, reFindings, tleFindings } from './verdict.ts';

export interface TutorQuestion {
  title: string;
  statement: string;
  tags: string[];
  timeLimitMs: number | null;
  memoryLimitMib: number | null;
}

export interface TutorFailingCase {
  index: number;
  verdict: string;
  /** The judge's or checker's message for the case. */
  message: string | null;
  /** Null when the learner may not see the case's data (it is then described without it). */
  input: string | null;
  expected: string | null;
  got: string | null;
  /** What the program wrote to stderr on the case; '' when the case is hidden. */
  stderr: string;
  /**
   * The Python built-in exception the program ended with (python.ts builtinExceptionOf): its
   * name alone, which is all that is said of a hidden case's exception.
   */
  exception: string | null;
  truncated: boolean;
}

export interface TutorAnswer {
  id: number;
  language: string;
  source: string;
  /** Null while it is still being judged. */
  verdict: string | null;
  compileOutput: string;
  timeMs: number | null;
  memoryKiB: number | null;
  failing: TutorFailingCase | null;
  casesPassed: number;
  casesRun: number;
}

export interface TutorInput {
  scene: 'question' | 'examReport' | 'homeworkReport' | 'general';
  question: TutorQuestion | null;
  answer: TutorAnswer | null;
  /** What the learner asked. */
  text: string;
}

const VERDICT_NAMES: Record<string, string> = {
  AC: '答案正确（AC）',
  WA: '答案错误（WA）',
  TLE: '超出时间限制（TLE）',
  MLE: '超出内存限制（MLE）',
  RE: '运行错误（RE）',
  CE: '编译错误（CE）',
  OLE: '输出超限（OLE）',
  SE: '系统错误（SE）',
};

/** Hints by tag: the idea a learner stuck on such a question most often misses. */
const TAG_HINTS: [RegExp, string][] = [
  [
    /动态规划|DP|dp|背包/,
    '动态规划：先想清楚“状态”表示什么（例如 f[i] 表示前 i 个……的最优值），再写出从小状态推到大状态的转移，最后确认初始值和答案在哪个状态里。',
  ],
  [/贪心/, '贪心：找出每一步“看起来最好”的选择，并试着举反例验证它；常和排序一起使用。'],
  [
    /二分/,
    '二分：答案是否具有单调性？写一个 check(x) 判断 x 是否可行，再在答案范围上二分；注意 l、r 的更新与循环结束条件。',
  ],
  [
    /前缀和|差分/,
    '前缀和 / 差分：区间求和用 s[r] - s[l-1]，区间整体加减用差分数组，都能把一层循环变成 O(1)。',
  ],
  [/搜索|DFS|dfs|回溯/, '搜索：明确每层要做的选择和终止条件，用标记数组避免重复访问，必要时剪枝。'],
  [/BFS|bfs|广度/, 'BFS：用队列按层扩展，第一次到达某个状态时的步数就是最短步数；入队时就打标记。'],
  [
    /图论|最短路|Dijkstra|SPFA|Floyd/i,
    '图论 / 最短路：先选对存图方式（邻接表），边权非负用 Dijkstra + 优先队列，n 很小时可以 Floyd。',
  ],
  [/排序/, '排序：想想排序之后问题是否变简单；C++ 用 sort 并按需写比较函数。'],
  [/模拟/, '模拟：按题意一步步实现，先把过程在纸上走一遍样例，再注意边界和特殊情况。'],
  [
    /字符串/,
    '字符串：注意读入方式（带空格的行用 getline）、下标从 0 开始，以及大小写和空格的处理。',
  ],
  [
    /数学|数论|质数|素数|gcd/i,
    '数学 / 数论：先推公式减少计算量；注意取模的位置、乘法溢出（用 long long）、质数可用筛法预处理。',
  ],
  [
    /高精度/,
    '高精度：数字超过 long long 时，用数组逐位存储并模拟竖式计算（C++），Python 整数则可直接计算。',
  ],
  [
    /递归|递推/,
    '递归 / 递推：写清楚边界条件，并确认每次调用都在向边界靠近；能递推就递推，避免递归过深。',
  ],
  [/并查集/, '并查集：find 时做路径压缩，合并前先判断是否已在同一集合。'],
  [/栈|队列/, '栈 / 队列：访问 top/front 之前先判断是否为空。'],
  [/树/, '树：通常从根做一次 DFS，在回溯时合并子树的信息。'],
  [/双指针|尺取/, '双指针：两个指针都只向前移动，整体是 O(n) 的；想清楚什么时候移动左指针。'],
  [/枚举/, '枚举：先确定要枚举什么，再估算次数是否在 10^8 以内；能少枚举一个变量就少一层循环。'],
];

export function tagHints(tags: string[]): string[] {
  const hints: string[] = [];
  for (const [test, hint] of TAG_HINTS) {
    if (tags.some((t) => test.test(t)) && !hints.includes(hint)) hints.push(hint);
  }
  return hints.slice(0, 3);
}

const codeLines = (a: TutorAnswer) => a.source.split('\n');
const block = (s: string, max = 400) => {
  const cut = s.length > max ? `${s.slice(0, max)}\n…` : s;
  return '```\n' + cut.replace(/```/g, "'''") + '\n```';
};

function compileError(a: TutorAnswer): string[] {
  const out: string[] = [];
  if (a.language === 'python') {
    const e = parsePythonTraceback(a.compileOutput);
    if (e) {
      out.push(`### 第 ${e.line ?? '?'} 行：${e.type}`);
      if (e.code) out.push(block(e.code));
      out.push(explainPythonError(e, null));
      return out;
    }
  } else {
    const report = parseGccOutput(a.compileOutput);
    const errors = report.diagnostics.filter((d) => d.severity !== 'warning');
    const lines = codeLines(a);
    for (const d of errors.slice(0, 3)) {
      out.push(`### 第 ${d.line} 行：${d.message}`);
      const code = lines[d.line - 1];
      if (code !== undefined && code.trim()) out.push(block(code.trim()));
      out.push(explainGccDiagnostic(d, lines));
    }
    if (errors.length > 3) {
      out.push(
        `（还有 ${errors.length - 3} 处错误。前面的错误常常会引起后面的连锁报错，先改前面的再重新提交。）`,
      );
    }
    if (report.missingMain) {
      out.push(
        '链接器找不到 `main` 函数：C++ 程序必须有 `int main()`，检查是否拼错（如 `mian`、`Main`）或漏写。',
      );
    }
    for (const name of report.undefinedReferences.slice(0, 2)) {
      out.push(`函数 \`${name}\` 只有声明没有定义（或定义时参数类型不一致）：补上它的函数体。`);
    }
  }
  if (out.length === 0) {
    out.push('编译没有通过。编译器的输出如下，从第一条 error 开始看：');
    out.push(block(a.compileOutput.trim() || '（没有输出）', 800));
  }
  return out;
}

function failingCaseLines(f: TutorFailingCase): string[] {
  const out: string[] = [];
  if (f.input === null) {
    out.push(
      `第一个没有通过的是**第 ${f.index} 个测试点**。这个测试点的数据对你不可见（没有查看测试点的权益或班级未开放），所以下面只根据结果和代码分析。`,
    );
    return out;
  }
  out.push(
    `第一个没有通过的是**第 ${f.index} 个测试点**${f.truncated ? '（数据较长，只显示开头）' : ''}。`,
  );
  out.push(`输入：\n${block(f.input, 300)}`);
  if (f.expected !== null) out.push(`期望输出：\n${block(f.expected, 300)}`);
  if (f.got !== null) out.push(`你的输出：\n${block(f.got || '（空）', 300)}`);
  return out;
}

function verdictSection(input: TutorInput, a: TutorAnswer): string[] {
  const q = input.question;
  const out: string[] = [];
  const verdict = a.verdict ?? '';
  const facts = { language: a.language, source: a.source };
  const name = VERDICT_NAMES[verdict] ?? verdict;
  out.push(
    `## 这次提交：${name}` +
      (a.casesRun > 0 ? `\n\n通过了 ${a.casesPassed} / ${a.casesRun} 个测试点。` : ''),
  );
  const f = a.failing;
  switch (verdict) {
    case 'AC':
      out.push('恭喜，这份代码已经通过了全部测试点！');
      if (a.timeMs !== null && q?.timeLimitMs && a.timeMs > q.timeLimitMs * 0.6) {
        out.push(
          `最慢的测试点用了 ${a.timeMs} ms，接近时限 ${q.timeLimitMs} ms：可以想想能否进一步优化，数据更强时才不会超时。`,
        );
      }
      break;
    case 'CE':
      out.push(...compileError(a));
      break;
    case 'WA':
      if (f) out.push(...failingCaseLines(f));
      if (f && f.expected !== null && f.got !== null) {
        const found = compareOutputs(f.expected, f.got);
        out.push(...(found.length > 0 ? found : ['输出与答案在比较规则下不一致。']));
      } else {
        out.push(
          '答案错误的常见原因：① 整数溢出（结果超过 2³¹−1 时用 long long）；② 边界情况（n = 0、n = 1、最大值、负数、全相同）；③ 输出格式（空格、换行、小数位数）；④ 多组数据时变量没有重新初始化。',
        );
      }
      if (f?.message) out.push(`评测说明：${f.message}`);
      break;
    case 'TLE':
      if (f) out.push(...failingCaseLines(f).slice(0, 1));
      out.push(...tleFindings(facts, q?.statement ?? '', q?.timeLimitMs ?? null));
      break;
    case 'MLE':
      if (f) out.push(...failingCaseLines(f).slice(0, 1));
      out.push(...mleFindings(facts, q?.memoryLimitMib ?? null));
      break;
    case 'RE': {
      if (f) out.push(...failingCaseLines(f));
      // A hidden case's exception message, line or program output could carry its input: only
      // the built-in exception's name is said.
      const hidden = f?.input === null;
      const py = a.language === 'python' && f && !hidden ? parsePythonTraceback(f.stderr) : null;
      if (hidden && a.language === 'python' && f?.exception) {
        out.push(
          `程序抛出了 **${f.exception}**。这个测试点的数据不可见，异常的说明文字也可能含有数据，所以不显示。`,
        );
        out.push(
          explainPythonError({ type: f.exception, message: '', line: null, code: null }, null),
        );
      } else if (py) {
        out.push(
          `程序在第 ${py.line ?? '?'} 行抛出了 **${py.type}**${py.message ? `：${py.message}` : ''}。`,
        );
        if (py.code) out.push(block(py.code));
        out.push(explainPythonError(py, f?.input ?? null));
      } else {
        const found = reFindings(facts, hidden ? '' : (f?.stderr ?? ''), f?.message ?? undefined);
        out.push(
          ...(found.length > 0 ? found : ['程序运行时异常退出。检查数组下标、除数和递归深度。']),
        );
      }
      break;
    }
    case 'OLE':
      out.push(
        '输出的内容远多于答案：检查是否在循环里输出了调试信息，或者出现了死循环一直在输出。',
      );
      break;
    case 'SE':
      out.push(
        '这是评测系统自身的问题，不是你的代码的错误：请稍后重新提交，若仍然出现请联系老师。',
      );
      break;
    default:
      out.push('这次提交还在评测中，评测结束后再问我，我就能根据结果分析。');
  }
  return out;
}

const INTRO =
  '我是**内置判题助教**：不是大语言模型，而是根据评测结果、编译器报错、未通过的测试点和你的代码做分析的规则程序。';
const HOW_TO_CONNECT =
  '学校可以在服务器上配置 `AI_BASE_URL`、`AI_API_KEY` 和 `AI_MODEL` 三个环境变量接入兼容 OpenAI 接口的大模型，届时这里会由该模型回答。';

/** Did the learner ask about their submission (as opposed to a general question)? */
const ASKS_ABOUT_VERDICT =
  /为什么|哪里错|错在|怎么改|报错|编译|超时|TLE|WA|RE|MLE|CE|AC|没过|不过|错误|失败|分析|解释|看看|帮我|提交|结果|测试点|代码/i;

/** The tutor's whole answer, in Markdown. */
export function tutorReply(input: TutorInput): string {
  const parts: string[] = [];
  const q = input.question;
  const a = input.answer;
  const aboutVerdict =
    a !== null && (ASKS_ABOUT_VERDICT.test(input.text) || input.text.length < 12);
  if (aboutVerdict) {
    if (q) parts.push(`关于题目「${q.title}」的这次提交，我的分析如下。`);
    parts.push(...verdictSection(input, a));
    if (q && a.verdict !== 'AC' && a.verdict !== 'CE') {
      const hints = tagHints(q.tags);
      if (hints.length > 0) parts.push('## 本题的思路提示', ...hints.map((h) => `- ${h}`));
    }
    parts.push('改好后重新提交，再问我就能分析新的结果。');
    parts.push(`> ${INTRO}`);
    return parts.join('\n\n');
  }
  parts.push(INTRO);
  if (q) {
    parts.push(`你正在做「${q.title}」。`);
    const hints = tagHints(q.tags);
    if (hints.length > 0) parts.push('## 本题的思路提示', ...hints.map((h) => `- ${h}`));
    else {
      parts.push(
        '先读懂输入输出格式，在纸上手算一遍样例；再估算数据范围允许的复杂度（1 秒约 10^8 次运算），据此选择算法。',
      );
    }
    if (q.timeLimitMs !== null) {
      parts.push(`本题时限 ${q.timeLimitMs} ms，内存限制 ${q.memoryLimitMib ?? '?'} MiB。`);
    }
    parts.push(
      a === null
        ? '提交代码后，问我“为什么没通过”，我会根据评测结果、报错和未通过的测试点帮你分析。'
        : '想让我分析你的提交，可以问“这次为什么没通过”。',
    );
  } else {
    parts.push(
      '我能做的是：解释编译错误（g++ 与 Python 的报错）、分析答案错误 / 超时 / 超内存 / 运行错误的常见原因、结合题目标签给出思路提示。请在做题页或考试、作业报告页打开我，并先提交一次代码。',
    );
    parts.push('我不能回答与题目和评测无关的开放问题。');
  }
  parts.push(HOW_TO_CONNECT);
  return parts.join('\n\n');
}

/**
 * The reply cut into the small pieces it is streamed in: a few characters at a time, never
 * splitting a surrogate pair, so the client renders it growing as a model's answer would.
 */
export function pieces(text: string, size = 6): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}
