import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { withImage } from './DocumentMarkdownField.tsx';
import { documentForm } from './document-form.tsx';

const t = ((key: string) => key) as unknown as TFunction;

describe('withImage', () => {
  it('appends the image on a line of its own, its name as alt text without brackets', () => {
    expect(withImage('', 'a.png', '/f/a.png')).toBe('![a.png](/f/a.png)\n');
    expect(withImage('正文', '[x].png', '/f/x.png')).toBe('正文\n![x.png](/f/x.png)\n');
    expect(withImage('正文\n', 'y.png', '/f/y.png')).toBe('正文\n![y.png](/f/y.png)\n');
  });
});

describe('documentForm', () => {
  const values = { title: '题解', summary: '', tags: ['题解'], body: '思路', fileName: '' };

  it('refuses a write-up without a question number, naming the field', () => {
    const form = documentForm(t, 'bms', 'solution', null, []);
    expect(form.toBody({ ...values, questionId: 'abc', paid: true })).toEqual({
      field: 'questionId',
      message: 'documents.questionIdInvalid',
    });
    expect(form.toBody({ ...values, questionId: '12', paid: true })).toEqual({
      body: {
        kind: 'solution',
        title: '题解',
        summary: '',
        tags: ['题解'],
        body: '思路',
        fileName: null,
        questionId: 12,
        paid: true,
      },
    });
  });

  it('refuses a file document before its file is uploaded', () => {
    const form = documentForm(t, 'oj', 'file', null, []);
    expect(form.call).toBe('oj.memberDocument.create');
    expect(form.toBody({ ...values, questionId: '', paid: false })).toEqual({
      field: 'fileName',
      message: 'documents.fileMissing',
    });
  });

  it('never sends a question or the paid flag for a note', () => {
    const form = documentForm(t, 'oj', 'note', null, []);
    const answer = form.toBody({ ...values, questionId: '3', paid: true });
    expect(answer).toMatchObject({ body: { kind: 'note', questionId: null, paid: false } });
  });
});
