/**
 * Hostile inputs for any contract call, derived from the call's own schemas (through their
 * JSON Schema), so a call added tomorrow is covered without editing a test.
 *
 * A case is a valid input with exactly one thing wrong with it, and the field the server must
 * name when it refuses it. Valid inputs come from fast-check and are checked against the zod
 * schema, so the defect in a case is the one it was given and nothing else.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import type { CallDef } from '../../src/contract/call.ts';
import { allCalls } from '../../src/contract/index.ts';
import { jsonSchemaOf, type JsonSchema } from '../../src/contract/json-schema.ts';
import { decodeTextFields } from '../../src/contract/text-input.ts';
import { illFormedTextErrors } from '../../src/contract/validation.ts';

export type Source = 'query' | 'body';

export interface HostileCase {
  /** What is wrong, for the report: `body.title: NUL`. */
  label: string;
  source: Source;
  query: Record<string, unknown> | undefined;
  body: unknown;
  /** The field the refusal must name (or a field below it). */
  field: string;
  /** Where a leaf's defect is, below the query or body. */
  leaf?: readonly (string | number)[];
}

/** A call's input schema with discriminated unions (oneOf) read as anyOf. */
const schemaOf = (schema: z.ZodType): JsonSchema => foldOneOf(jsonSchemaOf(schema));

/** `oneOf` (discriminated unions) as `anyOf`, everywhere in the schema. */
function foldOneOf(s: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...s };
  if (s.oneOf) {
    out.anyOf = s.oneOf.map(foldOneOf);
    delete out.oneOf;
  }
  if (s.anyOf) out.anyOf = s.anyOf.map(foldOneOf);
  if (s.items) out.items = foldOneOf(s.items);
  if (s.properties) {
    out.properties = Object.fromEntries(
      Object.entries(s.properties).map(([k, p]) => [k, foldOneOf(p)]),
    );
  }
  return out;
}

/** The largest value a PostgreSQL `integer` column holds: the bound of every id. */
const INT4_MAX = 2_147_483_647;
/** Strings no longer than this are generated whole; longer limits are probed at their bound. */
const SHORT_STRING = 24;

/** Characters that break naive SQL, HTML, LIKE patterns, JSON and UTF-16 handling. */
const nastyUnit = fc.oneof(
  fc.constantFrom(
    "'",
    '"',
    '\\',
    '%',
    '_',
    '<',
    '>',
    '&',
    ';',
    '--',
    '$1',
    '\n',
    '\t',
    '\u202e',
    '\ufeff',
    '😀',
    '中',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);

function stringArbitrary(s: JsonSchema, long: boolean): fc.Arbitrary<string> {
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 64;
  const fit = (text: string) => {
    // Fields are trimmed by their schemas and no field takes NUL or a lone surrogate.
    let value = text
      .replaceAll('\u0000', '')
      .replace(/\p{Cs}/gu, '?')
      .trim();
    while (value.length < min) value += 'a';
    return value.slice(0, max);
  };
  const short = fc.string({ unit: nastyUnit, maxLength: Math.min(max, SHORT_STRING) }).map(fit);
  // Test data fields (8 MiB) are probed by their over-long case only, not filled whole.
  if (!long || max <= SHORT_STRING || max > 300_000) return short;
  return fc.oneof(short, fc.constant(fit('界'.repeat(max))));
}

function integerArbitrary(s: JsonSchema): fc.Arbitrary<number> {
  const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? -INT4_MAX);
  const max = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : (s.maximum ?? INT4_MAX);
  const lo = Math.max(min, Number.MIN_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  return fc.oneof(
    fc.constantFrom(lo, hi),
    fc.integer({ min: Math.max(lo, -1e9), max: Math.min(hi, 1e9) }),
  );
}

/**
 * Values the schema accepts (by its JSON Schema; callers re-check with zod). `long`: text may
 * also fill its whole length, which hostile content wants and a base for 100 defects does not.
 */
export function validArbitrary(s: JsonSchema, long = true): fc.Arbitrary<unknown> {
  const recurse = (inner: JsonSchema) => validArbitrary(inner, long);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf) return fc.oneof(...s.anyOf.map(recurse));
  switch (s.type) {
    case 'string':
      return stringArbitrary(s, long);
    case 'integer':
      return integerArbitrary(s);
    case 'number':
      return fc.double({ min: s.minimum ?? -1e9, max: s.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? recurse(s.items) : fc.constant(null), {
        minLength: s.minItems ?? 0,
        // Short lists: items are checked together (one correct option…), so each one counts.
        maxLength: Math.min(s.maxItems ?? 2, Math.max(s.minItems ?? 0, 2)),
      });
    case 'object': {
      const properties = s.properties ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([k, p]) => [k, recurse(p)])),
        { requiredKeys: (s.required ?? []).filter((k) => k in properties) },
      );
    }
    default:
      return fc.constant(null);
  }
}

