/**
 * A package's problem written as a Xinao problem directory (docs/problem-format.md), so the
 * judge, the CLI and the question bank read it like any other: problem.json, statement.md,
 * tests/N.in|out, checker.cpp, interactor.cpp, solutions/, images/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PackageProblem } from './types.ts';

const EXTENSION: Record<string, string> = { cpp: 'cpp', cpp14: 'cpp', cpp20: 'cpp', python: 'py' };

export function writeProblemDir(p: PackageProblem, dir: string): void {
  const file = (name: string, data: string | Buffer) =>
    writeFileSync(join(dir, name), data, { mode: 0o644 });
  mkdirSync(join(dir, 'tests'), { recursive: true, mode: 0o755 });
  file('problem.json', `${JSON.stringify(p.meta, null, 2)}\n`);
  file('statement.md', p.statement);
  p.cases.forEach((c, k) => {
    file(`tests/${k + 1}.in`, c.input);
    file(`tests/${k + 1}.out`, c.answer);
  });
  if (p.checkerSource !== undefined) file('checker.cpp', p.checkerSource);
  if (p.interactorSource !== undefined) file('interactor.cpp', p.interactorSource);
  if (p.solutions.length > 0) {
    mkdirSync(join(dir, 'solutions'), { recursive: true, mode: 0o755 });
    const used = new Set<string>();
    for (const s of p.solutions) {
      const ext = EXTENSION[s.language] ?? 'txt';
      const stem = s.tag.replace(/[^A-Za-z0-9_-]+/g, '-') || 'solution';
      let name = `${stem}.${ext}`;
      for (let i = 2; used.has(name); i++) name = `${stem}-${i}.${ext}`;
      used.add(name);
      file(`solutions/${name}`, s.source);
    }
  }
  if (p.images.length > 0) {
    mkdirSync(join(dir, 'images'), { recursive: true, mode: 0o755 });
    for (const img of p.images) file(`images/${img.name}`, img.bytes);
  }
}
