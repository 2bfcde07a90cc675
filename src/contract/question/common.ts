/**
 * What the question bank's sub-resources (./questions.ts, ./write.ts, ./case-zip.ts, ./debug.ts,
 * ./packages.ts) share, written once: the kinds, difficulty and states of a question, the parts
 * of a question its shapes are built from, a download as the client gets it, and the import
 * calls' body and rate limits.
 */
import { z } from 'zod';
import {
  checkerSchema,
  difficultySchema,
  ioSchema,
  scoringSchema,
  subtaskSchema,
} from '../../judge/problem-format.ts';
import { PUBLICATION_STATES } from '../../machines/lifecycles/publication.ts';
import type { questionType } from './types.ts';

export type QuestionType = z.infer<typeof questionType>;
export const questionDifficulty = difficultySchema;
export type QuestionDifficulty = z.infer<typeof questionDifficulty>;
export const questionStatus = z.enum(['active', 'deleted']);
/** Drafts and unpublished questions are seen by their own staff only (lifecycles/publication.ts). */
export const questionPublicationState = z.enum(PUBLICATION_STATES);

/** Options are labelled A–D (docs/product-rules.md#answers-and-labels); a true/false question has two: 正确, 错误. */
export const questionOption = z.strictObject({
  label: z.enum(['A', 'B', 'C', 'D']),
  text: z.string().max(2000, '选项最多 2000 个字符'),
});

/** The checkers, scoring and subtasks of docs/problem-format.md, as the judge reads them. */
export const questionChecker = checkerSchema;
export const questionScoring = scoringSchema;
export const questionSubtask = subtaskSchema;
export const questionSample = z.strictObject({
  input: z.string().max(10_000),
  output: z.string().max(10_000),
});
/** How a programming question's program reads and writes (docs/problem-format.md `io`). */
export const questionIo = ioSchema;
export type QuestionIo = z.infer<typeof questionIo>;
/** One test case given inline as text (import, create). */
export const questionCaseText = z.strictObject({
  input: z.string().max(8 * 1024 * 1024),
  answer: z.string().max(8 * 1024 * 1024),
});

/** Sealed JSON with inline cases (create, update, import): 32 MiB on the wire (~23 MiB JSON). */
export const IMPORT_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** What the client gets of a download (transport/download.ts DownloadedFile). */
export const downloadedFile = z.object({
  fileName: z.string(),
  contentType: z.string(),
  bytes: z.instanceof(Uint8Array),
  /** What the server says about the file (exportPackage: what the format could not carry). */
  notes: z.array(z.string()).optional(),
});

/**
 * Imports read, unzip and check megabytes: each account gets this many an hour, from whatever
 * address (issue 13: a per-account limit on the import calls).
 */
export const IMPORT_RATE_LIMIT = { max: 60, timeWindowMs: 60 * 60_000, per: 'account' } as const;
