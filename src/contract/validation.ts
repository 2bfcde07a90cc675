import type { z } from 'zod';

/**
 * Chinese validation messages, shared by the server (which answers VALIDATION errors with them)
 * and the client (whose forms can show the same words). Messages written on a schema, such as
 * `username.min(3, '用户名至少 3 个字符')`, win over these defaults: zod gives schema-level
 * messages precedence over the per-parse map passed as `{ error: zhIssueMessage }`.
 */

export interface FieldError {
  /** `body.username`, `query.sort`, `header.appid`: where the bad value was. */
  field: string;
  message: string;
}

const typeNames: Record<string, string> = {
  string: '字符串',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  tuple: '数组',
  record: '对象',
  date: '日期',
  null: '空值',
  nan: '数字',
};

const formatNames: Record<string, string> = {
  email: '邮箱格式不正确',
  url: '网址格式不正确',
  uuid: 'UUID 格式不正确',
  datetime: '时间格式不正确（ISO-8601）',
  date: '日期格式不正确',
  regex: '格式不正确',
};

function sizeUnit(origin: string): string {
  if (origin === 'string') return '个字符';
  if (origin === 'array' || origin === 'set') return '项';
  return '';
}

/** The per-parse error map: a Chinese default for every issue a schema did not word itself. */
export function zhIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return '不能为空';
      return `应为 ${typeNames[issue.expected] ?? issue.expected}`;
    case 'too_small': {
      const unit = sizeUnit(issue.origin);
      if (unit) return `至少 ${String(issue.minimum)} ${unit}`;
      return issue.inclusive === false
        ? `应大于 ${String(issue.minimum)}`
        : `不能小于 ${String(issue.minimum)}`;
    }
    case 'too_big': {
      const unit = sizeUnit(issue.origin);
      if (unit) return `最多 ${String(issue.maximum)} ${unit}`;
      return issue.inclusive === false
        ? `应小于 ${String(issue.maximum)}`
        : `不能大于 ${String(issue.maximum)}`;
    }
    case 'invalid_format':
      return formatNames[issue.format] ?? '格式不正确';
    case 'invalid_value':
      return `应为以下值之一：${issue.values.map((v) => String(v)).join('、')}`;
    case 'not_multiple_of':
      return `应为 ${String(issue.divisor)} 的倍数`;
    case 'unrecognized_keys':
      return `不支持的字段 ${issue.keys.join('、')}`;
    default:
      return '格式不正确';
  }
}

function joinPath(source: string, path: readonly PropertyKey[]): string {
  return [source, ...path.map((p) => String(p))].join('.');
}

/**
 * Flattens zod issues into one entry per offending field, prefixed with where the value came
 * from. An unknown-keys issue names each unknown field separately.
 */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[], source: string): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({ field: joinPath(source, [...issue.path, key]), message: `不支持的字段 ${key}` });
      }
    } else {
      out.push({ field: joinPath(source, issue.path), message: issue.message });
    }
  }
  return out;
}

/** The one-line summary a VALIDATION failure carries, naming the first bad field. */
export function validationSummary(fields: readonly FieldError[]): string {
  const first = fields[0];
  return first ? `参数校验失败：${first.field} ${first.message}` : '参数校验失败';
}

/**
 * Text no column can store: U+0000 (PostgreSQL text refuses it) and a lone UTF-16 surrogate
 * (not Unicode; a JSON column refuses its escape). No field of any call may carry either.
 */
const NUL = '\u0000';
const LONE_SURROGATE = /\p{Cs}/u;

function textProblem(text: string): string | null {
  if (text.includes(NUL)) return '不能包含空字符（\\u0000）';
  if (LONE_SURROGATE.test(text)) return '包含不成对的代理字符，不是合法的 Unicode 文本';
  return null;
}

/**
 * The fields of a parsed query or body whose text (value or key) no column can store, with
 * their paths (`body.items.0.title`). Walks with an explicit stack: a hostile body may nest
 * deeper than the call stack.
 */
export function illFormedTextErrors(input: unknown, source: string): FieldError[] {
  const out: FieldError[] = [];
  const pending: { value: unknown; path: string }[] = [{ value: input, path: source }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) out.push({ field: path, message: problem });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: `${path}.${index}` }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const problem = textProblem(key);
        if (problem) out.push({ field: path, message: `字段名${problem}` });
        else pending.push({ value: item, path: `${path}.${key}` });
      }
    }
  }
  return out.reverse();
}
