import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { jsonField, repeatedField } from './multipart-fields.ts';

describe('multipart field decoders', () => {
  const form = z.strictObject({
    question: jsonField(z.strictObject({ title: z.string() })).optional(),
    tags: repeatedField(z.string()).optional(),
  });

  it('decodes a JSON-encoded object field and repeated array fields', () => {
    expect(form.parse({ question: '{"title":"A+B"}', tags: ['a', 'b'] })).toEqual({
      question: { title: 'A+B' },
      tags: ['a', 'b'],
    });
  });

  it('reads an array field sent once as a one-element list', () => {
    expect(form.parse({ tags: 'a' })).toEqual({ tags: ['a'] });
  });

  it('refuses an object field that is not JSON, naming the field', () => {
    const result = form.safeParse({ question: '{not json' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['question']);
  });
});
