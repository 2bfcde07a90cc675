/**
 * OCR behind one interface (issue 9). A provider says which documents it can read honestly; a
 * document no provider serves answers NOT_CONFIGURED ("OCR 服务未配置"), never a guess. What was
 * tried for a local, offline engine is in docs/decisions/courses-and-content.md ("OCR, measured").
 */
import type { OcrDocument } from '../../contract/ocr/calls.ts';
import { tesseractProvider } from './tesseract.ts';

export interface OcrProvider {
  /** Shown in answers and logs. */
  name: string;
  serves(document: OcrDocument): boolean;
  /** The fields read; throws when the picture does not hold them. */
  read(document: OcrDocument, image: Buffer): Promise<Record<string, string>>;
}

/**
 * The providers this deployment has: the offline tesseract.js one for the numbers a check digit
 * proves (ID number, bank card). Nothing offline reads the Chinese fields of a business licence,
 * household register, marriage or estate certificate honestly
 * (docs/decisions/courses-and-content.md); a cloud provider (Aliyun, Tencent, Baidu OCR) is one
 * class implementing OcrProvider.
 */
export const configuredProviders: readonly OcrProvider[] = [tesseractProvider];
