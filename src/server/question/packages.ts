/**
 * Problem packages of other judges in the question bank (issue 14): preview and import a
 * Polygon, Hydro or QDUOJ zip or an FPS XML file (src/judge/packages/ reads them), export
 * questions as a Hydro zip or FPS XML. An import is all or nothing: every chosen problem, its
 * cases and its pictures go in one transaction, and pictures already put in the file store are
 * removed again when it fails.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX } from '../../contract/envelope.ts';
import { FILE_KINDS, PURPOSE_RULES } from '../../contract/file/purpose.ts';
import type { PackageFormatName, PackageProblemPreview } from '../../contract/question/packages.ts';
import { questionInput } from '../../contract/question/write.ts';
import { illFormedTextErrors, zhIssueMessage, type FieldError } from '../../contract/validation.ts';
import { PACKAGE_LIMITS } from '../../judge/packages/archive.ts';
import {
  exportFpsXml,
  exportHydroZip,
  fpsLosses,
  hydroLosses,
} from '../../judge/packages/export.ts';
import { FORMAT_NAMES, previewOf } from '../../judge/packages/preview.ts';
import { readPackage } from '../../judge/packages/read.ts';
import { PackageError, type PackageProblem } from '../../judge/packages/types.ts';
import { writeProblemDir } from '../../judge/packages/write-dir.ts';
import {
  describeProblemIssues,
  loadProblem,
  parseProblemMeta,
  type Problem,
} from '../../judge/problem.ts';
import { withTransaction } from '../db/pool.ts';
import type { Queryable } from '../db/pool.ts';
import { liveFiles } from '../files/rows.ts';
import { filePath } from '../files/signing.ts';
import { sniffKind } from '../files/sniff.ts';
import { fail } from '../http/app-error.ts';
import { ownerOf } from '../http/owned-rows.ts';
import type { UploadedFile } from '../http/multipart.ts';
import type { StoreContext } from '../http/resource.ts';
import { validationError } from '../http/validation-error.ts';
import { questionStore, type QuestionScope } from './store.ts';
import { insertQuestion, readCases, type QuestionInput } from './write.ts';

type Ctx = StoreContext<QuestionScope>;
type QuestionItem = Awaited<ReturnType<typeof questionStore.get>>;

/**
 * Statement pictures are public images of staff content, like an article's: the articleImage
 * purpose (5 MiB, png/jpg/gif/webp), so no new purpose and no change to the files table.
 */
const IMAGE_PURPOSE = 'articleImage' as const;
const IMAGE_RULE = PURPOSE_RULES[IMAGE_PURPOSE];
/** As many as one import call of JSON takes (question.import). */
const MAX_PROBLEMS = 200;
/** As many cases as a question takes inline (questionWithCases). */
const MAX_CASES = 200;
/**
 * Test data one export may carry: the file is built in memory (FPS embeds the data as text), so
 * a set past this is refused and exported in parts.
 */
export const EXPORT_DATA_LIMIT_BYTES = 256 * 1024 * 1024;

const refuse = (message: string) => validationError([{ field: 'file', message }]);

/** The uploaded package, or a refusal naming the field. */
function uploaded(files: readonly UploadedFile[]): { bytes: Buffer; label: string } {
  const file = files.find((f) => f.field === 'file');
  if (!file || files.length !== 1) throw refuse('请在字段 file 中上传一个题目包（zip 或 FPS XML）');
  // The name only labels messages: the format comes from the content.
  const label = (file.fileName.split(/[\\/]/).pop() ?? '').slice(0, 100) || '题目包';
  if (file.data.byteLength === 0) throw refuse(`${label} 是空文件`);
  return { bytes: file.data, label };
}

const mib = (bytes: number) => `${bytes / 1024 / 1024} MiB`;

