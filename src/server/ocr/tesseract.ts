/**
 * The offline provider: tesseract.js (WebAssembly, from npm) with the English data of
 * @tesseract.js-data/eng — nothing is downloaded at run time. English data reads the digits of
 * a card, not its Chinese, so it serves only what a check digit can prove: the resident ID
 * number (GB 11643) and a bank card number (Luhn). One recognition at a time: it takes a core
 * for about a second, and the judge shares the machine.
 */
import engData from '@tesseract.js-data/eng';
import { createWorker } from 'tesseract.js';
import type { OcrDocument } from '../../contract/ocr/calls.ts';
import { fail } from '../http/app-error.ts';
import { bankCardNumbersIn, idNumbersIn } from './numbers.ts';
import type { OcrProvider } from './provider.ts';

let queue: Promise<unknown> = Promise.resolve();

/** The text of a picture; a worker per call, so nothing lingers between calls. */
function recognise(image: Buffer): Promise<string> {
  const run = queue.then(async () => {
    const worker = await createWorker('eng', 1, {
      langPath: engData.langPath,
      gzip: true,
      cacheMethod: 'none',
    });
    try {
      return (await worker.recognize(image)).data.text;
    } finally {
      await worker.terminate();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

const unreadable = (what: string) =>
  fail(
    'VALIDATION',
    `未能从图片中识别出有效的${what}（校验位不符或图片不清晰），请上传更清晰的照片`,
  );

const only = (found: string[], what: string): string => {
  if (found.length !== 1) throw unreadable(what);
  return found[0]!;
};

export const tesseractProvider: OcrProvider = {
  name: 'tesseract.js (eng, offline)',
  serves: (document: OcrDocument) => document === 'idCard' || document === 'bankCard',
  async read(document, image): Promise<Record<string, string>> {
    const text = await recognise(image);
    if (document === 'idCard') {
      const idNumber = only(idNumbersIn(text), '身份证号码');
      return {
        idNumber,
        birthDate: `${idNumber.slice(6, 10)}-${idNumber.slice(10, 12)}-${idNumber.slice(12, 14)}`,
        gender: Number(idNumber[16]) % 2 === 1 ? '男' : '女',
      };
    }
    return { cardNumber: only(bankCardNumbersIn(text), '银行卡号') };
  },
};
