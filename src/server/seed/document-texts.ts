/**
 * The seed's own writing for the content centre (five articles) and the GESP camp's solution
 * write-ups (levels 1–4, two or more questions each, some paid). Original text; the questions
 * are named by their seed keys (seed/questions.ts).
 */

export interface SeedArticle {
  key: string;
  title: string;
  summary: string;
  tags: string[];
  body: string;
}

export interface SeedSolution {
  key: string;
  /** The question's seed key, e.g. `problem:01-a-plus-b`. */
  question: string;
  /** The camp level (GESP 1–4) it belongs to; a tag as well. */
  level: 1 | 2 | 3 | 4;
  paid: boolean;
  title: string;
  summary: string;
  body: string;
}

const fence = (lang: string, code: string) => `\`\`\`${lang}\n${code.trim()}\n\`\`\``;

export const SEED_ARTICLES: SeedArticle[] = [
  {
    key: 'article:csp-j-plan',
    title: '如何准备 CSP-J：一份三个月的备赛计划',
    summary: '从语法巩固到模拟赛复盘，按周安排 CSP-J 入门组的备赛节奏。',
    tags: ['CSP', '入门', '经验'],
    body: `CSP-J（入门组）考查的是**扎实的语法**加上**基础算法**。下面是一份给初次参赛同学的三个月计划，可以按自己的进度伸缩。

## 第一个月：把语法写熟

- 每天至少独立完成 2 道顺序、分支、循环题，做到不看书也能写出完整程序。
- 重点练习数组、字符串和函数：初赛和复赛都离不开它们。
- 每道题提交前，自己先造两组数据，包括最小和最大的情况。

## 第二个月：基础算法逐个击破

| 周次 | 主题 | 建议题量 |
| --- | --- | --- |
| 第 5 周 | 排序、二分查找 | 8 道 |
| 第 6 周 | 前缀和、差分 | 6 道 |
| 第 7 周 | 递推、简单动态规划 | 8 道 |
| 第 8 周 | 深度优先搜索、广度优先搜索 | 8 道 |

## 第三个月：模拟赛与复盘

1. 每周一场完整的限时模拟赛（3.5 小时）。
2. 赛后当天复盘：每道没拿满分的题，写下“卡在哪里、下次怎么办”。
3. 最后两周回看自己的错题本，不再追新题。

> 比赛时先把每道题的暴力分拿到手，再考虑优化——稳定比冒险更重要。
`,
  },
  {
    key: 'article:judge-results',
    title: '读懂评测结果：AC、WA、TLE、MLE、RE 分别意味着什么',
    summary: '五种最常见的评测状态各自说明了什么，以及看到它们之后第一步该查什么。',
    tags: ['评测', '入门'],
    body: `提交代码后，评测机会在每个测试点上运行你的程序，并给出一个状态。学会读这些状态，能让你少走很多弯路。

## AC（Accepted，答案正确）

输出与标准答案一致。所有测试点都 AC，这道题才算通过。

## WA（Wrong Answer，答案错误）

程序正常结束，但输出不对。先检查：

- 是否漏看了题目中的**特殊情况**（如 0、负数、只有一个元素）；
- 整数是否**溢出**：两个 \`int\` 相乘很容易超过 $2^{31}-1$，改用 \`long long\`；
- 输出格式：多余的空格、少了换行、大小写写错（\`Yes\` 与 \`YES\`）。

## TLE（Time Limit Exceeded，超出时间限制）

程序太慢。估算一下复杂度：评测机一秒大约能做 $10^8$ 次简单运算。若 $n = 10^5$，$O(n^2)$ 的做法就要 $10^{10}$ 次，必然超时。也要留意是否写出了死循环。

## MLE（Memory Limit Exceeded，超出内存限制）

用的内存太多。常见原因是数组开得过大（比如 \`int a[100000000]\` 就要约 400 MB），或递归太深。

## RE（Runtime Error，运行错误）

程序中途崩溃。最常见的是**数组越界**、**除以零**，以及 \`main\` 没有 \`return 0\`。本地用较大的数据试一试，往往就能复现。
`,
  },
  {
    key: 'article:cpp-fast-io',
    title: 'C++ 输入输出提速：数据量大时怎么读写',
    summary: '当输入有几十万个数时，cin/cout 可能成为瓶颈。三种常用的提速方法及注意事项。',
    tags: ['语法', '输入输出'],
    body: `遇到“输入规模 $10^6$”这样的题目，读写本身就可能吃掉大半时间。

## 方法一：关闭同步

${fence(
  'cpp',
  `
#include <iostream>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int n;
    cin >> n;
    long long sum = 0;
    for (int i = 0; i < n; i++) {
        int x;
        cin >> x;
        sum += x;
    }
    cout << sum << '\\n';
    return 0;
}`,
)}

关闭同步之后，**不要再混用** \`scanf\`/\`printf\` 与 \`cin\`/\`cout\`，否则输出顺序会乱。

## 方法二：用 \`'\\n'\` 代替 \`endl\`

\`endl\` 每次都会刷新缓冲区，输出十万行时会明显变慢；换成 \`'\\n'\` 即可。

## 方法三：scanf / printf

C 风格的读写本身就比较快，适合格式简单的输入。读 \`long long\` 时格式串写 \`%lld\`。

> 小结：大多数题目只需要“关闭同步 + \`'\\n'\`”就足够了。
`,
  },
  {
    key: 'article:debugging',
    title: '调试技巧：程序不对时怎么一步步找到问题',
    summary: '打印中间值、缩小数据、对拍——三个最实用的调试方法。',
    tags: ['调试', '经验'],
    body: `程序出错时，与其盯着代码反复看，不如让程序自己“说话”。

## 1. 打印中间变量

在关键位置输出变量的值，看看哪一步开始和你想的不一样。调试输出建议写到 \`cerr\`，它不会混进标准输出：

${fence('cpp', `cerr << "i = " << i << ", sum = " << sum << '\\n';`)}

提交前记得删掉或注释掉调试输出。

## 2. 把数据缩小

找一组**能出错的最小数据**。数据越小，越容易手算出正确答案，也越容易看出程序在哪里走偏。

## 3. 对拍

写一个一定正确但较慢的暴力程序，再写一个随机数据生成器，让两个程序在同一批数据上比对输出：哪组数据不同，问题就藏在哪里。

## 4. 检查清单

- 数组开够了吗？下标从 0 还是从 1 开始？
- 多组数据时，变量有没有在每组开始前清零？
- 循环的边界是 \`<\` 还是 \`<=\`？
`,
  },
  {
    key: 'article:gesp-intro',
    title: 'GESP 考级介绍：八个级别分别考什么',
    summary: 'GESP 编程能力等级认证的级别划分、各级考查重点与备考建议。',
    tags: ['GESP', '考级', '入门'],
    body: `GESP（编程能力等级认证）把编程能力分为一到八级，C++ 与 Python 都可以报考。每次考试包括客观题与编程题两部分。

## 各级考查重点（概览）

| 级别 | 重点内容 |
| --- | --- |
| 一级 | 顺序结构、分支结构、基本运算 |
| 二级 | 循环结构、多重循环、数位处理 |
| 三级 | 数组、字符串、进制转换 |
| 四级 | 函数、排序、递推 |
| 五级 | 数论初步、高精度、二分 |
| 六级 | 搜索、动态规划入门、树 |
| 七级 | 图论、动态规划进阶 |
| 八级 | 综合算法与复杂度分析 |

## 备考建议

- **一到四级**重在语法熟练：本站“训练营”按级别整理了练习题和题解，可以逐级完成。
- 编程题的评测方式与日常刷题相同，注意输出格式。
- 客观题常考代码阅读：拿到一段程序，能手动模拟出它的输出。

> 达到一定级别的成绩，在部分地区可以作为参加 CSP 等比赛的参考，具体以官方通知为准。
`,
  },
];

