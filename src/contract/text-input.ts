/**
 * Values that arrive as text — a query string, a multipart form field, a path segment — decoded
 * into what the call's schema expects, before the schema reads them (docs/protocol.md "Input
 * rules"). The schemas themselves are strict: an integer field takes a JSON number, so a JSON
 * body's `"100"` is refused. Only here, and only for text carriers, do plain decimal digits
 * become a number. One place decides by where the value came from, so a call written tomorrow
 * follows the rule without saying so.
 */
import type { z } from 'zod';
import { DECIMAL_INTEGER } from './fields.ts';

/** The parts of a zod schema's definition this module reads. */
interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): SchemaDef => schema.def as SchemaDef;

/** Wrappers whose inner schema reads the value as it is. */
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'catch',
  'nonoptional',
]);

/**
 * The schema that reads the value: past optional/default/… wrappers; past a preprocess (a pipe
 * from a transform) to the schema after it, and past a later transform to the schema before it.
 */
function reader(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 32; depth += 1) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'lazy' && def.getter) current = def.getter();
    else if (def.type === 'pipe' && def.in && def.out) {
      current = defOf(def.in).type === 'transform' ? def.out : def.in;
    } else return current;
  }
  return current;
}

const takesInteger = (schema: z.ZodType): boolean => {
  const read = reader(schema);
  return defOf(read).type === 'number' && (read as z.ZodNumber).isInt === true;
};

/** One text value for `schema`: plain decimal digits where it takes an integer. */
export function decodeTextValue(schema: z.ZodType, value: unknown): unknown {
  if (typeof value === 'string' && DECIMAL_INTEGER.test(value) && takesInteger(schema)) {
    return Number(value);
  }
  return value;
}

/**
 * A field for `schema`: a list is its name repeated (given once: one element,
 * docs/product-rules.md#call-conventions).
 */
function decodeField(schema: z.ZodType, value: unknown): unknown {
  const def = defOf(reader(schema));
  if (def.type === 'array' && def.element) {
    const element = def.element;
    if (Array.isArray(value)) return value.map((item) => decodeTextValue(element, item));
    if (typeof value === 'string') return [decodeTextValue(element, value)];
    return value;
  }
  return decodeTextValue(schema, value);
}

/**
 * The fields of a text carrier (query string or multipart form) decoded for the object schema
 * that will read them. Fields the schema does not name, and values that are not plain digits,
 * are left as sent, for the schema to refuse by name.
 */
export function decodeTextFields(schema: z.ZodType, input: unknown): unknown {
  const shape = defOf(reader(schema)).shape;
  if (!shape || input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => {
      const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
      return [key, field ? decodeField(field, value) : value];
    }),
  );
}
