import type { TFunction } from 'i18next';
import type { DocumentArea, DocumentItem } from '../../app/document-queries.ts';
import { FileUploadButton } from '../files/FileUploadButton.tsx';
import {
  staffForm,
  type FormValues,
  type StaffField,
  type StaffFormRequest,
} from '../staff/StaffForm.tsx';
import { DocumentMarkdownField } from './DocumentMarkdownField.tsx';
import { SolutionQuestionField } from './SolutionQuestionField.tsx';

export type DocumentKind = DocumentItem['kind'];

/** The kinds each shelf writes (server/member-document/visibility.ts writerOf). */
export const KINDS_OF_AREA: Record<DocumentArea, readonly DocumentKind[]> = {
  bms: ['article', 'solution'],
  edms: ['note', 'file', 'article'],
  oj: ['note', 'file'],
};

const QUESTION_ID = /^[1-9]\d{0,9}$/;

/**
 * The create or edit form of one document of `kind`: title, summary, tags, then what the kind
 * holds — Markdown (with an image upload), an uploaded file, or for a write-up its
 * question and paid flag. The server checks everything again and names the field it refuses.
 */
export function documentForm(
  t: TFunction,
  area: DocumentArea,
  kind: DocumentKind,
  document: DocumentItem | null,
  tagOptions: { value: string; label: string }[],
): StaffFormRequest {
  const imagePurpose = area === 'oj' ? 'noteImage' : 'articleImage';
  const fields: StaffField[] = [
    { name: 'title', label: t('documents.fieldTitle'), kind: 'text' },
    { name: 'summary', label: t('documents.fieldSummary'), kind: 'text' },
    { name: 'tags', label: t('documents.fieldTags'), kind: 'multi', options: tagOptions },
  ];
  if (kind === 'file') {
    fields.push({
      name: 'fileName',
      label: t('documents.fieldFile'),
      kind: 'custom',
      render: (value, set) => (
        <div className="xa-document-editor-upload">
          <span className="xa-muted" data-testid="document-file-name">
            {value || t('documents.noFile')}
          </span>
          <FileUploadButton
            purpose="document"
            label={t('documents.uploadFile')}
            onUploaded={(file) => set(file.fileName)}
          />
        </div>
      ),
    });
  }
  if (kind === 'solution') {
    fields.push(
      {
        name: 'questionId',
        label: t('documents.fieldQuestionId'),
        kind: 'custom',
        render: (value, set) => (
          <SolutionQuestionField
            value={String(value ?? '')}
            title={document?.questionTitle ?? null}
            onChange={set}
          />
        ),
      },
      { name: 'paid', label: t('documents.fieldPaid'), kind: 'checkbox' },
    );
  }
  fields.push({
    name: 'body',
    label: kind === 'file' ? t('documents.fieldDescription') : t('documents.fieldBody'),
    kind: 'custom',
    render: (value, set, id) => (
      <DocumentMarkdownField id={id} value={value} onChange={set} imagePurpose={imagePurpose} />
    ),
  });
  const kindName = t(`documents.kinds.${kind}`);
  return staffForm({
    title: document
      ? t('documents.editTitle', { kind: kindName, title: document.title })
      : t('documents.newTitle', { kind: kindName }),
    call: document ? `${area}.memberDocument.update` : `${area}.memberDocument.create`,
    wide: true,
    fields,
    values: {
      title: document?.title ?? '',
      summary: document?.summary ?? '',
      tags: document?.tags ?? [],
      fileName: document?.fileName ?? '',
      questionId: document?.questionId ? String(document.questionId) : '',
      paid: document?.paid ?? false,
      body: document?.body ?? '',
    },
    toBody: (v: FormValues) => {
      const questionId = String(v.questionId ?? '').trim();
      if (kind === 'solution' && !QUESTION_ID.test(questionId)) {
        return { field: 'questionId', message: t('documents.questionIdInvalid') };
      }
      if (kind === 'file' && !v.fileName) {
        return { field: 'fileName', message: t('documents.fileMissing') };
      }
      return {
        body: {
          ...(document ? { id: document.id } : { kind }),
          title: String(v.title),
          summary: String(v.summary),
          tags: Array.isArray(v.tags) ? v.tags : [],
          body: String(v.body),
          fileName: kind === 'file' ? String(v.fileName) : null,
          questionId: kind === 'solution' ? Number(questionId) : null,
          paid: kind === 'solution' && v.paid === true,
        },
      };
    },
  });
}
