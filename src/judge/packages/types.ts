/**
 * A problem as read from another judge's package (Polygon, Hydro, FPS, QDUOJ), before it is
 * written as a Xinao problem directory (docs/problem-format.md): what the package says, what
 * its files hold, and what the reader had to guess or drop (warnings, shown in the preview).
 */
import type { ProblemMeta } from '../problem.ts';

export type PackageFormat = 'polygon' | 'hydro' | 'fps' | 'qduoj';

export interface PackageCase {
  input: Buffer;
  answer: Buffer;
}

export interface PackageSolution {
  /** Our language id (languages.ts) when we know it, else the package's own name. */
  language: string;
  source: string;
  /** What the package calls it (Polygon's `main`, `wrong-answer` …; FPS/QDUOJ: `solution`). */
  tag: string;
}

export interface PackageImage {
  /** The name the statement uses for it (after the reader rewrote the links). */
  name: string;
  bytes: Buffer;
}

export interface PackageProblem {
  format: PackageFormat;
  /** Where in the package it came from (a folder, an FPS item number), for messages. */
  origin: string;
  /** problem.json as it will be written (title, limits, checker, scoring, samples, tags …). */
  meta: ProblemMeta;
  /** The statement in Markdown; images linked by their `images` names. */
  statement: string;
  cases: PackageCase[];
  checkerSource?: string;
  interactorSource?: string;
  solutions: PackageSolution[];
  images: PackageImage[];
  /** What the reader could not carry over or had to assume, in Chinese. */
  warnings: string[];
}

/** A package refused: the message names the file (and the problem) at fault, in Chinese. */
export class PackageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PackageError';
  }
}