/** Query values travel as text, as a browser would send them. */
function asQueryValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asQueryValue);
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
}

export function toQuery(value: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [k, asQueryValue(v)]),
  );
}

/** A schema-valid input of short values, or undefined when 500 tries found none. */
export const validInput = (schema: z.ZodType, seed: number, source: Source): unknown =>
  validInputs(schema, seed, source, 1, { long: false, tries: 500 })[0];

/**
 * Up to `count` schema-valid inputs with hostile content (`long`: text may also fill its whole
 * length), kept only when zod and the text rule accept them as the server would.
 */
export function validInputs(
  schema: z.ZodType,
  seed: number,
  source: Source,
  count: number,
  { long = true, tries = 50 * count }: { long?: boolean; tries?: number } = {},
): unknown[] {
  const found: unknown[] = [];
  for (const candidate of fc.sample(validArbitrary(schemaOf(schema), long), {
    numRuns: tries,
    seed,
  })) {
    const sent = source === 'query' ? toQuery(candidate) : candidate;
    // The server reads a query as text (plain digits are an integer) and a body as JSON.
    const read = source === 'query' ? decodeTextFields(schema, sent) : sent;
    if (schema.safeParse(read).success && illFormedTextErrors(sent, source).length === 0) {
      found.push(sent);
      if (found.length === count) break;
    }
  }
  return found;
}

interface Mutation {
  label: string;
  /** The whole input with the one defect in place. */
  input: unknown;
  field: string;
  /** Where the defect is, below the input's root (a leaf's defects only). */
  leaf?: readonly (string | number)[];
}

const nonNull = (s: JsonSchema): JsonSchema => s.anyOf?.find((a) => a.type !== 'null') ?? s;
const allowsNull = (s: JsonSchema) =>
  s.type === 'null' || (s.anyOf?.some((a) => a.type === 'null') ?? false);

/** Replaces the value at `path` (keys below the root) in a copy of `root`. */
function replaced(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaced(copy[head!], rest, value);
  return copy;
}

function removed(root: unknown, path: readonly (string | number)[], key: string): unknown {
  const parent = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], root);
  const copy = { ...(parent as Record<string, unknown>) };
  delete copy[key];
  return replaced(root, path, copy);
}

/** Values that are not integers, or not ones a 32-bit column can hold. */
const BAD_INTEGER_TEXTS = ['0x1', '1e0', ' 1', '1.0', '+1', '', '99999999999999999999', '١'];

/** An integer the field's range holds: the digit-string case differs from it only in type. */
function inRange(s: JsonSchema): number {
  const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : s.minimum;
  const max = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : s.maximum;
  return Math.max(min ?? 1, Math.min(max ?? 1, 1));
}

