/**
 * Languages the judge accepts. Ids follow Judge0 (53 = C++ GCC, 71 = Python 3) so a
 * Judge0-compatible surface can map onto them directly.
 */

export const LANGUAGE_NAMES = ['cpp', 'cpp14', 'cpp20', 'python'] as const;
export type LanguageName = (typeof LANGUAGE_NAMES)[number];

export interface CompiledLanguage {
  name: LanguageName;
  judge0Id: number;
  kind: 'compiled';
  /** g++ flags; the same list keys the PCH and the binary cache. */
  flags: readonly string[];
  sourceFile: string;
}

export interface InterpretedLanguage {
  name: LanguageName;
  judge0Id: number;
  kind: 'interpreted';
  interpreter: string;
  interpreterArgs: readonly string[];
  sourceFile: string;
}

export type Language = CompiledLanguage | InterpretedLanguage;

export const GXX = '/usr/bin/g++';
/** Absolute path: `python3` on PATH here is a pyenv shim costing 100+ ms per start. */
export const PYTHON = '/usr/bin/python3';

const cppFlags = (std: string): readonly string[] => [
  `-std=${std}`,
  '-O2',
  '-pipe',
  '-DONLINE_JUDGE',
];

export const LANGUAGES: Readonly<Record<LanguageName, Language>> = {
  cpp: {
    name: 'cpp',
    judge0Id: 53,
    kind: 'compiled',
    flags: cppFlags('c++17'),
    sourceFile: 'main.cpp',
  },
  cpp14: {
    name: 'cpp14',
    judge0Id: 52,
    kind: 'compiled',
    flags: cppFlags('c++14'),
    sourceFile: 'main.cpp',
  },
  cpp20: {
    name: 'cpp20',
    judge0Id: 54,
    kind: 'compiled',
    flags: cppFlags('c++20'),
    sourceFile: 'main.cpp',
  },
  python: {
    name: 'python',
    judge0Id: 71,
    kind: 'interpreted',
    interpreter: PYTHON,
    // -S skips site (no user site-packages, faster start); -B writes no .pyc.
    interpreterArgs: ['-S', '-B'],
    sourceFile: 'main.py',
  },
};

export function languageByName(name: string): Language | undefined {
  return Object.hasOwn(LANGUAGES, name) ? LANGUAGES[name as LanguageName] : undefined;
}
