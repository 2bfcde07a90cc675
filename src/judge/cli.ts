/**
 * `xinao judge` command line:
 *   xinao judge <problem-dir> <source> [--language cpp|cpp14|cpp20|python] [--cache-dir DIR]
 *   xinao judge --input in.txt --answer ans.txt --time MS --memory MiB <source> [--language …]
 * Prints the JudgeResult as JSON. Exit 0 when judged (any verdict); 2 on usage errors;
 * 3 when the machine cannot isolate submissions (the message names what is missing).
 */
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { judgeLoaded, judgeProblem, singleCaseProblem } from './judge.ts';
import { languageByName } from './languages.ts';
import { ProblemFormatError } from './problem.ts';
import { IsolationUnavailableError } from './sandbox/isolation.ts';

export const USAGE = `用法：
  xinao judge <题目目录> <源文件> [--language cpp|cpp14|cpp20|python] [--cache-dir 目录]
  xinao judge --input 输入文件 --answer 答案文件 --time 毫秒 --memory MiB <源文件> [--language …]
输出 JSON 判题结果。
  xinao ledger check    核对账本（见 xinao ledger）`;

class UsageError extends Error {}

function guessLanguage(source: string): string {
  return extname(source) === '.py' ? 'python' : 'cpp';
}

function positiveInt(value: string | undefined, name: string): number {
  const n = Number(value);
  if (!value || !Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} 需要正整数`);
  return n;
}

export async function main(argv: string[]): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (command !== 'judge') throw new UsageError(command ? `未知命令：${command}` : '缺少命令');
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        language: { type: 'string', short: 'l' },
        'cache-dir': { type: 'string' },
        input: { type: 'string' },
        answer: { type: 'string' },
        time: { type: 'string' },
        memory: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const cacheDir = resolve(values['cache-dir'] ?? join(tmpdir(), 'xinao-judge'));
    const single = values.input !== undefined || values.answer !== undefined;
    const expected = single ? 1 : 2;
    if (positionals.length !== expected) throw new UsageError('参数个数不对');
    const sourcePath = positionals[expected - 1]!;
    if (!existsSync(sourcePath)) throw new UsageError(`源文件不存在：${sourcePath}`);
    const language = values.language ?? guessLanguage(sourcePath);
    if (!languageByName(language)) throw new UsageError(`不支持的语言：${language}`);
    const submission = { language, source: readFileSync(sourcePath, 'utf8') };

    let result;
    if (single) {
      if (!values.input || !values.answer)
        throw new UsageError('单测试点模式需要 --input 和 --answer');
      for (const f of [values.input, values.answer]) {
        if (!existsSync(f)) throw new UsageError(`文件不存在：${f}`);
      }
      const problem = singleCaseProblem({
        input: resolve(values.input),
        answer: resolve(values.answer),
        timeLimitMs: positiveInt(values.time, 'time'),
        memoryLimitMiB: positiveInt(values.memory, 'memory'),
      });
      result = await judgeLoaded(problem, submission, { cacheDir });
    } else {
      result = await judgeProblem(resolve(positionals[0]!), submission, { cacheDir });
    }
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError || e instanceof ProblemFormatError) {
      process.stderr.write(`${e.message}\n${USAGE}\n`);
      return 2;
    }
    if (e instanceof IsolationUnavailableError) {
      process.stderr.write(`${e.message}\n`);
      return 3;
    }
    if (e instanceof Error && 'code' in e && String(e.code).startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${e.message}\n${USAGE}\n`);
      return 2;
    }
    throw e;
  }
}
