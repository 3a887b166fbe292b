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

/** The items in an order drawn from `seed` (Fisher–Yates over a linear congruential generator). */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0 || 1;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // `--sequence.shuffle` shuffles files only with vitest's own sequencer, which this one replaces: the
    // files then start in an order drawn from the seed, so a run can show that a file does not depend on
    // what ran before it in its worker (docs/adr/0251-component-tests-share-one-module-graph.md).
    const { shuffle, seed } = this.ctx.config.sequence;
    if (shuffle) return this.byProject(shuffled(files, seed), () => 0);
    return this.byProject(await super.sort(files), rank);
  }

  private byProject(sorted: TestSpecification[], rankOf: (spec: TestSpecification) => number): TestSpecification[] {
    // Projects still run one after the other; within one, by rank, then in vitest's own order.
    const projectOrder = new Map<string, number>();
    for (const spec of sorted)
      if (!projectOrder.has(spec.project.name)) projectOrder.set(spec.project.name, projectOrder.size);
    const key = (spec: TestSpecification, i: number) => [projectOrder.get(spec.project.name)!, rankOf(spec), i];
    return sorted
      .map((spec, i) => ({ spec, key: key(spec, i) }))
      .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])
      .map(({ spec }) => spec);
  }
}
