import { z } from 'zod';

/**
 * The part of JSON Schema the contract's own tools read from a call's schemas: the API
 * reference (reference.ts), the body limits (body-size.ts) and the generated bad-input test.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  /** Discriminated unions come out as oneOf. */
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: unknown;
  /** A paged list's sort fields (paging.ts pageQueryOf), carried as schema metadata. */
  sortFields?: string[];
}

/** A schema as JSON Schema: what a client sends (`input`) or what it receives (`output`). */
export const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
