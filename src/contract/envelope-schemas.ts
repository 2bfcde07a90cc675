import { z } from 'zod';

/** The schema of ResponseEnvelope (./envelope.ts) around a data schema. */
export const responseEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    code: z.number().int(),
    message: z.string(),
    data: data.nullable(),
  });

export const sealedEnvelopeSchema = z.strictObject({
  key: z.string().min(1).max(200),
  data: z.string().min(1),
  signature: z.string().min(1).max(200),
});
