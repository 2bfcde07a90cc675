/**
 * Writing member documents: each area writes on its own shelf (visibility.ts writerOf) and only
 * the kinds it owns; what a kind needs (a file for `file`, a question for `solution`, a body for
 * the Markdown kinds) is checked here and refused naming the field, before anything is stored.
 */
import type { z } from 'zod';
import type { documentInput, documentUpdate } from '../../contract/member-document/calls.ts';
import { DOCUMENT_TAG_DICT } from '../../contract/member-document/tags.ts';
import type { FieldError } from '../../contract/validation.ts';
import { liveFile } from '../files/rows.ts';
import { validationError } from '../http/validation-error.ts';
import type { Services } from '../services.ts';
import type { DocumentReader, DocumentWriter } from './visibility.ts';
import { assertMayWrite, KIND_NAMES, type DocumentKind } from './visibility.ts';
import { findReadable, type DocumentRowWithBody } from './rows.ts';

type Input = z.output<typeof documentInput>;
type Update = z.output<typeof documentUpdate>;
type Fields = Omit<Input, 'kind'>;

const WHO: Record<DocumentWriter['space'], string> = {
  platform: '平台人员',
  organization: '教师',
  personal: '学员',
};

async function unknownTags(services: Services, tags: readonly string[]): Promise<string[]> {
  if (tags.length === 0) return [];
  const { rows } = await services.pool.query<{ value: string }>(
    `SELECT di.value FROM dict_items di JOIN dicts dt ON dt.id = di.dict_id
      WHERE dt.code = $1 AND di.enabled AND di.value = ANY($2::text[])`,
    [DOCUMENT_TAG_DICT, tags],
  );
  const known = new Set(rows.map((r) => r.value));
  return tags.filter((t) => !known.has(t));
}

async function fileProblem(
  services: Services,
  writer: DocumentWriter,
  fileName: string,
): Promise<string | null> {
  const file = await liveFile(services.pool, fileName);
  if (!file) {
    return `文件 ${fileName} 不存在，请重新上传`;
  }
  if (file.purpose !== 'document') return `文件 ${fileName} 不是文档类上传（用途须为 document）`;
  // Someone else's private file must not become readable through a document of mine.
  if (writer.space !== 'platform' && file.ownerMemberId !== writer.memberId) {
    return `文件 ${fileName} 不是你上传的，请重新上传`;
  }
  return null;
}

async function questionProblem(services: Services, questionId: number): Promise<string | null> {
  const { rows } = await services.pool.query(
    `SELECT 1 FROM questions WHERE id = $1 AND status = 'active' AND organization_id IS NULL`,
    [questionId],
  );
  return rows.length === 0 ? `题目 ${questionId} 不存在或不属于平台题库` : null;
}

/** Every problem of the fields for a document of `kind`, each naming its field. */
async function checkFields(
  services: Services,
  writer: DocumentWriter,
  kind: DocumentKind,
  input: Fields,
): Promise<void> {
  const refused: FieldError[] = [];
  const refuse = (field: string, message: string) =>
    refused.push({ field: `body.${field}`, message });
  if (kind === 'file') {
    if (!input.fileName) refuse('fileName', '请先上传文件');
    else {
      const problem = await fileProblem(services, writer, input.fileName);
      if (problem) refuse('fileName', problem);
    }
  } else {
    if (input.fileName) refuse('fileName', `${KIND_NAMES[kind]}不能附带文件，请选择文件类型`);
    if (input.body.trim() === '') refuse('body', '正文不能为空');
  }
  if (kind === 'solution') {
    if (!input.questionId) refuse('questionId', '题解须关联一道题目');
    else {
      const problem = await questionProblem(services, input.questionId);
      if (problem) refuse('questionId', problem);
    }
  } else {
    if (input.questionId) refuse('questionId', '只有题解可以关联题目');
    if (input.paid) refuse('paid', '只有题解可以设为付费');
  }
  const unknown = await unknownTags(services, input.tags);
  if (unknown.length > 0) {
    refuse('tags', `标签「${unknown.join('、')}」不在文档标签字典（${DOCUMENT_TAG_DICT}）中`);
  }
  if (refused.length > 0) throw validationError(refused);
}

export async function createDocument(
  services: Services,
  writer: DocumentWriter,
  input: Input,
): Promise<number> {
  if (!writer.kinds.includes(input.kind)) {
    const allowed = writer.kinds.map((k) => `${k}（${KIND_NAMES[k]}）`).join('、');
    throw validationError([
      {
        field: 'body.kind',
        message: `${WHO[writer.space]}不能新建${KIND_NAMES[input.kind]}，可选：${allowed}`,
      },
    ]);
  }
  await checkFields(services, writer, input.kind, input);
  const { rows } = await services.pool.query<{ id: number }>(
    `INSERT INTO member_documents (space, kind, owner_member_id, organization_id, title, summary,
                                   body, tags, file_name, question_id, paid)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      writer.space,
      input.kind,
      writer.memberId,
      writer.organizationId,
      input.title,
      input.summary,
      input.body,
      input.tags,
      input.fileName,
      input.questionId,
      input.paid,
    ],
  );
  return rows[0]!.id;
}

/** The row, when the writer may read it (NOT_FOUND) and change it (FORBIDDEN). */
export async function findWritable(
  services: Services,
  reader: DocumentReader,
  writer: DocumentWriter,
  id: number,
  action: 'write' | 'unpublish' = 'write',
): Promise<DocumentRowWithBody> {
  const row = await findReadable(services, reader, id);
  assertMayWrite(writer, row, action);
  return row;
}

export async function updateDocument(
  services: Services,
  reader: DocumentReader,
  writer: DocumentWriter,
  input: Update,
): Promise<void> {
  const row = await findWritable(services, reader, writer, input.id);
  await checkFields(services, writer, row.kind, input);
  await services.pool.query(
    `UPDATE member_documents SET title = $2, summary = $3, body = $4, tags = $5, file_name = $6,
            question_id = $7, paid = $8, updated_at = now()
      WHERE id = $1`,
    [
      input.id,
      input.title,
      input.summary,
      input.body,
      input.tags,
      input.fileName,
      input.questionId,
      input.paid,
    ],
  );
}

/** Soft: the row stays for the history of lifecycle_transitions, gone from every read. */
export async function deleteDocument(
  services: Services,
  reader: DocumentReader,
  writer: DocumentWriter,
  id: number,
): Promise<void> {
  await findWritable(services, reader, writer, id);
  await services.pool.query(
    `UPDATE member_documents SET status = 'deleted', updated_at = now() WHERE id = $1`,
    [id],
  );
}