/** readPackage, with every refusal a VALIDATION naming `file`. */
function readUploaded(files: readonly UploadedFile[]) {
  const { bytes, label } = uploaded(files);
  try {
    return { label, ...readPackage(bytes, label, PACKAGE_LIMITS) };
  } catch (err) {
    if (err instanceof PackageError) throw refuse(err.message);
    // A reader's parser failing on hostile bytes is still the package's fault, never a 5xx.
    throw refuse(
      `${label} 无法读取（${(err as Error).message}）。题目包限制：最多 ${PACKAGE_LIMITS.maxEntries} 个文件，单个文件 ${mib(PACKAGE_LIMITS.maxEntryBytes)}，解压后共 ${mib(PACKAGE_LIMITS.maxTotalBytes)}`,
    );
  }
}

const REFERENCE_TAGS = ['main', 'ref', 'solution', 'accepted', 'correct'];
const ourLanguage = (language: string): 'cpp' | 'python' | null =>
  /^cpp/.test(language) ? 'cpp' : language === 'python' ? 'python' : null;

/** One correct solution per language question debug runs: Polygon's `main` first. */
function referenceSolutionsOf(p: PackageProblem): Partial<Record<'cpp' | 'python', string>> {
  const out: Partial<Record<'cpp' | 'python', string>> = {};
  const correct = p.solutions
    .filter((s) => REFERENCE_TAGS.includes(s.tag))
    .sort((a, b) => REFERENCE_TAGS.indexOf(a.tag) - REFERENCE_TAGS.indexOf(b.tag));
  for (const s of correct) {
    const language = ourLanguage(s.language);
    if (language && out[language] === undefined && s.source.length <= 200_000) {
      out[language] = s.source;
    }
  }
  return out;
}

interface CheckedImage {
  name: string;
  bytes: Buffer;
  ext: string;
  contentType: string;
}

