/**
 * A Vitest reporter that writes when each test file started and ended, on the wall clock of the
 * run, to suite-timeline.tsv: which files run side by side, and which one the run waits for at
 * its end (the JSON reporter's times are not wall times for files that share a worker).
 *
 *   npx vitest run --reporter=default --reporter=./scripts/suite-timeline.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class SuiteTimeline implements Reporter {
  private readonly started = performance.now();
  private readonly rows = new Map<string, { start: number; end?: number; project: string }>();

  private seconds(): number {
    return (performance.now() - this.started) / 1000;
  }

  onTestModuleStart(module: TestModule): void {
    this.rows.set(module.moduleId, { start: this.seconds(), project: module.project.name });
  }

  onTestModuleEnd(module: TestModule): void {
    const row = this.rows.get(module.moduleId);
    if (row) row.end = this.seconds();
  }

  onTestRunEnd(): void {
    const lines = [...this.rows.entries()]
      .sort((a, b) => a[1].start - b[1].start)
      .map(([file, row]) => {
        const end = row.end ?? Number.NaN;
        const name = path.relative(process.cwd(), file);
        return (
          [row.start, end, end - row.start].map((s) => s.toFixed(1)).join('\t') +
          `\t${row.project}\t${name}`
        );
      });
    writeFileSync(
      'suite-timeline.tsv',
      `start\tend\tseconds\tproject\tfile\n${lines.join('\n')}\n`,
    );
  }
}