function leafMutations(
  s: JsonSchema,
  nullable: boolean,
  source: Source,
): { label: string; value: unknown }[] {
  const out: { label: string; value: unknown }[] = [{ label: 'NUL', value: 'a\u0000b' }];
  // A URL cannot carry a lone surrogate (it is sent as U+FFFD); JSON can, as an escape.
  if (source === 'body') out.push({ label: 'lone surrogate', value: 'a\ud800b' });
  const type = s.enum ? 'enum' : s.type;
  if (type === 'integer' || type === 'number') {
    const max = s.exclusiveMaximum ?? (s.maximum !== undefined ? s.maximum + 1 : 2 ** 31);
    const min = s.exclusiveMinimum ?? (s.minimum !== undefined ? s.minimum - 1 : -(2 ** 31) - 1);
    out.push(
      { label: `above max (${max})`, value: max },
      { label: `below min (${min})`, value: min },
    );
    out.push({ label: 'huge', value: 1e300 }, { label: 'negative huge', value: -1e300 });
    if (type === 'integer') out.push({ label: 'fraction', value: 1.5 });
    for (const text of BAD_INTEGER_TEXTS)
      out.push({ label: `text ${JSON.stringify(text)}`, value: text });
    if (source === 'body') {
      out.push({ label: 'object', value: {} }, { label: 'boolean', value: true });
      // A JSON body's integer is a JSON number: its digits as a string are refused, even in range.
      if (type === 'integer') out.push({ label: 'digit string', value: String(inRange(s)) });
    }
  } else if (type === 'string') {
    if (source === 'body')
      out.push({ label: 'number', value: 7 }, { label: 'array', value: ['a'] });
    if (s.maxLength !== undefined && s.maxLength < 300_000) {
      out.push({ label: `longer than ${s.maxLength}`, value: 'x'.repeat(s.maxLength + 1) });
    }
  } else if (type === 'enum') {
    out.push({ label: 'not in the enum', value: 'zz-not-a-value' });
    if (source === 'body') out.push({ label: 'object', value: { $ne: null } });
  } else if (type === 'boolean') {
    if (source === 'body') out.push({ label: 'number', value: 1 }, { label: 'text', value: 'yes' });
  }
  if (source === 'query') out.push({ label: 'repeated', value: ['1', '2'] });
  if (source === 'body' && !nullable) out.push({ label: 'null', value: null });
  return out;
}

function mutationsAt(
  schema: JsonSchema,
  root: unknown,
  path: (string | number)[],
  field: string,
  source: Source,
  seed: number,
): Mutation[] {
  const s = nonNull(schema);
  const value = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], root);
  const out: Mutation[] = [];
  if (s.type === 'object' && !s.enum) {
    const properties = s.properties ?? {};
    out.push({
      label: 'extra field',
      input: replaced(root, path, { ...(value as object), zz_extra: 1 }),
      field: `${field}.zz_extra`,
    });
    for (const key of s.required ?? []) {
      out.push({
        label: `missing ${key}`,
        input: removed(root, path, key),
        field: `${field}.${key}`,
      });
    }
    if (path.length > 0 || source === 'body') {
      out.push({ label: 'array for an object', input: replaced(root, path, []), field });
    }
    for (const [key, property] of Object.entries(properties)) {
      let base = root;
      if ((value as Record<string, unknown>)[key] === undefined) {
        // An optional field left out of the base: give it a valid value first.
        const [sample] = fc.sample(validArbitrary(property, false), { numRuns: 1, seed });
        base = replaced(root, [...path, key], source === 'query' ? asQueryValue(sample) : sample);
      }
      out.push(...mutationsAt(property, base, [...path, key], `${field}.${key}`, source, seed));
    }
    return out;
  }
  if (s.type === 'array') {
    out.push({ label: 'text for an array', input: replaced(root, path, 'x'), field });
    const items = (value as unknown[] | undefined) ?? [];
    if (s.maxItems !== undefined && s.maxItems <= 10_000) {
      // A small item keeps the case small: 201 copies of a long valid question would not be.
      const first =
        items[0] ?? fc.sample(validArbitrary(s.items ?? {}, false), { numRuns: 1, seed })[0];
      const filler = JSON.stringify(first ?? null).length <= 1024 ? first : null;
      out.push({
        label: `more than ${s.maxItems} items`,
        input: replaced(
          root,
          path,
          Array.from({ length: s.maxItems + 1 }, () => filler),
        ),
        field,
      });
    }
    if (items.length > 0 && s.items) {
      out.push(...mutationsAt(s.items, root, [...path, 0], `${field}.0`, source, seed));
    }
    return out;
  }
  for (const { label, value: bad } of leafMutations(s, allowsNull(schema), source)) {
    out.push({ label, input: replaced(root, path, bad), field, leaf: path });
  }
  return out;
}

/**
 * Every single-defect case of one call: for each field of its query and body (nested ones
 * too), the wrong types, out-of-range and malformed numbers, NUL, over-long text, missing and
 * extra fields; and for the body as a whole, the wrong JSON types and a hostile nesting depth.
 * Throws when no valid input can be generated for the call.
 */