export const SEED_SOLUTIONS: SeedSolution[] = [
  {
    key: 'solution:gesp1-a-plus-b',
    question: 'problem:01-a-plus-b',
    level: 1,
    paid: false,
    title: '题解：A+B 问题',
    summary: '注意数据范围：两个数相加可能超过 int。',
    body: `## 思路

读入两个整数，输出它们的和。唯一的陷阱在样例 2：$2\\times10^9 + 10^9$ 已经超过了 \`int\` 能表示的最大值 $2^{31}-1 \\approx 2.1\\times10^9$，所以要用 \`long long\`。

## 代码

${fence(
  'cpp',
  `
#include <iostream>
using namespace std;

int main() {
    long long a, b;
    cin >> a >> b;
    cout << a + b << '\\n';
    return 0;
}`,
)}

## 小结

先看数据范围，再选变量类型。`,
  },
  {
    key: 'solution:gesp1-odd-even',
    question: 'problem:02-odd-even',
    level: 1,
    paid: false,
    title: '题解：判断奇偶',
    summary: '负数取余的结果可能是 -1，判断时要与 0 比较。',
    body: `## 思路

偶数除以 2 的余数为 0。在 C++ 中，负数取余的符号跟被除数相同：\`-3 % 2\` 的结果是 \`-1\` 而不是 \`1\`。所以应当写 \`n % 2 == 0\` 判断偶数，而不是 \`n % 2 == 1\` 判断奇数。

## 代码

${fence(
  'cpp',
  `
#include <iostream>
using namespace std;

int main() {
    int t;
    cin >> t;
    while (t--) {
        long long n;
        cin >> n;
        cout << (n % 2 == 0 ? "even" : "odd") << '\\n';
    }
    return 0;
}`,
)}`,
  },
  {
    key: 'solution:gesp1-circle-area',
    question: 'problem:21-circle-area',
    level: 1,
    paid: true,
    title: '题解：圆的周长与面积',
    summary: '浮点数的读入、π 的取值与保留小数的输出方法。',
    body: `## 思路

直接套公式 $C = 2\\pi r$，$S = \\pi r^2$。要点有三个：

1. 半径是实数，用 \`double\` 读入；
2. $\\pi$ 可以用 \`acos(-1.0)\` 得到足够精确的值，不要只写 3.14；
3. 用 \`fixed\` 和 \`setprecision(6)\` 保留 6 位小数。

## 代码

${fence(
  'cpp',
  `
#include <cmath>
#include <iomanip>
#include <iostream>
using namespace std;

int main() {
    double r;
    cin >> r;
    const double PI = acos(-1.0);
    cout << fixed << setprecision(6) << 2 * PI * r << '\\n' << PI * r * r << '\\n';
    return 0;
}`,
)}

## 常见错误

- 用 3.14 作为 $\\pi$：误差约 $0.0016 r^2$，半径较大时就超出允许误差了。
- 用 \`int\` 读入半径：小数部分会丢失。`,
  },
  {
    key: 'solution:gesp2-leap-year',
    question: 'problem:04-leap-year',
    level: 2,
    paid: false,
    title: '题解：闰年判断',
    summary: '把三条规则合成一个条件表达式，并注意 && 与 || 的优先级。',
    body: `## 思路

闰年条件可以写成一个表达式：

$$(y \\bmod 4 = 0 \\land y \\bmod 100 \\ne 0) \\lor y \\bmod 400 = 0$$

写成 C++ 时给前半部分加上括号，读起来更清楚，也不容易写错。

## 代码

${fence(
  'cpp',
  `
#include <iostream>
using namespace std;

bool isLeap(int y) {
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int main() {
    int t;
    cin >> t;
    while (t--) {
        int y;
        cin >> y;
        cout << (isLeap(y) ? "Yes" : "No") << '\\n';
    }
    return 0;
}`,
)}`,
  },
  {
    key: 'solution:gesp2-prime-check',
    question: 'problem:07-prime-check',
    level: 2,
    paid: true,
    title: '题解：素数判断',
    summary: '只需试除到 √n；循环条件写成 i * i <= n 并注意溢出。',
    body: `## 思路

如果 $n$ 有一个大于 $\\sqrt{n}$ 的因数 $d$，那么 $n / d$ 就是一个小于 $\\sqrt{n}$ 的因数。所以只要检查 $2 \\sim \\sqrt{n}$ 之间有没有因数即可，每个数最多试除约 $3\\times10^4$ 次。

注意两点：

- $1$ 不是素数，要单独处理；
- 循环条件写 \`i * i <= n\` 时，\`i * i\` 可能超过 \`int\`，用 \`long long\`。

## 代码

${fence(
  'cpp',
  `
#include <iostream>
using namespace std;

bool isPrime(long long n) {
    if (n < 2) return false;
    for (long long i = 2; i * i <= n; i++) {
        if (n % i == 0) return false;
    }
    return true;
}

int main() {
    int t;
    cin >> t;
    while (t--) {
        long long n;
        cin >> n;
        cout << (isPrime(n) ? "Yes" : "No") << '\\n';
    }
    return 0;
}`,
)}

## 复杂度

每个数 $O(\\sqrt{n})$，共 $T$ 个数，总计约 $100 \\times 3.2\\times10^4$ 次运算，远低于时间限制。`,
  },
  {
    key: 'solution:gesp3-palindrome',
    question: 'problem:09-palindrome',
    level: 3,
    paid: false,
    title: '题解：回文串',
    summary: '双指针从两端向中间比较，遇到不同立即判否。',
    body: `## 思路

用两个下标 $i$、$j$ 分别指向字符串的头和尾，逐对比较 \`s[i]\` 与 \`s[j]\`，然后 $i$ 右移、$j$ 左移，直到相遇。只要有一对不同，就不是回文串。

## 代码

${fence(
  'cpp',
  `
#include <iostream>
#include <string>
using namespace std;

bool isPalindrome(const string& s) {
    int i = 0, j = (int)s.size() - 1;
    while (i < j) {
        if (s[i] != s[j]) return false;
        i++;
        j--;
    }
    return true;
}

int main() {
    int t;
    cin >> t;
    while (t--) {
        string s;
        cin >> s;
        cout << (isPalindrome(s) ? "Yes" : "No") << '\\n';
    }
    return 0;
}`,
)}

也可以把字符串反转后与原串比较，写法更短，但会多用一份内存。`,
  },
  {
    key: 'solution:gesp3-base-convert',
    question: 'problem:14-base-convert',
    level: 3,
    paid: true,
    title: '题解：进制转换',
    summary: '短除法取余、倒序输出；n 最大到 10^18，要用 long long。',
    body: `## 思路

十进制转 $k$ 进制用**短除法**：不断用 $n$ 除以 $k$，记下余数，直到商为 0；把余数**倒过来**就是答案。余数大于 9 时用字母表示。

两个细节：

- $n$ 最大到 $10^{18}$，要用 \`long long\`；
- $n = 0$ 时循环一次也不执行，需要单独输出 \`0\`。

## 代码

${fence(
  'cpp',
  `
#include <algorithm>
#include <iostream>
#include <string>
using namespace std;

int main() {
    long long n;
    int k;
    cin >> n >> k;
    if (n == 0) {
        cout << 0 << '\\n';
        return 0;
    }
    const string digits = "0123456789ABCDEF";
    string result;
    while (n > 0) {
        result += digits[n % k];
        n /= k;
    }
    reverse(result.begin(), result.end());
    cout << result << '\\n';
    return 0;
}`,
)}`,
  },
  {
    key: 'solution:gesp4-gcd-lcm',
    question: 'problem:17-gcd-lcm',
    level: 4,
    paid: false,
    title: '题解：最大公约数与最小公倍数',
    summary: '辗转相除法求最大公约数；求最小公倍数时先除后乘防止溢出。',
    body: `## 思路

辗转相除法：$\\gcd(a, b) = \\gcd(b, a \\bmod b)$，当 $b = 0$ 时答案是 $a$。每一步数值至少减半，很快就能结束。

最小公倍数 $= a \\times b / \\gcd(a, b)$。但 $a \\times b$ 最大是 $10^{18}$，写成 \`a / g * b\`（先除后乘）更安全，结果用 \`long long\` 保存。

## 代码

${fence(
  'cpp',
  `
#include <iostream>
using namespace std;

long long gcd(long long a, long long b) {
    return b == 0 ? a : gcd(b, a % b);
}

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int t;
    cin >> t;
    while (t--) {
        long long a, b;
        cin >> a >> b;
        long long g = gcd(a, b);
        cout << g << ' ' << a / g * b << '\\n';
    }
    return 0;
}`,
)}`,
  },
  {
    key: 'solution:gesp4-broken-stairs',
    question: 'problem:18-broken-stairs',
    level: 4,
    paid: true,
    title: '题解：走楼梯',
    summary: '递推 f[i] = f[i-1] + f[i-2]，坏台阶的方案数记为 0，边算边取模。',
    body: `## 思路

设 $f_i$ 为走到第 $i$ 级台阶的方法数。最后一步要么从 $i-1$ 级迈 1 级上来，要么从 $i-2$ 级迈 2 级上来，所以

$$f_i = f_{i-1} + f_{i-2}$$

起点 $f_0 = 1$。坏掉的台阶不能踩，把它的 $f_i$ 设为 $0$，之后的递推自然就不会经过它。每一步都对 $10^9+7$ 取模。

## 代码

${fence(
  'cpp',
  `
#include <iostream>
#include <vector>
using namespace std;

const long long MOD = 1000000007;

int main() {
    int n, m;
    cin >> n >> m;
    vector<bool> broken(n + 1, false);
    for (int i = 0; i < m; i++) {
        int x;
        cin >> x;
        broken[x] = true;
    }
    vector<long long> f(n + 1, 0);
    f[0] = 1;
    for (int i = 1; i <= n; i++) {
        if (broken[i]) continue;
        f[i] = f[i - 1];
        if (i >= 2) f[i] = (f[i] + f[i - 2]) % MOD;
    }
    cout << f[n] << '\\n';
    return 0;
}`,
)}

## 复杂度

时间 $O(n)$，空间 $O(n)$。若想省空间，可以只保留最近的两个值。`,
  },
];

/** Demo shelves: a learner's published note and a teacher's article for their organization. */
export const DEMO_NOTE = {
  key: 'demo:student-note',
  title: '我的错题笔记：整数溢出',
  summary: '做 A+B 时踩到的坑。',
  body: `今天做 A+B 问题第二个样例答案不对，原因是 \`int\` 存不下 $3\\times10^9$。\n\n**记住**：先看数据范围，超过 $2\\times10^9$ 就用 \`long long\`。`,
  tags: ['经验'],
};

export const DEMO_ORG_ARTICLE = {
  key: 'demo:org-article',
  title: '本周训练安排',
  summary: '示范校本周的练习范围与要求。',
  body: `## 本周练习\n\n- 完成 GESP 二级集训中的循环题；\n- 每道题提交前先自测边界数据；\n- 周五课上讲解素数判断。`,
  tags: ['经验'],
};

/** The values of the documentTag dictionary: the seed's tags and the topic pages' tags. */
export const DOCUMENT_TAGS = [
  '入门',
  '语法',
  'CSP',
  'GESP',
  '考级',
  '评测',
  '输入输出',
  '调试',
  '经验',
  '题解',
  '一级',
  '二级',
  '三级',
  '四级',
] as const;
