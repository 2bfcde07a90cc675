/**
 * g++ diagnostics, read the way a coach reads them to a beginner: the first errors of the
 * learner's own file (notes about library headers are noise to them), each mapped to what it
 * usually means, quoting the line it points at.
 */

export interface GccDiagnostic {
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'fatal error';
  message: string;
}

export interface GccReport {
  diagnostics: GccDiagnostic[];
  /** The linker could not find `main` (the program has none, or it is misspelt). */
  missingMain: boolean;
  /** Other linker failures (undefined references to the learner's own functions). */
  undefinedReferences: string[];
}

/**
 * `/src/main.cpp:6:11: error: ‘x’ was not declared in this scope`: the learner's source file
 * (the judge compiles /src/main.cpp), never a library header's.
 */
const DIAGNOSTIC =
  /^((?:[^\s:]*\/)?[^\s:/]+\.(?:cpp|cc|cxx|c\+\+|c)):(\d+):(\d+): (error|warning|fatal error): (.*)$/;
const UNDEFINED_REFERENCE = /undefined reference to [`'‘](.+?)['’]/;

export function parseGccOutput(output: string): GccReport {
  const diagnostics: GccDiagnostic[] = [];
  const undefinedReferences: string[] = [];
  let missingMain = false;
  for (const raw of output.split('\n')) {
    const line = raw.trimEnd();
    const d = DIAGNOSTIC.exec(line);
    if (d) {
      diagnostics.push({
        line: Number(d[2]),
        column: Number(d[3]),
        severity: d[4] as GccDiagnostic['severity'],
        message: d[5]!,
      });
      continue;
    }
    const u = UNDEFINED_REFERENCE.exec(line);
    if (u) {
      if (u[1] === 'main') missingMain = true;
      else if (!undefinedReferences.includes(u[1]!)) undefinedReferences.push(u[1]!);
    }
  }
  return { diagnostics, missingMain, undefinedReferences };
}

/** g++ quotes names with ‘…’ in a UTF-8 locale and '…' in the C locale. */
const Q = `[‘'"]`;
const QE = `[’'"]`;

interface Rule {
  test: RegExp;
  explain: (m: RegExpExecArray, code: string) => string;
}

const RULES: Rule[] = [
  {
    test: new RegExp(`^${Q}(.+?)${QE} was not declared in this scope`),
    explain: (m) => {
      const name = m[1]!;
      const headerOf: Record<string, string> = {
        cin: '<iostream>',
        cout: '<iostream>',
        endl: '<iostream>',
        vector: '<vector>',
        string: '<string>',
        sort: '<algorithm>',
        max: '<algorithm>',
        min: '<algorithm>',
        swap: '<algorithm>',
        memset: '<cstring>',
        strlen: '<cstring>',
        printf: '<cstdio>',
        scanf: '<cstdio>',
        sqrt: '<cmath>',
        pow: '<cmath>',
        abs: '<cstdlib> 或 <cmath>',
      };
      const header = headerOf[name];
      return header
        ? `\`${name}\` 没有声明：它来自标准库头文件 ${header}，请检查是否包含了该头文件，并写了 \`using namespace std;\`（或写成 \`std::${name}\`）。`
        : `\`${name}\` 没有声明就被使用了：检查变量名或函数名是否拼写一致（大小写也要相同），是否在使用之前定义，以及它是不是定义在另一个函数或 {} 代码块里、在这里已经看不到了。`;
    },
  },
  {
    test: new RegExp(`^expected ${Q}(;|\\)|\\]|\\}|,)${QE} before (.*)`),
    explain: (m) =>
      `这里缺少 \`${m[1]}\`。编译器在读到 ${m[2]} 时才发现，所以真正漏写的位置通常在**上一行的末尾**（或这一行前面的部分）。`,
  },
  {
    test: /^expected initializer before/,
    explain: () =>
      '声明后面出现了编译器看不懂的内容，最常见的原因是**上一行末尾少了分号 `;`**，或者变量声明写错了。',
  },
  {
    test: new RegExp(`^expected (?:primary-expression|unqualified-id) before ${Q}(.+?)${QE}`),
    explain: (m) =>
      `在 \`${m[1]}\` 之前缺少一个表达式：检查括号是否配对、运算符两边是否都有内容、是否多写或少写了逗号。`,
  },
  {
    test: new RegExp(
      `^no match for ${Q}operator(.+?)${QE}(?: \\(operand types? (?:are|is) (.*)\\))?`,
    ),
    explain: (m) => {
      const op = m[1]!;
      if (op === '<<' || op === '>>') {
        return `\`${op}\` 不能直接用在这种类型上：例如 \`cout << v\` 不能直接输出整个 vector 或数组，需要用循环逐个输出元素；\`cin >> \` 也只能读入基本类型和 string。`;
      }
      return `运算符 \`${op}\` 两边的类型不匹配（${m[2] ?? '见报错'}）：检查参与运算的是不是你以为的类型，比如把 vector 和数字比较、给结构体使用没有定义的运算符。`;
    },
  },
  {
    test: /^(?:invalid conversion|cannot convert) from ['‘](.+?)['’] to ['‘](.+?)['’]/,
    explain: (m) =>
      `类型不能转换：这里需要 \`${m[2]}\`，却给了 \`${m[1]}\`。检查函数参数、赋值两边的类型是否一致（例如把 string 当成 int 使用）。`,
  },
  {
    test: new RegExp(`^redeclaration of|^redefinition of|^conflicting declaration`),
    explain: () =>
      '同一个名字在同一个作用域里被定义了两次：删掉重复的定义，或给其中一个换个名字（注意不要和 main 外的全局变量重名混用）。',
  },
  {
    test: /^expected declaration before ['‘]\}['’] token|^expected ['‘]\}['’] at end of input/,
    explain: () =>
      '花括号 `{` `}` 没有配对：多了一个或少了一个 `}`。从 main 开始逐层检查每个 if、for、函数的括号。',
  },
  {
    test: /^stray ['‘](.+?)['’] in program/,
    explain: (m) =>
      `代码里有非法字符 \`${m[1]}\`：通常是从网页或文档复制时带进来的**中文标点或全角空格**（如 ；（）“”），请改成英文半角符号。`,
  },
  {
    test: /^missing terminating (?:"|') character/,
    explain: () => '字符串或字符缺少结尾的引号：检查这一行的引号是否成对。',
  },
  {
    test: /^(?:invalid types .* for array subscript|subscripted value is neither array nor pointer)/,
    explain: () =>
      '对不是数组的变量使用了下标 `[]`：检查变量类型，或者是不是有同名的普通变量遮住了数组。',
  },
  {
    test: /^too (?:few|many) arguments to function/,
    explain: () => '调用函数时给的参数个数和函数定义不一致。',
  },
  {
    test: /^return-statement with no value|^no return statement/,
    explain: () => '函数声明了返回值，却没有 return 一个值（或 void 函数 return 了值）。',
  },
  {
    test: /^(?:lvalue required|assignment of read-only)/,
    explain: () => '给不能被赋值的东西赋了值：例如把 `==` 写成了 `=`，或修改了 const 变量。',
  },
  {
    test: /^['‘]?(?:bits\/stdc\+\+\.h|.+\.h)['’]?: No such file or directory/,
    explain: () => '包含的头文件不存在：检查头文件名的拼写。',
  },
];

/** One explanation per error, in order; the first line of the learner's code it points at. */
export function explainGccDiagnostic(d: GccDiagnostic, sourceLines: string[]): string {
  const code = (sourceLines[d.line - 1] ?? '').trim();
  for (const rule of RULES) {
    const m = rule.test.exec(d.message);
    if (m) return rule.explain(m, code);
  }
  return `编译器报告：${d.message}。请对照这一行检查拼写、括号与分号。`;
}
