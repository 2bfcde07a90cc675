/**
 * OCR over real HTTP (contract/ocr): the offline tesseract.js provider reads the numbers a check
 * digit proves (ID card, bank card) from synthetic cards (tests/fixtures/ocr); a picture
 * without a valid number is refused; every other document answers NOT_CONFIGURED ("OCR 服务未
 * 配置"), never a made-up result; the picture must be a file the caller may read.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/contract/errors.ts';
import { file } from '../../src/contract/file/calls.ts';
import type { FilePurpose } from '../../src/contract/file/purpose.ts';
import { OCR_DOCUMENTS, ocr } from '../../src/contract/ocr/calls.ts';
import type { OcrDocument } from '../../src/contract/ocr/calls.ts';
import type { Transport } from '../../src/transport/client.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let platform: TestPlatform;
let student: Transport;
let parent: Transport;
let picture: string;
let idCard: string;
let bankCard: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  platform = await startTestPlatform();
  student = (await loginAs(platform, 'student')).api;
  parent = (await loginAs(platform, 'parent')).api;
  picture = await upload(PNG, 'card.png');
  const fixture = (name: string) =>
    fs.readFile(path.resolve(import.meta.dirname, '../fixtures/ocr', name));
  idCard = await upload(await fixture('id-card.png'), 'id-card.png');
  bankCard = await upload(await fixture('bank-card.png'), 'bank-card.png');
});

async function upload(bytes: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('purpose', 'document');
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const stored = await student.call(file['common.file.upload'], {
    body: form as unknown as { purpose: FilePurpose },
  });
  return stored.fileName;
}
afterAll(async () => {
  await platform?.stop();
});

const UNSERVED = (Object.keys(OCR_DOCUMENTS) as OcrDocument[]).filter(
  (d) => d !== 'idCard' && d !== 'bankCard',
);

describe('OCR', () => {
  it('reads a resident ID number that its check digit proves', async () => {
    const read = await student.call(ocr['common.ocr.idCard'], { query: { fileName: idCard } });
    expect(read).toEqual({
      document: 'idCard',
      provider: 'tesseract.js (eng, offline)',
      fields: { idNumber: '110108201205030012', birthDate: '2012-05-03', gender: '男' },
    });
  });

  it('reads a bank card number that passes Luhn', async () => {
    const read = await student.call(ocr['common.ocr.bankCard'], { query: { fileName: bankCard } });
    expect(read.fields).toEqual({ cardNumber: '6222021234567890128' });
  });

  it('refuses a picture without a valid number rather than guessing', async () => {
    const error = await failureOf(
      student.call(ocr['common.ocr.idCard'], { query: { fileName: picture } }),
    );
    expect(error.code).toBe(ErrorCode.VALIDATION);
    expect(error.message).toContain('未能从图片中识别出有效的身份证号码');
    const card = await failureOf(
      student.call(ocr['common.ocr.bankCard'], { query: { fileName: idCard } }),
    );
    expect(card.message).toContain('银行卡号');
  });

  it.each(UNSERVED)('%s answers OCR 服务未配置 rather than a guess', async (document) => {
    const error = await failureOf(
      student.call(ocr[`common.ocr.${document}`], { query: { fileName: picture } }),
    );
    expect(error.code).toBe(ErrorCode.NOT_CONFIGURED);
    expect(error.message).toContain('OCR 服务未配置');
    expect(error.message).toContain(OCR_DOCUMENTS[document]);
  });

  it('reads only a file the caller may read', async () => {
    const error = await failureOf(
      parent.call(ocr['common.ocr.idCard'], { query: { fileName: picture } }),
    );
    expect(error.code).toBe(ErrorCode.FORBIDDEN);
    const missing = await failureOf(
      student.call(ocr['common.ocr.idCard'], { query: { fileName: '../etc/passwd' } }),
    );
    expect(missing.code).toBe(ErrorCode.VALIDATION);
  });
});
