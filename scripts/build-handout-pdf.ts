/**
 * Builds seed/files/cpp-basics-handout.pdf, the demo course's original handout (C++ for
 * beginners: input and output, variables, if, loops). Chinese text needs an embedded CJK
 * font: WenQuanYi Zen Hei from this machine (/usr/share/fonts/truetype/wqy), subset to the
 * characters used, so the PDF stays small. Run: `npx tsx scripts/build-handout-pdf.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';

const FONT_FILE = '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc';
const OUT = path.resolve(import.meta.dirname, '../seed/files/cpp-basics-handout.pdf');

/** The collection's fonts: 0 is Zen Hei, 1 the monospaced Zen Hei Mono (code). */
function collectionFont(index: number) {
  return {
    create: (bytes: Uint8Array) => {
      const opened = fontkit.create(bytes as Buffer) as unknown as { fonts?: unknown[] };
      return (opened.fonts ? opened.fonts[index] : opened) as ReturnType<typeof fontkit.create>;
    },
  };
}

type Block =
  | { kind: 'title'; text: string }
  | { kind: 'h'; text: string }
  | { kind: 'p'; text: string }
  | { kind: 'code'; lines: string[] };

const PAGES: Block[][] = [
  [
    { kind: 'title', text: 'C++ 入门讲义：输入输出与变量' },
    {
      kind: 'p',
      text: '信奥训练营 · 入门篇 第 1 讲。本讲义配合课程章节使用，建议边读边在练习场里动手敲代码。',
    },
    { kind: 'h', text: '一、第一个程序' },
    {
      kind: 'p',
      text: '每个 C++ 程序都从 main 函数开始执行。#include 引入头文件，using namespace std 让我们可以直接写 cout、cin。',
    },
    {
      kind: 'code',
      lines: [
        '#include <iostream>',
        'using namespace std;',
        '',
        'int main() {',
        '    cout << "Hello, 信奥!" << endl;',
        '    return 0;',
        '}',
      ],
    },
    { kind: 'h', text: '二、变量与类型' },
    {
      kind: 'p',
      text: '变量是一块有名字的存储空间。常用类型：int 整数（约 ±21 亿）、long long 更大的整数、double 小数、char 单个字符、string 字符串。',
    },
    {
      kind: 'code',
      lines: [
        'int age = 12;',
        'long long big = 10000000000LL;',
        'double pi = 3.14159;',
        "char grade = 'A';",
        'string name = "Alice";',
      ],
    },
    { kind: 'p', text: '提示：题目中的数据范围超过 2×10^9 时，要用 long long，否则会溢出。' },
    { kind: 'h', text: '三、输入与输出' },
    { kind: 'p', text: 'cin >> 变量 读入，cout << 值 输出。读入两个整数并输出它们的和：' },
    { kind: 'code', lines: ['int a, b;', 'cin >> a >> b;', 'cout << a + b << endl;'] },
    {
      kind: 'p',
      text: '数据量很大时，可在 main 开头加 ios::sync_with_stdio(false); cin.tie(nullptr); 提速。',
    },
  ],
  [
    { kind: 'title', text: 'C++ 入门讲义：条件判断' },
    { kind: 'h', text: '四、if 与 else' },
    {
      kind: 'p',
      text: 'if 根据条件决定是否执行一段代码。条件为真执行 if 后的语句块，否则执行 else 部分。',
    },
    {
      kind: 'code',
      lines: [
        'int score;',
        'cin >> score;',
        'if (score >= 90) {',
        '    cout << "优秀" << endl;',
        '} else if (score >= 60) {',
        '    cout << "及格" << endl;',
        '} else {',
        '    cout << "继续加油" << endl;',
        '}',
      ],
    },
    { kind: 'h', text: '五、比较与逻辑运算' },
    {
      kind: 'p',
      text: '比较：==  !=  <  <=  >  >=。逻辑：&& 并且，|| 或者，! 取反。注意 = 是赋值，== 才是比较。',
    },
    {
      kind: 'code',
      lines: [
        '// 闰年：能被 4 整除但不能被 100 整除，或能被 400 整除',
        'bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;',
      ],
    },
    { kind: 'h', text: '练一练' },
    { kind: 'p', text: '1. 输入一个整数，判断它是奇数还是偶数。' },
    { kind: 'p', text: '2. 输入三个整数，输出其中最大的一个。' },
    { kind: 'p', text: '3. 输入年份，判断是否为闰年，是输出 Yes，否则输出 No。' },
  ],
  [
    { kind: 'title', text: 'C++ 入门讲义：循环' },
    { kind: 'h', text: '六、for 循环' },
    { kind: 'p', text: '已知次数的重复用 for。下面的程序输出 1 到 n 的和：' },
    {
      kind: 'code',
      lines: [
        'int n;',
        'cin >> n;',
        'long long sum = 0;',
        'for (int i = 1; i <= n; i++) {',
        '    sum += i;',
        '}',
        'cout << sum << endl;',
      ],
    },
    { kind: 'h', text: '七、while 循环' },
    {
      kind: 'p',
      text: '不知道要循环几次、只知道何时停止时用 while。例如求一个正整数各位数字之和：',
    },
    {
      kind: 'code',
      lines: [
        'int x, s = 0;',
        'cin >> x;',
        'while (x > 0) {',
        '    s += x % 10;',
        '    x /= 10;',
        '}',
        'cout << s << endl;',
      ],
    },
    { kind: 'h', text: '八、break 与 continue' },
    { kind: 'p', text: 'break 立即跳出整个循环；continue 跳过本次循环剩下的语句，进入下一次。' },
    { kind: 'h', text: '常见错误清单' },
    { kind: 'p', text: '· 循环变量的边界写错（< 与 <= 混用），多算或少算一次。' },
    { kind: 'p', text: '· 累加变量忘记初始化为 0。' },
    { kind: 'p', text: '· 输出格式不符：多了空格、少了换行。提交前对照样例逐字检查。' },
  ],
];