/** The pictures the file store takes, and a message for each one it does not. */
async function checkImages(p: PackageProblem): Promise<{ ok: CheckedImage[]; refused: string[] }> {
  const ok: CheckedImage[] = [];
  const refused: string[] = [];
  const allowed = IMAGE_RULE.kinds.map((k) => FILE_KINDS[k].ext).join('、');
  for (const img of p.images) {
    const kind = await sniffKind(img.bytes, img.name);
    if (!kind || !(IMAGE_RULE.kinds as readonly string[]).includes(kind)) {
      refused.push(`图片 ${img.name} 不是可存储的图片格式（只接受 ${allowed}）`);
    } else if (img.bytes.byteLength > IMAGE_RULE.maxBytes) {
      refused.push(`图片 ${img.name} 超过 ${mib(IMAGE_RULE.maxBytes)}`);
    } else {
      const k = FILE_KINDS[kind];
      ok.push({ name: img.name, bytes: img.bytes, ext: k.ext, contentType: k.contentType });
    }
  }
  return { ok, refused };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Points the statement's `images/<name>` links (Markdown and <img src>) at stored files. */
function linkImages(statement: string, urls: ReadonlyMap<string, string>): string {
  let out = statement;
  for (const [name, url] of urls) {
    out = out.replace(
      new RegExp(`(?<=[("'])images/${escapeRegExp(name)}(?=[)"'\\s])`, 'g'),
      () => url,
    );
  }
  return out;
}

/**
 * The question a package problem becomes, checked by the contract's own rules (title length,
 * limits, checker and interactor sources), so an import can hold nothing create would refuse.
 */
function questionOf(p: PackageProblem, content: string): QuestionInput | FieldError[] {
  const m = p.meta;
  const tags = [...new Set(m.tags.map((t) => t.trim().slice(0, 32)).filter(Boolean))].slice(0, 20);
  const parsed = questionInput.safeParse(
    {
      type: 'programming',
      title: m.title.trim().slice(0, 200),
      content,
      difficulty: m.difficulty,
      tags,
      source: (m.source ?? '').slice(0, 200),
      timeLimitMs: m.timeLimitMs,
      memoryLimitMiB: m.memoryLimitMiB,
      checker: m.checker,
      scoring: m.scoring,
      subtasks: m.subtasks ?? null,
      // The statement carries every sample; the fields keep those a debug run can use.
      samples: m.samples
        .filter((s) => s.input.length <= 10_000 && s.output.length <= 10_000)
        .slice(0, 10),
      checkerSource: p.checkerSource ?? null,
      io: m.io,
      interactive: m.interactive,
      interactorSource: p.interactorSource ?? null,
      referenceSolutions: referenceSolutionsOf(p),
    },
    { error: zhIssueMessage },
  );
  if (!parsed.success) {
    return parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  }
  // Text no column can store (NUL, a lone surrogate) is refused here, as at the API's door.
  const illFormed = illFormedTextErrors(parsed.data, 'question');
  return illFormed.length > 0 ? illFormed : parsed.data;
}

/** Why the problem cannot become a question, or null when it can. */
async function refusalOf(p: PackageProblem): Promise<string | null> {
  if (p.cases.length === 0) return '没有测试数据';
  if (p.cases.length > MAX_CASES)
    return `测试点 ${p.cases.length} 个，超过题库上限 ${MAX_CASES} 个`;
  const { refused } = await checkImages(p);
  if (refused.length > 0) return refused.join('；');
  const q = questionOf(p, p.statement);
  if (Array.isArray(q)) return q.map((e) => `${e.field} ${e.message}`).join('；');
  return null;
}

const where = (label: string, index: number, p: PackageProblem) =>
  `${label} 第 ${index} 题「${p.meta.title}」（${p.origin}）`;

export async function previewPackage(files: readonly UploadedFile[]) {
  const { format, problems } = readUploaded(files);
  const rows: PackageProblemPreview[] = [];
  for (const [k, p] of problems.entries()) {
    const v = previewOf(p);
    const refusal = await refusalOf(p);
    rows.push({
      index: k + 1,
      origin: v.origin,
      title: v.title,
      timeLimitMs: v.timeLimitMs,
      memoryLimitMiB: v.memoryLimitMiB,
      caseCount: v.caseCount,
      dataBytes: v.dataBytes,
      checker: p.meta.checker.type,
      checkerName: v.checker,
      io: p.meta.io,
      ioText: v.io,
      interactive: v.interactive,
      scoring: p.meta.scoring.mode,
      subtaskCount: p.meta.scoring.mode === 'subtasks' ? (p.meta.subtasks ?? []).length : 0,
      scoringText: v.scoring,
      samples: v.samples,
      tags: v.tags,
      images: v.images,
      solutions: v.solutions,
      referenceSolutions: Object.keys(referenceSolutionsOf(p)) as ('cpp' | 'python')[],
      // What import would refuse is said before anything is saved.
      warnings: refusal ? [...v.warnings, `无法导入：${refusal}`] : v.warnings,
    });
  }
  return { format, formatName: FORMAT_NAMES[format], problems: rows };
}

/** The chosen problems (1-based `items`, default all), or a refusal naming the field. */
function chosen(problems: PackageProblem[], items: number[] | undefined) {
  if (!items) {
    if (problems.length > MAX_PROBLEMS) {
      throw refuse(
        `题目包有 ${problems.length} 道题，一次最多导入 ${MAX_PROBLEMS} 道，请用 items 选择`,
      );
    }
    return problems.map((p, k) => ({ p, index: k + 1 }));
  }
  const beyond = items.filter((i) => i > problems.length);
  if (beyond.length > 0) {
    throw validationError([
      {
        field: 'body.items',
        message: `题目包只有 ${problems.length} 道题，没有第 ${beyond.join('、')} 题`,
      },
    ]);
  }
  return [...new Set(items)].map((index) => ({ p: problems[index - 1]!, index }));
}

interface Prepared {
  input: QuestionInput;
  problem: PackageProblem;
  images: (CheckedImage & { fileName: string })[];
}

/** Imports the chosen problems of the package as draft questions of the scope's bank. */
export async function importPackage(
  ctx: Ctx,
  files: readonly UploadedFile[],
  items: number[] | undefined,
): Promise<number[]> {
  const { organizationId, memberId } = ownerOf(ctx.scope);
  const { label, problems } = readUploaded(files);
  const picked = chosen(problems, items);
  // Everything is checked before a byte is stored or a row written.
  const prepared: Prepared[] = [];
  for (const { p, index } of picked) {
    const refusal = await refusalOf(p);
    if (refusal) throw refuse(`${where(label, index, p)}：${refusal}`);
    const { ok } = await checkImages(p);
    const images = ok.map((img) => ({
      ...img,
      fileName: `${randomBytes(16).toString('hex')}.${img.ext}`,
    }));
    const urls = new Map(images.map((img) => [img.name, filePath(img.fileName)]));
    const input = questionOf(p, linkImages(p.statement, urls));
    if (Array.isArray(input)) {
      throw refuse(
        `${where(label, index, p)}：${input.map((e) => `${e.field} ${e.message}`).join('；')}`,
      );
    }
    prepared.push({ input, problem: p, images });
  }

  const stored: string[] = [];
  const store = ctx.services.files.store;
  try {
    for (const { images } of prepared) {
      for (const img of images) {
        await store.put(img.fileName, img.bytes);
        stored.push(img.fileName);
      }
    }
    return await withTransaction(ctx.services.pool, async (client) => {
      const ids: number[] = [];
      for (const { input, problem, images } of prepared) {
        for (const img of images) await insertImageRow(client, img, memberId, organizationId);
        ids.push(
          await insertQuestion(client, {
            input,
            cases: problem.cases,
            organizationId,
            createdBy: memberId,
          }),
        );
      }
      return ids;
    });
  } catch (err) {
    // Bytes no row names are swept at start-up too; removing them now keeps nothing behind.
    await Promise.all(stored.map((name) => store.delete(name).catch(() => undefined)));
    throw err;
  }
}

async function insertImageRow(
  db: Queryable,
  img: CheckedImage & { fileName: string },
  memberId: number,
  organizationId: number | null,
): Promise<void> {
  await db.query(
    `INSERT INTO files (file_name, original_name, content_type, size, sha256, purpose,
                        owner_member_id, organization_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      img.fileName,
      img.name,
      img.contentType,
      img.bytes.byteLength,
      createHash('sha256').update(img.bytes).digest('hex'),
      IMAGE_PURPOSE,
      memberId,
      organizationId,
    ],
  );
}

/** Stored public pictures the statement links, as `images/<fileName>` of a problem directory. */
async function statementImages(ctx: Ctx, content: string) {
  const prefix = escapeRegExp(`${API_PREFIX}/common/file/`);
  const linked = new Set(
    [...content.matchAll(new RegExp(`${prefix}([A-Za-z0-9_-]+\\.[a-z0-9]+)`, 'g'))].map(
      (m) => m[1]!,
    ),
  );
  // Only public files: a private one linked by hand must not leave through an export.
  const rows = (await liveFiles(ctx.services.pool, [...linked])).filter(
    (r) => PURPOSE_RULES[r.purpose].isPublic,
  );
  const images: { name: string; bytes: Buffer }[] = [];
  let statement = content;
  for (const row of rows) {
    const bytes = await ctx.services.files.store.get(row.fileName);
    if (!bytes) continue;
    images.push({ name: row.fileName, bytes });
    statement = statement.replace(
      new RegExp(`${prefix}${escapeRegExp(row.fileName)}(\\?[^)"'\\s]*)?`, 'g'),
      `images/${row.fileName}`,
    );
  }
  return { statement, images };
}

/** A stored question as a problem directory under `root` (what the exporters read). */
async function problemOf(ctx: Ctx, q: QuestionItem, root: string): Promise<Problem> {
  const id = q.id;
  if (q.type !== 'programming') {
    throw validationError([
      { field: 'body.ids', message: `题目 ${id}「${q.title}」不是编程题，不能导出为题目包` },
    ]);
  }
  const cases = await readCases(ctx.services.pool, id);
  if (cases.length === 0) {
    throw validationError([
      { field: 'body.ids', message: `题目 ${id}「${q.title}」没有测试数据，不能导出` },
    ]);
  }
  const parsed = parseProblemMeta({
    title: q.title,
    difficulty: q.difficulty,
    timeLimitMs: q.timeLimitMs,
    memoryLimitMiB: q.memoryLimitMiB,
    checker: q.checker,
    io: q.io,
    interactive: q.interactive,
    scoring: q.scoring,
    subtasks: q.subtasks ?? undefined,
    samples: q.samples,
    tags: q.tags,
    source: q.source || undefined,
  });
  // A question the judge could not read either (it answers SE) cannot become a package.
  if (!parsed.success) {
    const detail = describeProblemIssues(parsed.error);
    throw validationError([
      { field: 'body.ids', message: `题目 ${id}「${q.title}」的判题设置无效，不能导出：${detail}` },
    ]);
  }
  const meta = parsed.data;
  const { statement, images } = await statementImages(ctx, q.content);
  const solutions = (['cpp', 'python'] as const).flatMap((language) => {
    const source = q.referenceSolutions[language];
    return source ? [{ language, source, tag: 'ref' }] : [];
  });
  const dir = join(root, String(id));
  writeProblemDir(
    {
      format: 'hydro',
      origin: `question ${id}`,
      meta,
      statement,
      cases,
      checkerSource: q.checkerSource ?? undefined,
      interactorSource: q.interactive ? (q.interactorSource ?? undefined) : undefined,
      solutions,
      images,
      warnings: [],
    },
    dir,
  );
  try {
    return loadProblem(dir);
  } catch (err) {
    throw validationError([
      {
        field: 'body.ids',
        message: `题目 ${id}「${q.title}」不能导出：${(err as Error).message}`,
      },
    ]);
  }
}

export interface ExportedPackage {
  fileName: string;
  contentType: string;
  data: Buffer;
  /** What the format could not carry, one sentence per loss naming the question. */
  losses: string[];
}

/** The questions, in the order given, as one Hydro zip or one FPS XML file. */
export async function exportPackage(
  ctx: Ctx,
  ids: readonly number[],
  format: Extract<PackageFormatName, 'hydro' | 'fps'>,
): Promise<ExportedPackage> {
  if (ctx.scope.kind === 'learner') throw fail('FORBIDDEN');
  const unique = [...new Set(ids)];
  // Each read goes through the scope: another bank's question is NOT_FOUND before anything else.
  const questions: QuestionItem[] = [];
  for (const id of unique) questions.push(await questionStore.get(ctx, id));
  const { rows } = await ctx.services.pool.query<{ bytes: string | null }>(
    `SELECT sum(octet_length(input) + octet_length(answer))::text AS bytes
       FROM question_cases WHERE question_id = ANY($1::int[])`,
    [unique],
  );
  const bytes = Number(rows[0]?.bytes ?? 0);
  if (bytes > EXPORT_DATA_LIMIT_BYTES) {
    throw validationError([
      {
        field: 'body.ids',
        message: `这些题目的测试数据共 ${Math.ceil(bytes / 1024 / 1024)} MiB，超过一次导出的上限 ${mib(EXPORT_DATA_LIMIT_BYTES)}，请分批导出`,
      },
    ]);
  }
  const root = mkdtempSync(join(tmpdir(), 'xinao-export-'));
  try {
    const problems: Problem[] = [];
    for (const q of questions) problems.push(await problemOf(ctx, q, root));
    const losses = problems.flatMap(format === 'fps' ? fpsLosses : hydroLosses);
    const stem = unique.length === 1 ? `question-${unique[0]}` : `questions-${unique.length}`;
    return format === 'fps'
      ? {
          fileName: `${stem}.fps.xml`,
          contentType: 'application/xml; charset=utf-8',
          data: exportFpsXml(problems),
          losses,
        }
      : {
          fileName: `${stem}.hydro.zip`,
          contentType: 'application/zip',
          data: exportHydroZip(problems),
          losses,
        };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
