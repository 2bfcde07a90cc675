/**
 * The usual causes of WA, TLE, MLE and RE, matched against the learner's code, the question's
 * limits and (when the learner may see it) the failing case. Each finding is one short Chinese
 * paragraph; the tutor says only what the evidence supports and marks guesses as guesses.
 */

const INT_MAX = 2 ** 31 - 1;

/** Lines with trailing whitespace removed and trailing blank lines dropped (the default checker). */
const normalised = (text: string) => {
  const lines = text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((l) => l.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
};

const clip = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** Where the program's output first differs from the expected answer, and what the difference looks like. */
export function compareOutputs(expected: string, got: string): string[] {
  const e = normalised(expected);
  const g = normalised(got);
  const findings: string[] = [];
  if (g.length === 0 && e.length > 0) {
    return [
      '程序**没有输出任何内容**。检查是否忘了输出、输出语句是否在某个不会执行到的分支里，或程序是否提前 return 了。',
    ];
  }
  const firstDiff = e.findIndex((line, i) => line !== g[i]);
  if (firstDiff === -1 && g.length > e.length) {
    findings.push(
      `前 ${e.length} 行都正确，但程序**多输出了 ${g.length - e.length} 行**（从第 ${e.length + 1} 行起：\`${clip(g[e.length]!)}\`）。检查是否多输出了调试信息或多循环了一次。`,
    );
    return findings;
  }
  if (firstDiff === -1) return findings;
  const want = e[firstDiff]!;
  const have = g[firstDiff];
  if (have === undefined) {
    findings.push(
      `前 ${g.length} 行正确，但程序**少输出了 ${e.length - g.length} 行**（缺少第 ${firstDiff + 1} 行：\`${clip(want)}\`）。检查循环次数或提前结束的条件。`,
    );
    return findings;
  }
  findings.push(
    `第 ${firstDiff + 1} 行不同：期望 \`${clip(want)}\`，你的程序输出 \`${clip(have)}\`。`,
  );
  if (want.replace(/\s+/g, '') === have.replace(/\s+/g, '')) {
    findings.push(
      '两者只差**空格或换行**：检查数字之间用的是空格还是换行、行首是否多了空格，以及每个数后面是否都跟了分隔符。',
    );
    return findings;
  }
  if (e.length === 1 && g.length === 1 && want.split(/\s+/).length !== have.split(/\s+/).length) {
    findings.push('输出的数的**个数**不对：对照题目的输出格式检查每行应输出几个数。');
  }
  const wantNums = want.split(/\s+/).map(Number);
  const haveNums = have.split(/\s+/).map(Number);
  if (wantNums.every(Number.isFinite) && haveNums.every(Number.isFinite)) {
    const big = wantNums.some((n) => Math.abs(n) > INT_MAX);
    const negativeGot = haveNums.some((n, i) => n < 0 && (wantNums[i] ?? 0) > 0);
    if (big || negativeGot) {
      findings.push(
        `期望的答案${big ? `超过了 int 的范围（2³¹−1 = ${INT_MAX}）` : '是正数而你的输出是负数'}：这是典型的**整数溢出**。把相关变量（包括中间结果，如 a*b）改成 \`long long\`，必要时写成 \`1LL * a * b\`。`,
      );
    }
    const decimals = (s: string) => (s.includes('.') ? s.split('.')[1]!.length : 0);
    const wantDec = want.split(/\s+/).map(decimals);
    const haveDec = have.split(/\s+/).map(decimals);
    if (wantDec.some((d, i) => d !== haveDec[i]) && wantDec.some((d) => d > 0)) {
      findings.push(
        `**小数位数**不对：期望保留 ${Math.max(...wantDec)} 位小数。C++ 用 \`printf("%.${Math.max(...wantDec)}f", x)\` 或 \`cout << fixed << setprecision(${Math.max(...wantDec)})\`，Python 用 \`f"{x:.${Math.max(...wantDec)}f}"\`。`,
      );
    } else if (wantDec.some((d) => d > 0)) {
      const close = wantNums.every(
        (n, i) => Math.abs(n - (haveNums[i] ?? NaN)) < 1e-3 * Math.max(1, Math.abs(n)),
      );
      if (close) {
        findings.push(
          '数值只差一点：可能是**精度问题**（float 精度不够时改用 double，避免先做整数除法再转小数）。',
        );
      }
    }
  }
  if (/^(yes|no|true|false)$/i.test(want) && want.toLowerCase() === have.toLowerCase()) {
    findings.push('只差**大小写**：题目要求的输出是 `' + want + '`。');
  }
  return findings;
}

export interface CodeFacts {
  language: string;
  source: string;
}

const isCpp = (language: string) => language.startsWith('cpp');

/** How deeply `for`/`while` loops nest in the code (a rough reading of braces and indentation). */
export function loopDepth(source: string, language: string): number {
  if (!isCpp(language)) {
    let max = 0;
    const stack: number[] = [];
    for (const raw of source.split('\n')) {
      if (!raw.trim() || raw.trim().startsWith('#')) continue;
      const indent = raw.length - raw.trimStart().length;
      while (stack.length > 0 && stack[stack.length - 1]! >= indent) stack.pop();
      if (/^\s*(for|while)\b/.test(raw)) {
        stack.push(indent);
        max = Math.max(max, stack.length);
      }
    }
    return max;
  }
  // C++: loops whose bodies are open at once. A loop's body is the next block, or (without
  // braces) the statement up to the next `;` outside parentheses.
  const code = source.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  const tokens = code.match(/\b(?:for|while)\b|[(){};]/g) ?? [];
  let parens = 0;
  let inHeader = false;
  let pending = 0;
  let active = 0;
  let max = 0;
  const blocks: number[] = [];
  for (const t of tokens) {
    if (t === 'for' || t === 'while') {
      if (parens === 0) inHeader = true;
    } else if (t === '(') {
      parens += 1;
    } else if (t === ')') {
      parens = Math.max(0, parens - 1);
      if (parens === 0 && inHeader) {
        inHeader = false;
        pending += 1;
        max = Math.max(max, active + pending);
      }
    } else if (t === '{') {
      blocks.push(pending);
      active += pending;
      pending = 0;
    } else if (t === '}') {
      active -= blocks.pop() ?? 0;
    } else if (t === ';' && parens === 0) {
      pending = 0;
    }
  }
  return max;
}

/** The largest number in the statement that looks like a bound on n (10^5, 1e6, 200000 …). */
export function largestBound(statement: string): number | null {
  let best: number | null = null;
  const consider = (n: number) => {
    if (Number.isFinite(n) && n >= 1000) best = Math.max(best ?? 0, n);
  };
  for (const m of statement.matchAll(/10\s*(?:\^|\*\*)\s*\{?(\d{1,2})\}?/g))
    consider(10 ** Number(m[1]));
  for (const m of statement.matchAll(/(\d+)\s*\\?times\s*10\s*\^\s*\{?(\d{1,2})\}?/g)) {
    consider(Number(m[1]) * 10 ** Number(m[2]));
  }
  for (const m of statement.matchAll(/\b(\d)e(\d{1,2})\b/g))
    consider(Number(m[1]) * 10 ** Number(m[2]));
  for (const m of statement.matchAll(/\b(\d{4,10})\b/g)) consider(Number(m[1]));
  return best;
}

const fmt = (n: number) =>
  n >= 1e4 ? `10^${Math.log10(n).toFixed(Math.log10(n) % 1 === 0 ? 0 : 1)}` : String(n);

export function tleFindings(
  code: CodeFacts,
  statement: string,
  timeLimitMs: number | null,
): string[] {
  const out: string[] = [];
  const depth = loopDepth(code.source, code.language);
  const bound = largestBound(statement);
  if (depth >= 2 && bound !== null && bound >= 1e4) {
    out.push(
      `你的代码里有 **${depth} 层嵌套循环**，而题目的数据范围可以到 ${fmt(bound)}：大约要执行 ${fmt(bound)}^${depth} 次，远超 1 秒约 10^8 次的运算量。需要更快的算法（排序后双指针、前缀和、二分、哈希表，或者动态规划减少一层循环）。`,
    );
  } else if (depth >= 3) {
    out.push(`你的代码里有 **${depth} 层嵌套循环**：检查每层的范围，看能否去掉一层。`);
  }
  if (/while\s*\(\s*(?:1|true)\s*\)|while\s+True\s*:/.test(code.source)) {
    out.push(
      '代码里有 `while (true)` 式的循环：检查在所有情况下（包括边界数据）是否一定能 break，否则就是**死循环**。',
    );
  }
  if (isCpp(code.language)) {
    const usesCin = /\bcin\s*>>/.test(code.source);
    const synced = /sync_with_stdio\s*\(\s*(?:false|0)\s*\)/.test(code.source);
    if (usesCin && !synced && (bound === null || bound >= 1e5)) {
      out.push(
        "大量读入时 `cin` 比较慢：在 main 开头加上 `ios::sync_with_stdio(false); cin.tie(nullptr);`，或改用 scanf。输出大量数据时用 `'\\n'` 代替 `endl`。",
      );
    } else if (/\bendl\b/.test(code.source) && (bound === null || bound >= 1e5)) {
      out.push("大量输出时 `endl` 每次都会刷新缓冲区，很慢：改用 `'\\n'`。");
    }
  } else if (/\binput\s*\(/.test(code.source) && !/sys\.stdin/.test(code.source)) {
    out.push(
      '数据量大时 Python 的 `input()` 较慢：可以 `import sys` 后用 `sys.stdin.readline` 或一次读入 `sys.stdin.read().split()`。',
    );
  }
  if (out.length === 0) {
    out.push(
      `程序在时限${timeLimitMs ? ` ${timeLimitMs} ms` : ''}内没有结束。估算一下最坏情况下循环执行的总次数，并检查循环条件在边界数据下是否一定会结束。`,
    );
  }
  return out;
}

export function mleFindings(code: CodeFacts, memoryLimitMib: number | null): string[] {
  const out: string[] = [];
  const sizes: { decl: string; bytes: number }[] = [];
  const typeBytes: Record<string, number> = {
    char: 1,
    bool: 1,
    int: 4,
    float: 4,
    'long long': 8,
    double: 8,
    long: 8,
  };
  for (const m of code.source.matchAll(
    /\b(long long|int|char|bool|double|float|long)\s+(\w+)((?:\s*\[\s*[^\]]+\s*\])+)/g,
  )) {
    let count = 1;
    for (const dim of m[3]!.matchAll(/\[\s*([^\]]+)\s*\]/g)) {
      const v = evalSize(dim[1]!, code.source);
      if (v === null) {
        count = NaN;
        break;
      }
      count *= v;
    }
    if (Number.isFinite(count))
      sizes.push({ decl: `${m[1]} ${m[2]}${m[3]}`, bytes: count * typeBytes[m[1]!]! });
  }
  const biggest = sizes.sort((a, b) => b.bytes - a.bytes)[0];
  const mib = (b: number) => (b / 1024 / 1024).toFixed(b < 1024 * 1024 ? 2 : 0);
  if (biggest && biggest.bytes > 16 * 1024 * 1024) {
    out.push(
      `数组 \`${biggest.decl.replace(/\s+/g, ' ')}\` 约占 **${mib(biggest.bytes)} MiB**${memoryLimitMib ? `，而本题内存限制是 ${memoryLimitMib} MiB` : ''}。检查是否真的需要这么大：二维数组能否滚动成一维、long long 能否改成 int、是否开了数据范围平方大小的数组。`,
    );
  }
  if (
    !isCpp(code.language) &&
    /\[\s*\[.*\]\s*\*|\[\s*0\s*\]\s*\*\s*\(?\s*\w+\s*\)?\s*for/.test(code.source)
  ) {
    out.push(
      'Python 的二维列表每个元素都是对象，内存占用比 C++ 大得多：检查列表大小，考虑只保留需要的几行。',
    );
  }
  if (/\bpush_back\b|\.append\(/.test(code.source) && /while|for/.test(code.source)) {
    out.push(
      '循环里不断向 vector/列表追加元素：如果循环次数比预期多（例如死循环），内存会一直增长。',
    );
  }
  if (out.length === 0) {
    out.push(
      `程序使用的内存超过了${memoryLimitMib ? ` ${memoryLimitMib} MiB` : '限制'}：检查大数组、递归深度（每层递归都占栈空间），以及容器是否无限增长。`,
    );
  }
  return out;
}

/** A size expression `100005`, `N`, `N+5`, `1e5+10`, `N*M` with N from a const/#define. */
function evalSize(expr: string, source: string): number | null {
  const constants = new Map<string, number>();
  for (const m of source.matchAll(
    /(?:#define\s+(\w+)\s+|const\s+(?:int|long long|long)\s+(\w+)\s*=\s*)([\d.e+*\s]+)/g,
  )) {
    const v = evalNumber(m[3]!.trim());
    if (v !== null) constants.set((m[1] ?? m[2])!, v);
  }
  const replaced = expr.replace(/[A-Za-z_]\w*/g, (name) => {
    const v = constants.get(name);
    return v === undefined ? 'NaN' : String(v);
  });
  return evalNumber(replaced);
}

function evalNumber(expr: string): number | null {
  if (!/^[\d.e+*\s-]+$/.test(expr) && !/NaN/.test(expr)) return null;
  if (/NaN/.test(expr)) return null;
  let total = 0;
  for (const term of expr.split('+')) {
    let product = 1;
    for (const factor of term.split('*')) {
      const n = Number(factor.trim());
      if (!Number.isFinite(n)) return null;
      product *= n;
    }
    total += product;
  }
  return Math.round(total);
}

export function reFindings(code: CodeFacts, stderr: string, message: string | undefined): string[] {
  const out: string[] = [];
  const cpp = isCpp(code.language);
  const text = `${stderr}\n${message ?? ''}`;
  if (/SIGFPE|Floating point exception|division by zero|除.*零/i.test(text)) {
    out.push(
      '程序发生了**除以 0**（或对 0 取模）：检查每个 `/` 和 `%` 的除数在边界数据下是否可能为 0。',
    );
  }
  if (/SIGSEGV|Segmentation fault|段错误/i.test(text) || (cpp && out.length === 0)) {
    out.push(
      '最常见的原因是**数组越界**：数组开得比数据范围小（建议比最大 n 多开几个，如 `a[100005]`），或下标出现了 -1、n 这样的边界值。其次是**递归太深**爆栈，以及访问了空指针或已经 pop 空的栈、队列。',
    );
  }
  if (
    cpp &&
    /\bint\s+\w+\s*\[\s*\d{7,}\s*\]/.test(code.source) &&
    /int\s+main\s*\([^)]*\)\s*\{[^}]*\bint\s+\w+\s*\[\s*\d{6,}/.test(code.source)
  ) {
    out.push(
      '大数组定义在 main 函数**里面**会占用栈空间，很容易爆栈：把它移到 main 外面作为全局变量。',
    );
  }
  if (cpp && /return\s+[1-9]\d*\s*;\s*\}\s*$/.test(code.source.trim())) {
    out.push(
      'main 函数最后 `return` 了非 0 的值：评测会把非 0 的返回值当作运行错误，请改成 `return 0;`。',
    );
  }
  if (
    !cpp &&
    /\bdef\s+(\w+)[\s\S]*\b\1\s*\(/.test(code.source) &&
    !/setrecursionlimit/.test(code.source)
  ) {
    out.push(
      '代码里有递归：Python 默认只允许约 1000 层，数据大时会 RecursionError，可改用循环或 `sys.setrecursionlimit`。',
    );
  }
  return out;
}