const MARGIN = 56;
const WIDTH = 595;
const HEIGHT = 842;

/** Splits text into lines that fit: CJK breaks anywhere, latin words are kept whole. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const tokens = text.match(/[A-Za-z0-9_#<>=!&|%+\-*/.,:;'"()[\]{}^×±]+|\s+|./gu) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const next = line + token;
    if (line !== '' && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line.trimEnd());
      line = token.trimStart();
    } else line = next;
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}

function drawPage(page: PDFPage, blocks: Block[], text: PDFFont, mono: PDFFont, n: number) {
  let y = HEIGHT - MARGIN;
  const body = WIDTH - 2 * MARGIN;
  for (const block of blocks) {
    if (block.kind === 'code') {
      const height = block.lines.length * 15 + 12;
      page.drawRectangle({
        x: MARGIN,
        y: y - height,
        width: body,
        height,
        color: rgb(0.95, 0.96, 0.98),
      });
      let cy = y - 18;
      for (const line of block.lines) {
        page.drawText(line, {
          x: MARGIN + 10,
          y: cy,
          size: 10.5,
          font: mono,
          color: rgb(0.1, 0.2, 0.45),
        });
        cy -= 15;
      }
      y -= height + 12;
      continue;
    }
    const size = block.kind === 'title' ? 20 : block.kind === 'h' ? 14 : 11.5;
    const gap = block.kind === 'title' ? 16 : block.kind === 'h' ? 8 : 6;
    if (block.kind === 'h') y -= 6;
    for (const line of wrap(block.text, text, size, body)) {
      page.drawText(line, { x: MARGIN, y: y - size, size, font: text, color: rgb(0.1, 0.1, 0.1) });
      y -= size * 1.5;
    }
    y -= gap;
  }
  page.drawText(`信奥训练营 · C++ 入门讲义 · 第 ${n} 页`, {
    x: MARGIN,
    y: 30,
    size: 9,
    font: text,
    color: rgb(0.5, 0.5, 0.5),
  });
}

const fontBytes = fs.readFileSync(FONT_FILE);
const doc = await PDFDocument.create();
doc.setTitle('C++ 入门讲义');
doc.setAuthor('信奥训练营');
doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
doc.registerFontkit(collectionFont(0));
const text = await doc.embedFont(fontBytes, { subset: true });
doc.registerFontkit(collectionFont(1));
const mono = await doc.embedFont(fontBytes, { subset: true });
PAGES.forEach((blocks, i) => drawPage(doc.addPage([WIDTH, HEIGHT]), blocks, text, mono, i + 1));
const bytes = await doc.save();
fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, bytes);
console.log(`wrote ${OUT} (${bytes.byteLength} bytes)`);
