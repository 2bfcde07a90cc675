/**
 * Field decoders of multipart bodies (docs/product-rules.md#call-conventions: object fields
 * JSON-encoded, array fields repeated). A multipart field is always text; these turn it into what
 * the schema expects.
 */
import { z } from 'zod';

/** An object field sent as JSON text. */
export const jsonField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);

/** An array field sent as the same name repeated (once: one element). */
export const repeatedField = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(item));
