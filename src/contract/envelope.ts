import { z } from 'zod';

/**
 * Every answer of the API has this shape (DESIGN.md "Errors are data"). `code` is 0 on success;
 * failures carry a code from the catalogue in ./errors.ts.
 */
export const responseEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    code: z.number().int(),
    message: z.string(),
    data: data.nullable(),
  });

export interface ResponseEnvelope<T> {
  success: boolean;
  code: number;
  message: string;
  data: T | null;
}

export const sealedEnvelopeSchema = z.strictObject({
  key: z.string().min(1).max(200),
  data: z.string().min(1),
  signature: z.string().min(1).max(200),
});

/** Header that asks for an encrypted answer on calls without a body (GET, body-less DELETE). */
export const ENVELOPE_KEY_HEADER = 'x-envelope-key';
/** Header every request carries (spec 000 §7). */
export const APP_ID_HEADER = 'appid';
export const APP_ID = 'xinao-web';
export const API_PREFIX = '/xinao/api';
export const WEB_BASE = '/web/';
