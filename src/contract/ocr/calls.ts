/**
 * OCR of documents (docs/product-rules.md#the-call-catalogue `common/ocr`): the picture is a file uploaded first (purpose
 * document); the answer is the fields read from it. A type no provider can read answers
 * NOT_CONFIGURED ("OCR 服务未配置"), never a guess (server/ocr/provider.ts).
 */
import { z } from 'zod';
import { defineCalls } from '../call.ts';
import type { CallSpec } from '../call.ts';
import { storedFileName } from '../file/calls.ts';

export const OCR_DOCUMENTS = {
  bankCard: '银行卡',
  businessLicense: '营业执照',
  household: '户口本',
  idCard: '身份证',
  marriageCert: '结婚证',
  recognizeEstateCertification: '不动产权证书',
} as const;
export type OcrDocument = keyof typeof OCR_DOCUMENTS;

export const ocrQuery = z.strictObject({ fileName: storedFileName });

/** The fields read, by name (`idNumber`, `cardNumber` …), and which provider read them. */
export const ocrAnswer = z.object({
  document: z.string(),
  provider: z.string(),
  fields: z.record(z.string(), z.string()),
});

const ocrCall = (label: string) =>
  ({
    method: 'GET',
    access: 'member',
    summary: `识别${label}图片（先以 document 用途上传）；无可用识别服务时答“OCR 服务未配置”`,
    rateLimit: { max: 30, timeWindowMs: 60_000, per: 'account' },
    query: ocrQuery,
    response: ocrAnswer,
  }) satisfies CallSpec;

export const ocr = defineCalls({
  'common.ocr.bankCard': ocrCall(OCR_DOCUMENTS.bankCard),
  'common.ocr.businessLicense': ocrCall(OCR_DOCUMENTS.businessLicense),
  'common.ocr.household': ocrCall(OCR_DOCUMENTS.household),
  'common.ocr.idCard': ocrCall(OCR_DOCUMENTS.idCard),
  'common.ocr.marriageCert': ocrCall(OCR_DOCUMENTS.marriageCert),
  'common.ocr.recognizeEstateCertification': ocrCall(OCR_DOCUMENTS.recognizeEstateCertification),
});
