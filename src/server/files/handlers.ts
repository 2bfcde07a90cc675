/** common/file, common/image and common/queryScene calls (contract/file/calls.ts). */
import { requestOrigin } from '../http/origin.ts';
import { file } from '../../contract/file/calls.ts';
import { APP_ID, WEB_BASE } from '../../contract/envelope.ts';
import { handle } from '../http/handler.ts';
import { FileAnswer } from '../http/multipart.ts';
import { qrCodeJpeg } from './qr-code.ts';
import { deleteFile, fileNameParam, fileUrlFor, readFile } from './read.ts';
import { parseSceneParams, queryScene, sceneFor } from './scenes.ts';
import { uploadFile } from './upload.ts';
import { validationError } from '../http/validation-error.ts';

const QR_DEFAULT_SIZE = 256;

export const fileHandlers = [
  handle(file['common.file.upload'], ({ services, requireAuth, body, files }) =>
    uploadFile(services, requireAuth(), body.purpose, files),
  ),
  // Sent raw by register-calls; the contract's response describes what the browser receives.
  handle(
    file['common.file.{fileName}'],
    async ({ services, request, query }) =>
      (await readFile(services, fileNameParam(request.params), query)) as never,
  ),
  handle(file['DELETE common.file.{fileName}'], ({ services, request, requireAuth }) =>
    deleteFile(services, requireAuth(), fileNameParam(request.params)),
  ),
  handle(file['common.file.queryUrl'], ({ services, auth, query }) =>
    fileUrlFor(services, auth, query.fileName),
  ),
  handle(file['common.image.qrCode.jpg'], async ({ services, request, requireAuth, query }) => {
    const size = query.size === undefined ? QR_DEFAULT_SIZE : Number(query.size);
    if (size < 64 || size > 1024) {
      throw validationError([{ field: 'query.size', message: 'size 须为 64 到 1024 之间的整数' }]);
    }
    const params = parseSceneParams(query.params);
    const appId = query.appId ?? APP_ID;
    const scene = await sceneFor(services, requireAuth(), { appId, path: query.path, params });
    // The picture opens the page itself; the scene names it for clients that keep only a code.
    const search = new URLSearchParams({ ...params, scene }).toString();
    const origin = requestOrigin(request);
    const target = `${origin}${WEB_BASE}${query.path.slice(1)}?${search}`;
    return new FileAnswer('qrCode.jpg', 'image/jpeg', qrCodeJpeg(target, size), {
      inline: true,
      headers: { 'cache-control': 'private, max-age=300', 'x-qr-scene': scene },
    }) as never;
  }),
  handle(file['common.queryScene'], ({ services, query }) => queryScene(services, query.scene)),
];