function everyCase(call: CallDef, seed: number): HostileCase[] {
  const query = call.query ? validInput(call.query, seed, 'query') : undefined;
  const body = call.body ? validInput(call.body, seed, 'body') : undefined;
  if (call.query && query === undefined) throw new Error(`${call.id}: no valid query generated`);
  if (call.body && body === undefined) throw new Error(`${call.id}: no valid body generated`);
  const cases: HostileCase[] = [];
  const add = (source: Source, m: Mutation) =>
    cases.push({
      label: `${m.field}: ${m.label}`,
      source,
      field: m.field,
      ...(m.leaf ? { leaf: m.leaf } : {}),
      query: source === 'query' ? (m.input as Record<string, unknown>) : (query as never),
      body: source === 'body' ? m.input : body,
    });
  const querySchema = call.query ? schemaOf(call.query) : { type: 'object', properties: {} };
  for (const m of mutationsAt(querySchema, query ?? {}, [], 'query', 'query', seed)) {
    add('query', m);
  }
  if (call.body) {
    for (const m of mutationsAt(schemaOf(call.body), body, [], 'body', 'body', seed)) {
      add('body', m);
    }
    for (const [label, value] of [
      ['null body', null],
      ['text body', 'x'],
      ['number body', 42],
      // As deep as JSON.stringify can seal; the server's JSON.parse and field walk do not recurse.
      ['nested 2000 deep', JSON.parse('['.repeat(2000) + ']'.repeat(2000)) as unknown],
    ] as const) {
      add('body', { label, input: value, field: 'body' });
    }
  } else if (call.method !== 'GET') {
    add('body', { label: 'a body where none is taken', input: { a: 1 }, field: 'body' });
  }
  return cases;
}

/** What a case does wrong, without where: `body NUL`, `query text "0x1"`. */
const kindOf = (c: HostileCase) => `${c.source} ${c.label.slice(c.field.length + 2)}`;

const objectIds = new Map<object, number>();
const objectId = (o: object | undefined) => {
  if (!o) return 0;
  if (!objectIds.has(o)) objectIds.set(o, objectIds.size + 1);
  return objectIds.get(o)!;
};

/**
 * Everything the server's handling of a refused input depends on (src/server/http/
 * register-calls.ts): the method, the kind of request, the very schema objects that validate
 * it, its size limit, rate limit and the session the test sends. Calls with equal keys (an
 * entry served in several areas) take the same path with the same input, route aside.
 */
const validationKey = (call: CallDef) =>
  JSON.stringify([
    call.method,
    call.requestKind ?? '',
    call.responseKind ?? '',
    objectId(call.query),
    objectId(call.body),
    call.bodyLimitBytes ?? 0,
    call.rateLimit ?? null,
    call.access === 'parent',
  ]);

let firstOfKey: Map<string, CallDef> | undefined;

/**
 * The single-defect cases the property sends for one call (everyCase less repeats): the first
 * call of the contract with a given validation key gets every case its fields give, less
 * those that provably repeat one kept (withoutRepeats); a later call with the same key meets
 * every kind of defect once, at its first field. Throws if a kind or a field were lost.
 */
export function hostileCases(call: CallDef, seed: number): HostileCase[] {
  firstOfKey ??= allCalls.reduce((first, c) => {
    const key = validationKey(c);
    if (!first.has(key)) first.set(key, c);
    return first;
  }, new Map<string, CallDef>());
  const every = everyCase(call, seed);
  const first = firstOfKey.get(validationKey(call)) === call;
  const kinds = new Set<string>();
  const kept = first
    ? withoutRepeats(call, every)
    : every.filter((c) => !kinds.has(kindOf(c)) && Boolean(kinds.add(kindOf(c))));
  const lost = (of: (c: HostileCase) => string) => {
    const left = new Set(kept.map(of));
    return [...new Set(every.map(of))].filter((k) => !left.has(k));
  };
  const missing = [...lost(kindOf), ...(first ? lost((c) => c.field) : [])];
  if (missing.length > 0) throw new Error(`${call.id}: no case left for ${missing.join(', ')}`);
  return kept;
}

/** Refused by the text rule, which reads the whole input before any schema does. */
const TEXT_RULE_LABELS = new Set(['NUL', 'lone surrogate']);

/** A JSON string where the body takes an integer. */
const isTextForInteger = (c: HostileCase) =>
  c.source === 'body' && (c.label.endsWith(': digit string') || / text ".*"$/.test(c.label));

