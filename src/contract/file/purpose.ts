/**
 * What each kind of upload may be (issue 9): zod-free, so the upload button and the server read
 * the same table. The type is what the bytes are (sniffed), never what the name says.
 */
export const FILE_PURPOSES = [
  'banner',
  'articleImage',
  'material',
  'document',
  'noteImage',
  'feedbackImage',
] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** A content kind the service knows: its canonical extension, media type and accepted names. */
export interface FileKind {
  ext: string;
  contentType: string;
  /** Extensions a name of this kind may carry (`.jpeg` is a JPEG too). */
  names: readonly string[];
}

export const FILE_KINDS = {
  png: { ext: 'png', contentType: 'image/png', names: ['png'] },
  jpg: { ext: 'jpg', contentType: 'image/jpeg', names: ['jpg', 'jpeg'] },
  gif: { ext: 'gif', contentType: 'image/gif', names: ['gif'] },
  webp: { ext: 'webp', contentType: 'image/webp', names: ['webp'] },
  pdf: { ext: 'pdf', contentType: 'application/pdf', names: ['pdf'] },
  txt: { ext: 'txt', contentType: 'text/plain; charset=utf-8', names: ['txt'] },
  md: { ext: 'md', contentType: 'text/markdown; charset=utf-8', names: ['md', 'markdown'] },
  zip: { ext: 'zip', contentType: 'application/zip', names: ['zip'] },
  docx: {
    ext: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    names: ['docx'],
  },
  xlsx: {
    ext: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    names: ['xlsx'],
  },
  pptx: {
    ext: 'pptx',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    names: ['pptx'],
  },
} as const satisfies Record<string, FileKind>;
export type FileKindId = keyof typeof FILE_KINDS;

export interface PurposeRule {
  /** Public files are read by a stable URL; private ones only by a signed, expiring URL. */
  isPublic: boolean;
  maxBytes: number;
  kinds: readonly FileKindId[];
  /** Its name in messages. */
  label: string;
}

const MiB = 1024 * 1024;
const IMAGES = ['png', 'jpg', 'gif', 'webp'] as const;

export const PURPOSE_RULES: Record<FilePurpose, PurposeRule> = {
  banner: { isPublic: true, maxBytes: 5 * MiB, kinds: IMAGES, label: '横幅图片' },
  articleImage: { isPublic: true, maxBytes: 5 * MiB, kinds: IMAGES, label: '文章图片' },
  material: { isPublic: false, maxBytes: 30 * MiB, kinds: ['pdf', ...IMAGES], label: '课程资料' },
  /**
   * A picture in a learner's note: public, so a published note shows it to every reader, and
   * small; each member may upload NOTE_IMAGES_PER_DAY a day (server/files/upload.ts).
   */
  noteImage: { isPublic: true, maxBytes: 2 * MiB, kinds: IMAGES, label: '笔记图片' },
  /** A screenshot sent with feedback: read only by its sender and platform staff. */
  feedbackImage: { isPublic: false, maxBytes: 5 * MiB, kinds: IMAGES, label: '反馈截图' },
  document: {
    isPublic: false,
    maxBytes: 20 * MiB,
    kinds: ['pdf', ...IMAGES, 'txt', 'md', 'zip', 'docx', 'xlsx', 'pptx'],
    label: '文档',
  },
};

/** The `accept` attribute of a file input for a purpose: `.png,.jpg,.jpeg,…`. */
export const acceptOf = (purpose: FilePurpose): string =>
  PURPOSE_RULES[purpose].kinds.flatMap((k) => FILE_KINDS[k].names.map((n) => `.${n}`)).join(',');

/**
 * A stored file's name: letters, digits, `_` and `-`, then one extension. One dot and no
 * slash, so a name can never climb out of the store's folder.
 */
export const FILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,95}\.[a-z0-9]{1,8}$/;
