import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/**
 * The base order runs the files it has timed longest first, and untimed files largest first —
 * a clean clone (CI) has no timings. The bad-input files are small but generate thousands of
 * requests from the contract, so they would start last and finish long after the others; they go
 * first in their group instead, and the two workers end together.
 */
const GENERATED_FROM_CONTRACT = /[/\\]bad-input-[^/\\]+\.test\.ts$/;

const groupOf = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
const generated = (spec: TestSpecification) =>
  GENERATED_FROM_CONTRACT.test(spec.moduleId) ? 0 : 1;

export class GeneratedFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array sort is stable: the base order holds inside each part.
    return sorted.sort((a, b) => groupOf(a) - groupOf(b) || generated(a) - generated(b));
  }
}