/** The parts of a zod schema's definition zodAt reads. */
interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
}

/** Wrappers that hand a value to their inner schema as it is. */
const PASS_THROUGH = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly']);

/** The schema below `path`, past wrappers that hand a value over as it is; else undefined. */
function zodAt(schema: z.ZodType, path: readonly (string | number)[]): z.ZodType | undefined {
  const unwrap = (s: z.ZodType): z.ZodType => {
    const def = s.def as SchemaDef;
    return PASS_THROUGH.has(def.type) && def.innerType ? unwrap(def.innerType) : s;
  };
  let current: z.ZodType | undefined = unwrap(schema);
  for (const step of path) {
    const def: SchemaDef = current.def as SchemaDef;
    if (def.type === 'object' && typeof step === 'string') current = def.shape?.[step];
    else if (def.type === 'array' && typeof step === 'number') current = def.element;
    else return undefined;
    if (!current) return undefined;
    current = unwrap(current);
  }
  return current;
}

/**
 * The cases of one call less those that provably take the same path through the server's
 * validation (src/server/http/validation-error.ts) as one kept, so the property's fifty
 * thousand requests are not spent twice (docs/decisions/testing-and-tooling.md). Every call
 * still meets every kind of defect, every field every kind its schema decides on:
 * - NUL and a lone surrogate are refused by the text rule, which walks the whole input before
 *   any schema and differs between fields only in the path it names: one case per kind, source
 *   and shape of path (keys and list positions), at the first field of that shape.
 * - In a JSON body nothing decodes text, so where the schema is a plain number every string is
 *   refused by its type check alike: the first such field gets every text, the others the
 *   in-range digit string only. A field behind a union, a pipe or a catch keeps them all.
 */
function withoutRepeats(call: CallDef, cases: HostileCase[]): HostileCase[] {
  const shapes = new Set<string>();
  let textsAt: string | undefined;
  return cases.filter((c) => {
    const kind = c.label.slice(c.field.length + 2);
    if (TEXT_RULE_LABELS.has(kind) && c.leaf) {
      const shape = `${kindOf(c)} ${c.leaf.map((step) => typeof step).join('.')}`;
      if (shapes.has(shape)) return false;
      shapes.add(shape);
      return true;
    }
    if (isTextForInteger(c) && c.leaf && call.body) {
      if (zodAt(call.body, c.leaf)?.def.type !== 'number') return true;
      textsAt ??= c.field;
      return c.field === textsAt || kind === 'digit string';
    }
    return true;
  });
}

/**
 * Integer and string fields of every input that have no upper bound: each one is a way to a
 * database error (an integer beyond the column, a string beyond any sane size).
 */
export function unboundedFields(call: CallDef): string[] {
  const out: string[] = [];
  const visit = (schema: JsonSchema, field: string) => {
    if (schema.anyOf) {
      for (const variant of schema.anyOf) visit(variant, field);
      return;
    }
    const s = schema;
    if (s.enum || s.const !== undefined) return;
    if (s.type === 'object') {
      for (const [k, p] of Object.entries(s.properties ?? {})) visit(p, `${field}.${k}`);
    } else if (s.type === 'array') {
      if (s.maxItems === undefined) out.push(`${field} (no maxItems)`);
      if (s.items) visit(s.items, `${field}.0`);
    } else if (s.type === 'integer' || s.type === 'number') {
      const max = s.maximum ?? s.exclusiveMaximum;
      const min = s.minimum ?? s.exclusiveMinimum;
      if (max === undefined || max > INT4_MAX) out.push(`${field} (maximum ${max ?? 'none'})`);
      if (min === undefined || min < -INT4_MAX - 1) out.push(`${field} (minimum ${min ?? 'none'})`);
    } else if (s.type === 'string') {
      // A pattern without `*` or `+` bounds the length by itself (`^\d{6}$`).
      const patternBounded = s.pattern !== undefined && !/[*+]/.test(s.pattern);
      if (s.maxLength === undefined && !patternBounded) out.push(`${field} (no maxLength)`);
    }
  };
  if (call.query) visit(schemaOf(call.query), 'query');
  if (call.body) visit(schemaOf(call.body), 'body');
  return out;
}
