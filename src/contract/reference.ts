import type { z } from 'zod';
import { DEFAULT_BODY_LIMIT_BYTES, bodyLimitOf } from './body-size.ts';
import { jsonSchemaOf, type JsonSchema } from './json-schema.ts';
import type { Access, CallDef } from './call.ts';
import { API_PREFIX } from './envelope.ts';

/**
 * The API reference, generated from the contract so it cannot drift from what the server
 * registers and validates (docs/api.md; `npm run docs:api` writes it, a test checks it).
 */

const accessLabel: Record<Access, string> = {
  public: '公开',
  member: '登录用户',
  parent: '家长',
  teacher: '本机构教师或机构管理员',
  orgAdmin: '本机构管理员',
  platformAdmin: '平台管理员',
};

function typeOf(schema: JsonSchema): string {
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' \\| ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' \\| ');
  if (schema.type === 'array') return `${schema.items ? typeOf(schema.items) : 'any'}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(' \\| ');
  return schema.type ?? 'any';
}

function rulesOf(schema: JsonSchema): string {
  const rules: string[] = [];
  const s = schema.anyOf?.find((a) => a.type !== 'null') ?? schema;
  if (s.minLength !== undefined) rules.push(`长度 ≥ ${s.minLength}`);
  if (s.maxLength !== undefined) rules.push(`长度 ≤ ${s.maxLength}`);
  // z.number().int() carries the safe-integer range, which says nothing to a reader.
  if (s.minimum !== undefined && s.minimum > Number.MIN_SAFE_INTEGER) rules.push(`≥ ${s.minimum}`);
  if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER) rules.push(`≤ ${s.maximum}`);
  if (s.minItems !== undefined) rules.push(`至少 ${s.minItems} 项`);
  if (s.maxItems !== undefined) rules.push(`至多 ${s.maxItems} 项`);
  if (s.format) rules.push(s.format);
  // A list's sort reads better as its fields (paging.ts pageQueryOf) than as its pattern.
  if (s.sortFields) rules.push(`可排序字段 ${s.sortFields.join('、')}，加 ,asc 或 ,desc`);
  else if (s.pattern) rules.push(`\`${s.pattern.replace(/\|/g, '\\|')}\``);
  if (s.default !== undefined) rules.push(`默认 \`${JSON.stringify(s.default)}\``);
  return rules.join('，');
}

function fieldTable(schema: JsonSchema, prefix = ''): string[] {
  const rows: string[] = [];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const required = schema.required?.includes(name) ? '是' : '否';
    rows.push(`| \`${prefix}${name}\` | ${typeOf(prop)} | ${required} | ${rulesOf(prop)} |`);
    const nested = prop.type === 'array' ? prop.items : prop;
    if (nested?.properties) {
      rows.push(...fieldTable(nested, `${prefix}${name}${prop.type === 'array' ? '[]' : ''}.`));
    }
  }
  return rows;
}

/**
 * A discriminated union's variant, named by its discriminator: the field whose constant values
 * tell the variants apart (`status` 为 `"ready"`).
 */
function variantName(variant: JsonSchema, all: JsonSchema[]): string {
  const valuesOf = (v: JsonSchema, name: string): unknown[] | null => {
    const prop = v.properties?.[name];
    if (prop?.const !== undefined) return [prop.const];
    return prop?.enum ?? null;
  };
  const key = Object.keys(variant.properties ?? {}).find((name) => {
    const sets = all.map((v) => valuesOf(v, name));
    if (sets.some((set) => set === null)) return false;
    const seen = sets.flatMap((set) => set ?? []);
    return new Set(seen).size === seen.length;
  });
  return key ? `\`${key}\` 为 ${typeOf(variant.properties![key]!)}` : '';
}

function section(title: string, schema: z.ZodType | undefined, io: 'input' | 'output'): string[] {
  if (!schema) return [];
  const whole = jsonSchemaOf(schema, io);
  // A discriminated union (an answer that is one of several shapes): one table per shape.
  if (whole.oneOf?.every((variant) => variant.properties)) {
    return whole.oneOf.flatMap((variant, i) => [
      `${title}（其${i + 1}：${variantName(variant, whole.oneOf!)}）`,
      '',
      '| 字段 | 类型 | 必填 | 规则 |',
      '| --- | --- | --- | --- |',
      ...fieldTable(variant),
      '',
    ]);
  }
  // An object-or-null answer (a draft that may not exist) shows the object's fields.
  const object = whole.anyOf?.find((a) => a.type === 'object' && a.properties);
  const nullable = object !== undefined && whole.anyOf!.some((a) => a.type === 'null');
  const json = nullable ? object : whole;
  const rows = fieldTable(json.type === 'array' && json.items ? json.items : json);
  if (rows.length === 0) return [`${title}: ${typeOf(json)}`, ''];
  const head =
    json.type === 'array'
      ? `${title}（数组，每项）`
      : nullable
        ? `${title}（对象，或 null）`
        : title;
  return [head, '', '| 字段 | 类型 | 必填 | 规则 |', '| --- | --- | --- | --- |', ...rows, ''];
}

export function renderApiReference(calls: readonly CallDef[]): string {
  const lines = [
    '# API reference',
    '',
    '<!-- Generated from src/contract by `npm run docs:api`; do not edit by hand. -->',
    '',
    `Every path is below \`${API_PREFIX}\`. Requests and answers use the envelope of`,
    '[docs/protocol.md](protocol.md); the tables show the plain data inside it.',
    '',
  ];
  for (const call of [...calls].sort((a, b) => a.path.localeCompare(b.path))) {
    lines.push(`## \`${call.method} ${call.path}\``, '');
    lines.push(`${call.summary}`, '');
    lines.push(`- 调用名：\`${call.id}\``);
    lines.push(`- 权限：${accessLabel[call.access]}`);
    if (call.rateLimit) {
      lines.push(
        `- 限流：每个${call.rateLimit.per === 'account' ? '账号' : '客户端'} ${call.rateLimit.timeWindowMs / 1000} 秒内 ${call.rateLimit.max} 次`,
      );
    }
    if (call.body) {
      const limit = bodyLimitOf(call, DEFAULT_BODY_LIMIT_BYTES);
      lines.push(`- 请求体上限（加密后）：${Math.ceil(limit / 1024)} KiB`);
    }
    if (call.skipErrorHandler) lines.push('- 客户端：失败时不弹出提示');
    lines.push('');
    lines.push(...section('查询参数', call.query, 'input'));
    lines.push(...section('请求体', call.body, 'input'));
    lines.push(...section('返回数据', call.response, 'output'));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
