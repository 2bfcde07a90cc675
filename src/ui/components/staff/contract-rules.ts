/**
 * A staff form's fields checked with the contract's own rules (issue 26 item 4): the range of a
 * price, a capacity or a duration is written once, on the call's body schema, and the form reads
 * it there (the check and the numbers its message names) instead of restating it. The schemas
 * load when the form is sent, so zod and the contract stay off the back-office screens until a
 * form needs them (docs/decisions/client-and-screens.md, "First-screen JavaScript without zod";
 * src/ui/first-screen.test.ts).
 */
import type { z } from 'zod';
import { zhIssueMessage } from '../../../contract/validation.ts';

/** A call's body fields as its schema declares them (the body schema's `shape`). */
export type BodyShape = Readonly<Record<string, z.ZodType>>;

/** The bounds a number field's rule sets (fen for a price); a message's values as they are. */
// A type, not an interface: i18next takes it as interpolation values (an index signature).
export type Range = { min: number; max: number };

/** How a form shows a body field's refusal. */
export interface RuleField {
  /** The form field it shows under, when not the body's name (`priceFen` under `price`). */
  field?: string;
  /**
   * The form's wording, given the rule's bounds (a yuan field speaks of yuan, not fen); else the
   * contract's own message.
   */
  message?: (range: Range) => string;
}

export interface ContractRules<Key extends string = string> {
  /** The call's body fields, loaded on send: `() => import(…schemas.ts).then((m) => m.x.shape)`. */
  shape: () => Promise<BodyShape>;
  /** The body fields checked here, each alone: rules between fields stay the server's. */
  fields: Partial<Record<Key, RuleField>>;
}

interface Bounded {
  minValue?: number | null;
  maxValue?: number | null;
  unwrap?: () => unknown;
}

/** The bounds of a number field, through its optional, nullable and default wrappers. */
function rangeOf(schema: z.ZodType): Range {
  let inner = schema as unknown as Bounded;
  while (typeof inner.unwrap === 'function') inner = inner.unwrap() as Bounded;
  return {
    min: inner.minValue ?? Number.NEGATIVE_INFINITY,
    max: inner.maxValue ?? Number.POSITIVE_INFINITY,
  };
}

/**
 * The first of the named body fields the contract refuses, as the form names it, or null. A
 * field the body leaves out (an edit that does not change it) is not checked.
 */
export function firstRefusal(
  shape: BodyShape,
  body: Readonly<Record<string, unknown>>,
  fields: Readonly<Record<string, RuleField | undefined>>,
): { field: string; message: string } | null {
  for (const [name, shown] of Object.entries(fields)) {
    const schema = shape[name];
    if (!schema || !(name in body)) continue;
    const parsed = schema.safeParse(body[name], { error: zhIssueMessage });
    if (!parsed.success) {
      return {
        field: shown?.field ?? name,
        message: shown?.message?.(rangeOf(schema)) ?? parsed.error.issues[0]?.message ?? '',
      };
    }
  }
  return null;
}

/** A range of fen as yuan, for a message about a price typed in yuan. */
export const inYuan = ({ min, max }: Range): Range => ({ min: min / 100, max: max / 100 });

/**
 * A whole-number field as typed: its number, null when left empty, and NaN when the text is not
 * a whole number, which the contract's rule then refuses under the field.
 */
export function wholeOrNull(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * A whole-number field a call requires: its number, and NaN when it is left empty or is not a
 * whole number, which the contract's rule (listed in the form's `rules`) refuses under the field.
 */
export const wholeOrNaN = (text: string): number => wholeOrNull(text) ?? Number.NaN;

/** The body fields of a call's definition (`m.membership['membership.create']`). */
export function bodyShapeOf(call: { id: string; body?: { shape: BodyShape } }): BodyShape {
  if (!call.body) throw new Error(`${call.id} takes no body`);
  return call.body.shape;
}
