/**
 * Excel downloads (docs/product-rules.md#requests "xlsx download"): one sheet with a header row, written with
 * exceljs, answered as a file (never in the envelope).
 */
import type ExcelJS from 'exceljs';
import { FileAnswer } from './multipart.ts';

/**
 * A new workbook. exceljs, with the zip libraries under it, was a fifth of the server's module
 * loading at every start (a CPU profile of `npm start`); it is loaded on the first sheet
 * written or read instead, once.
 */
export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import('exceljs');
  return new excel.Workbook();
}

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A time as a cell: Beijing time, the way the people reading the sheet read a clock. */
export const shanghai = (d: Date | null) =>
  d ? d.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '';

export interface XlsxColumn<Row> {
  header: string;
  width?: number;
  value: (row: Row) => string | number | Date | null;
}

export async function xlsxAnswer<Row>(
  fileName: string,
  sheetName: string,
  columns: readonly XlsxColumn<Row>[],
  rows: readonly Row[],
): Promise<FileAnswer> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  const data = Buffer.from(await workbook.xlsx.writeBuffer());
  return new FileAnswer(fileName, XLSX_CONTENT_TYPE, data);
}
