import type { z } from 'zod';
import { jsonSchemaOf, type JsonSchema } from './json-schema.ts';

/**
 * The largest sealed body a schema-valid input can make, so no call refuses as too large an
 * input its own schema accepts (a 100 000-character statement in Chinese is a valid question).
 * Text counts 3 bytes a character (UTF-8 of any BMP character), sealing adds base64 (4/3) and
 * the envelope's own fields.
 */

/** The body limit of a call whose schema needs no more (docs/protocol.md "Input rules"). */
export const DEFAULT_BODY_LIMIT_BYTES = 256 * 1024;

/** ts, nonce, method, path, IV, tag, key echo and the JSON around them, with room to spare. */
const ENVELOPE_OVERHEAD_BYTES = 2048;
/** A text field bounded by its pattern alone (`^\d{6}$`) is short; counted at this. */
const PATTERN_TEXT_BYTES = 256;
const NUMBER_BYTES = 24;

function jsonBytes(s: JsonSchema): number {
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return Math.max(...variants.map(jsonBytes));
  if (s.const !== undefined) return JSON.stringify(s.const).length;
  if (s.enum) return Math.max(...s.enum.map((v) => JSON.stringify(v).length));
  switch (s.type) {
    case 'string':
      return s.maxLength !== undefined ? 2 + 3 * s.maxLength : PATTERN_TEXT_BYTES;
    case 'integer':
    case 'number':
      return NUMBER_BYTES;
    case 'boolean':
      return 5;
    case 'array':
      return 2 + (s.maxItems ?? 0) * (1 + (s.items ? jsonBytes(s.items) : 4));
    case 'object':
      return Object.entries(s.properties ?? {}).reduce(
        (sum, [key, p]) => sum + key.length + 4 + jsonBytes(p),
        2,
      );
    default:
      return 4;
  }
}

export function worstCaseSealedBytes(body: z.ZodType): number {
  return Math.ceil((jsonBytes(jsonSchemaOf(body)) * 4) / 3) + ENVELOPE_OVERHEAD_BYTES;
}

/** A call's body limit: what it declares, else enough for any valid input, at least `floor`. */
export function bodyLimitOf(
  call: { body?: z.ZodType; bodyLimitBytes?: number },
  floor: number,
): number {
  if (call.bodyLimitBytes) return call.bodyLimitBytes;
  return call.body ? Math.max(floor, worstCaseSealedBytes(call.body)) : floor;
}
