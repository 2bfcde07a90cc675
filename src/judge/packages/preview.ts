/**
 * What a coach checks before a package becomes questions (the import preview): each problem's
 * title, limits, case count, checker, I/O mode, scoring, what it brings besides, and what the
 * reader had to drop or assume.
 */
import { isCompiledChecker } from '../problem-format.ts';
import type { PackageFormat, PackageProblem } from './types.ts';

export interface PackagePreview {
  origin: string;
  title: string;
  timeLimitMs: number;
  memoryLimitMiB: number;
  caseCount: number;
  /** The cases' bytes, inputs and answers together. */
  dataBytes: number;
  checker: string;
  io: string;
  interactive: boolean;
  scoring: string;
  samples: number;
  tags: string[];
  images: number;
  solutions: string[];
  warnings: string[];
}

const CHECKER_NAMES: Record<string, string> = {
  default: '忽略行末空白比较',
  strict: '逐字节比较',
  float: '浮点数比较',
  testlib: 'testlib 检查器',
  hustoj: 'HUSTOJ 特判',
  qduoj: 'QDUOJ 特判',
};

export function previewOf(p: PackageProblem): PackagePreview {
  const m = p.meta;
  return {
    origin: p.origin,
    title: m.title,
    timeLimitMs: m.timeLimitMs,
    memoryLimitMiB: m.memoryLimitMiB,
    caseCount: p.cases.length,
    dataBytes: p.cases.reduce((n, c) => n + c.input.length + c.answer.length, 0),
    // An interactive problem's interactor decides; only a compiled checker then reads tout.
    checker:
      m.interactive && !isCompiledChecker(m.checker.type)
        ? '由交互器判定'
        : (CHECKER_NAMES[m.checker.type] ?? m.checker.type),
    io: m.io.mode === 'file' ? `文件 ${m.io.input} / ${m.io.output}` : '标准输入输出',
    interactive: m.interactive,
    scoring:
      m.scoring.mode === 'subtasks'
        ? `子任务 ${(m.subtasks ?? []).length} 个，共 ${(m.subtasks ?? []).reduce((s, t) => s + t.score, 0)} 分`
        : '按测试点平均',
    samples: m.samples.length,
    tags: m.tags,
    images: p.images.length,
    solutions: p.solutions.map((s) => `${s.tag}（${s.language}）`),
    warnings: p.warnings,
  };
}

export const FORMAT_NAMES: Record<PackageFormat, string> = {
  polygon: 'Polygon',
  hydro: 'Hydro',
  fps: 'FPS（HUSTOJ）',
  qduoj: 'QDUOJ',
};
