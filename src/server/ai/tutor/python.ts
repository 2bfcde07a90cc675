/**
 * Python tracebacks (from a compile check or from a crashed run's stderr): the exception, its
 * message, and the line of the learner's file it was raised on, mapped to what it usually means
 * in an olympiad program.
 */

export interface PythonError {
  type: string;
  message: string;
  /** Line of the learner's program (the last frame in their file); null when not shown. */
  line: number | null;
  /** That line's code as the traceback printed it. */
  code: string | null;
}

const FILE_LINE = /^\s*File "([^"]+)", line (\d+)/;
const EXCEPTION =
  /^([A-Za-z_][A-Za-z0-9_.]*(?:Error|Exception|Exit|Interrupt)|KeyboardInterrupt|StopIteration)(?::\s?(.*))?$/;

/** The last exception in `text`, with the deepest frame of a file that is not a library's. */
export function parsePythonTraceback(text: string): PythonError | null {
  const lines = text.split('\n').map((l) => l.trimEnd());
  let found: PythonError | null = null;
  let line: number | null = null;
  let code: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const frame = FILE_LINE.exec(lines[i]!);
    if (frame) {
      // Library frames (/usr/lib/python3…) say nothing about the learner's mistake.
      if (!frame[1]!.includes('/lib/python')) {
        line = Number(frame[2]);
        const next = lines[i + 1];
        code = next !== undefined && !FILE_LINE.test(next) ? next.trim() : null;
      }
      continue;
    }
    const e = EXCEPTION.exec(lines[i]!);
    if (e) found = { type: e[1]!, message: e[2] ?? '', line, code };
  }
  return found;
}

/**
 * Python's built-in exceptions: the only names said about a case the learner may not see. A
 * program can raise an exception whose message — or whose class name, made at run time — is
 * the case's input, so a hidden case's traceback gives nothing but a name from this list.
 */
const BUILTIN_EXCEPTIONS = new Set([
  'ArithmeticError',
  'AssertionError',
  'AttributeError',
  'BufferError',
  'EOFError',
  'Exception',
  'FloatingPointError',
  'GeneratorExit',
  'ImportError',
  'IndentationError',
  'IndexError',
  'KeyError',
  'KeyboardInterrupt',
  'LookupError',
  'MemoryError',
  'ModuleNotFoundError',
  'NameError',
  'NotImplementedError',
  'OSError',
  'OverflowError',
  'RecursionError',
  'ReferenceError',
  'RuntimeError',
  'StopIteration',
  'SyntaxError',
  'SystemError',
  'SystemExit',
  'TabError',
  'TypeError',
  'UnboundLocalError',
  'UnicodeDecodeError',
  'UnicodeEncodeError',
  'UnicodeError',
  'ValueError',
  'ZeroDivisionError',
]);

/** The built-in exception a traceback ends with, and nothing else of it; null otherwise. */
export function builtinExceptionOf(stderr: string): string | null {
  const type = parsePythonTraceback(stderr)?.type;
  return type !== undefined && BUILTIN_EXCEPTIONS.has(type) ? type : null;
}

/** What the exception usually means; `input` is the failing case's input when the learner may see it. */
export function explainPythonError(e: PythonError, input: string | null): string {
  const m = e.message;
  // A hidden case's exception comes without its message (builtinExceptionOf).
  const said = m ? `（${m}）` : '';
  switch (e.type) {
    case 'SyntaxError':
      if (/was never closed|unmatched|does not match/.test(m)) {
        return '括号没有配对：检查这一行及上一行的 ( ) [ ] { } 是否成对。';
      }
      if (/expected ':'/.test(m)) {
        return 'if、for、while、def 等语句的末尾要有英文冒号 `:`。';
      }
      if (/invalid character/.test(m)) {
        return '代码里有中文标点或全角符号（如 ，：（）“”），请改成英文半角符号。';
      }
      if (/Missing parentheses in call to 'print'/.test(m)) {
        return '这是 Python 2 的写法：Python 3 里 print 是函数，要写成 `print(...)`。';
      }
      return `语法错误${said}：对照报错的行检查冒号、括号、引号和运算符是否写全。`;
    case 'IndentationError':
    case 'TabError':
      return 'Python 用缩进表示代码块：if/for/def 下面的语句要统一缩进（建议 4 个空格），同一块里的缩进必须一致，不要混用 Tab 和空格。';
    case 'NameError': {
      const name = /name '(.+?)' is not defined/.exec(m)?.[1];
      return name
        ? `\`${name}\` 没有定义就被使用：检查拼写与大小写，是否在使用前赋值，是否忘了 import（例如 math、sys）。`
        : '使用了没有定义的名字：检查拼写、大小写，以及是否在使用前赋值。';
    }
    case 'ValueError':
      if (/invalid literal for int\(\) with base 10/.test(m)) {
        const several =
          input !== null && input.split('\n').some((l) => l.trim().split(/\s+/).length > 1);
        const shown = /: '(.*)'$/.exec(m)?.[1];
        const manyOnLine = several || (shown !== undefined && /\S\s+\S/.test(shown));
        return manyOnLine
          ? '`int(input())` 只能读一整行里的**一个**整数，而这一行有多个用空格隔开的数。请改成 `a, b = map(int, input().split())`，或 `nums = list(map(int, input().split()))`。'
          : '`int()` 收到的不是一个整数（可能是空行、小数或多余的空格字符）：检查读入的格式是否和题目一致，必要时先 `.strip()`。';
      }
      if (/not enough values to unpack|too many values to unpack/.test(m)) {
        return '解包时左右个数不一致：例如 `a, b = map(int, input().split())` 要求这一行恰好有两个数。对照题目的输入格式检查每一行有几个数。';
      }
      return `数值错误${said}：检查读入的数据格式和类型转换。`;
    case 'IndexError':
      return '下标越界：访问了列表中不存在的位置。检查循环范围（range 的上界不包含在内）、列表长度是否和 n 一致，以及是否访问了 -1 或 n 这样的边界。';
    case 'KeyError':
      return '字典中没有这个键：先用 `in` 判断，或用 `dict.get(key, 默认值)`。';
    case 'RecursionError':
      return 'Python 默认的递归深度只有约 1000 层，数据一大就会超出：可以用 `sys.setrecursionlimit(10**6)` 放宽（仍可能受栈空间限制），更稳妥的做法是把递归改成循环或用栈模拟。';
    case 'ZeroDivisionError':
      return '除数为 0：在做除法或取模之前检查除数，特别是 n = 0 或计数为 0 的边界情况。';
    case 'TypeError':
      return `类型错误${said}：常见原因是把 input() 读入的字符串直接参与数值运算，忘了 int()；或把整数和字符串相加。`;
    case 'EOFError':
      return '读入时已经没有数据了：程序读的行数比输入多。对照题目的输入格式检查读入次数，多个数在同一行时要用 split()。';
    case 'MemoryError':
      return '内存不够：数据结构太大。检查是否创建了过大的列表（如二维列表），或者在循环里不断追加数据。';
    case 'AttributeError':
      return `使用了对象没有的属性或方法${said}：检查拼写，以及变量是不是你以为的类型。`;
    default:
      return `程序抛出了 ${e.type}${said}：对照报错的行检查变量的值和类型。`;
  }
}
