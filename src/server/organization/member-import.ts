/**
 * The learner spreadsheet (organizationMember batchImport and its template): columns by their
 * Chinese headers, one learner per row. A file that is not a readable xlsx, too large or
 * without the required column is refused whole, naming `file`; a bad cell refuses only its
 * row, naming the column — the other rows go on to addPeople.
 */
import type ExcelJS from 'exceljs';
import { zhIssueMessage } from '../../contract/validation.ts';
import { memberRowInput } from '../../contract/organization/members.ts';
import { MAX_MEMBER_ROWS } from '../../contract/organization/people-write.ts';
import { fail } from '../http/app-error.ts';
import { FileAnswer, type UploadedFile } from '../http/multipart.ts';
import { validationError } from '../http/validation-error.ts';
import { newWorkbook, XLSX_CONTENT_TYPE } from '../http/xlsx.ts';
import type { PersonRowInput } from './people-write.ts';

/** Far above 500 rows of text, far below what inflating the zip could cost. */
export const MAX_IMPORT_BYTES = 1024 * 1024;

interface Column {
  header: string;
  key: string;
  note: string;
}

const COLUMNS: readonly Column[] = [
  { header: '昵称', key: 'nickname', note: '必填：学员在平台上显示的名字，最多 32 个字符' },
  {
    header: '手机号',
    key: 'mobile',
    note: '11 位手机号。手机号与用户名至少填一项；手机号已注册时为该用户开通本机构账号，沿用其原密码',
  },
  { header: '用户名', key: 'username', note: '字母、数字和下划线，3–32 位；不填则用手机号登录' },
  { header: '初始密码', key: 'password', note: '8–64 位；不填则自动生成，在导入结果中显示一次' },
  { header: '身份', key: 'role', note: '学员 或 家长，不填为学员' },
  { header: '标签', key: 'tags', note: '多个标签用顿号、逗号或空格分隔，每个最多 32 个字符' },
  { header: '姓名', key: 'realName', note: '真实姓名，最多 20 个字符' },
  { header: '学号', key: 'studentNo', note: '最多 32 个字符' },
  { header: '学校', key: 'school', note: '最多 50 个字符' },
  { header: '年级', key: 'gradeLevel', note: '如 初二，最多 20 个字符' },
  { header: '备注', key: 'remark', note: '最多 200 个字符' },
];
const headerOf = new Map(COLUMNS.map((c) => [c.key, c.header]));
const ROLE_VALUES: Record<string, string> = {
  学员: 'student',
  学生: 'student',
  家长: 'parent',
  student: 'student',
  parent: 'parent',
};

/** The import template: a header-only sheet to fill in, and a sheet explaining each column. */
export async function importTemplate(): Promise<FileAnswer> {
  const book = await newWorkbook();
  const sheet = book.addWorksheet('学员名单');
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, width: c.key === 'mobile' ? 14 : 12 }));
  sheet.getRow(1).font = { bold: true };
  // Text cells: a mobile typed in stays 13800000001, not 1.38E+10.
  sheet.getColumn(2).numFmt = '@';
  const notes = book.addWorksheet('填写说明');
  notes.columns = [
    { header: '列', width: 12 },
    { header: '说明', width: 90 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const c of COLUMNS) notes.addRow([c.header, c.note]);
  notes.addRow(['', `每次最多 ${MAX_MEMBER_ROWS} 行；请保持第一行表头不变。`]);
  const data = Buffer.from(await book.xlsx.writeBuffer());
  return new FileAnswer('学员导入模板.xlsx', XLSX_CONTENT_TYPE, data);
}

/** A cell as text: numbers typed into the mobile column, rich text and formulas included. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  return '';
}

async function readSheet(file: UploadedFile | undefined): Promise<ExcelJS.Worksheet> {
  const field = (message: string) => validationError([{ field: 'file', message }]);
  if (!file) throw field('请上传学员名单（xlsx 文件）');
  if (file.data.length > MAX_IMPORT_BYTES) {
    throw fail(
      'PAYLOAD_TOO_LARGE',
      `学员名单文件过大：最大 ${MAX_IMPORT_BYTES / 1024} KiB（file）`,
    );
  }
  // An xlsx is a zip: its first bytes say so, whatever the file's name claims.
  if (file.data.subarray(0, 4).toString('binary') !== 'PK\x03\x04') {
    throw field(`「${file.fileName}」不是 xlsx 文件，请用导入模板填写后上传`);
  }
  const book = await newWorkbook();
  try {
    await book.xlsx.load(file.data as never);
  } catch {
    throw field(`无法读取「${file.fileName}」：文件已损坏或不是 xlsx 表格`);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw field('表格中没有工作表');
  return sheet;
}

/** The rows of an uploaded learner list, each parsed or refused with the column that failed. */
export async function parseMemberSheet(file: UploadedFile | undefined): Promise<PersonRowInput[]> {
  const sheet = await readSheet(file);
  const keyByCol = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, col) => {
    const header = cellText(cell.value).replace(/[*＊]/g, '').trim();
    const column = COLUMNS.find((c) => c.header === header);
    if (column) keyByCol.set(col, column.key);
  });
  if (![...keyByCol.values()].includes('nickname')) {
    throw validationError([{ field: 'file', message: '表头缺少「昵称」列，请使用导入模板' }]);
  }
  const rows: PersonRowInput[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const values: Record<string, string> = {};
    const row = sheet.getRow(r);
    for (const [col, key] of keyByCol) {
      const text = cellText(row.getCell(col).value);
      if (text !== '') values[key] = text;
    }
    if (Object.keys(values).length === 0) continue;
    if (rows.length === MAX_MEMBER_ROWS) {
      throw validationError([{ field: 'file', message: `每次最多导入 ${MAX_MEMBER_ROWS} 行` }]);
    }
    rows.push(parseRow(r, values));
  }
  if (rows.length === 0) {
    throw validationError([{ field: 'file', message: '表格中没有学员数据（第 2 行起填写）' }]);
  }
  return rows;
}

/**
 * A cell's refusal names its column once, in Chinese: `手机号：请输入 11 位手机号`, but
 * `姓名最多 20 个字符` as it is (the schema's own words already name it). The report shows
 * this message alone; the English key stays in `field` for programs.
 */
function namingColumn(field: string, message: string): string {
  const header = headerOf.get(field);
  if (header === undefined || message.startsWith(header)) return message;
  return `${header}：${message}`;
}

function parseRow(row: number, values: Record<string, string>): PersonRowInput {
  const key = values.mobile ?? values.username ?? '';
  const nickname = values.nickname ?? '';
  const refused = (field: string, message: string): PersonRowInput => ({
    row,
    refused: { key, nickname, field, message: namingColumn(field, message) },
  });
  const { role, tags, ...rest } = values;
  let roleValue: string | undefined;
  if (role !== undefined) {
    roleValue = ROLE_VALUES[role];
    if (!roleValue) return refused('role', `应为「学员」或「家长」，不是「${role}」`);
  }
  const parsed = memberRowInput.safeParse(
    {
      ...rest,
      ...(roleValue ? { role: roleValue } : {}),
      ...(tags ? { tags: tags.split(/[、,，;；\s]+/).filter(Boolean) } : {}),
    },
    { error: zhIssueMessage },
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return refused(String(issue.path[0] ?? 'nickname'), issue.message);
  }
  return { row, input: parsed.data };
}
