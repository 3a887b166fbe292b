// The order test files start in (docs/adr/0065-test-files-split.md). Vitest starts the files that took longest last time first, but
// a fresh clone (CI) has no such record, and then it starts the largest files first: the authorization
// matrix's and the fuzzing's short files would start last and leave one core idle at the end while they
// finish. The files known to be long start first here, longest first; the rest keep vitest's order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Slowest first (the figures of docs/adr/0065-test-files-split.md): the matrix walks, the fuzzing parts, the accessibility walks. */
const HEAVY = [/authorization-matrix-.*\.test\.ts$/, /fuzz-.*\.test\.ts$/, /accessibility-.*\.test\.ts$/];

const rank = (spec: TestSpecification): number => {
  const i = HEAVY.findIndex((pattern) => pattern.test(spec.moduleId));
  return i < 0 ? HEAVY.length : i;
};

export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Projects still run one after the other; within one, by rank, then in vitest's own order.
    const projectOrder = new Map<string, number>();
    for (const spec of sorted)
      if (!projectOrder.has(spec.project.name)) projectOrder.set(spec.project.name, projectOrder.size);
    const key = (spec: TestSpecification, i: number) => [projectOrder.get(spec.project.name)!, rank(spec), i];
    return sorted
      .map((spec, i) => ({ spec, key: key(spec, i) }))
      .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])
      .map(({ spec }) => spec);
  }
}
