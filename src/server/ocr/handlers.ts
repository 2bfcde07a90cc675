/** common/ocr calls (contract/ocr/calls.ts). */
import { OCR_DOCUMENTS, ocr } from '../../contract/ocr/calls.ts';
import type { OcrDocument } from '../../contract/ocr/calls.ts';
import type { Auth } from '../http/sessions.ts';
import { fail } from '../http/app-error.ts';
import { handle } from '../http/handler.ts';
import { mayManage } from '../files/permissions.ts';
import { liveFile } from '../files/rows.ts';
import type { Services } from '../services.ts';
import { configuredProviders } from './provider.ts';
import type { OcrProvider } from './provider.ts';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export async function recognise(
  services: Services,
  auth: Auth,
  document: OcrDocument,
  fileName: string,
  providers: readonly OcrProvider[] = configuredProviders,
) {
  const row = await liveFile(services.pool, fileName);
  if (!row) throw fail('NOT_FOUND', `文件 ${fileName} 不存在或已删除`);
  if (!(await mayManage(services.pool, auth, row)))
    throw fail('FORBIDDEN', `没有权限读取文件 ${fileName}`);
  if (!IMAGE_TYPES.includes(row.contentType)) {
    throw fail('VALIDATION', `文件 ${fileName} 不是图片，无法识别${OCR_DOCUMENTS[document]}`);
  }
  const provider = providers.find((p) => p.serves(document));
  if (!provider) {
    throw fail('NOT_CONFIGURED', `OCR 服务未配置：暂无可识别${OCR_DOCUMENTS[document]}的服务`);
  }
  const image = await services.files.store.get(fileName);
  if (!image) throw fail('NOT_FOUND', `文件 ${fileName} 的内容不存在`);
  return { document, provider: provider.name, fields: await provider.read(document, image) };
}

export const ocrHandlers = (Object.keys(OCR_DOCUMENTS) as OcrDocument[]).map((document) =>
  handle(ocr[`common.ocr.${document}`], ({ services, requireAuth, query }) =>
    recognise(services, requireAuth(), document, query.fileName),
  ),
);
