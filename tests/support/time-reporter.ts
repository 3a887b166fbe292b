// Says at the end of a run where its time went, per project: the files' own time split into importing
// the file's modules, the tests, and what runs around them (hooks: servers, browsers, sign-ins), and the
// longest files (docs/adr/0108-test-runs-share-prepared-state.md). Printed with ATRIUM_TEST_TIMES=on (CI
// sets it). With ATRIUM_TEST_PHASES=<file> it also sums the helpers' phases recorded there
// (phase-times.ts: database preparation, server start, sign-ins, close), and with
// ATRIUM_TEST_TIMES_JSON=<file> writes every file's figures there for a comparison.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';
import type { PhaseTime } from './phase-times.ts';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface FileTime {
  project: string;
  file: string;
  total: number;
  imports: number;
  tests: number;
}

export function fileTimes(module: TestModule): FileTime {
  const { duration, collectDuration, setupDuration } = module.diagnostic();
  let tests = 0;
  for (const test of module.children.allTests()) tests += test.diagnostic()?.duration ?? 0;
  return {
    project: module.project.name,
    file: module.relativeModuleId,
    total: duration + collectDuration + setupDuration,
    imports: collectDuration + setupDuration,
    tests,
  };
}

function phaseLines(path: string): string[] {
  if (!existsSync(path)) return [];
  const byPhase = new Map<string, { ms: number; count: number }>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line) continue;
    const { phase, ms } = JSON.parse(line) as PhaseTime;
    const sum = byPhase.get(phase) ?? { ms: 0, count: 0 };
    byPhase.set(phase, { ms: sum.ms + ms, count: sum.count + 1 });
  }
  return [
    '  phases recorded by the helpers (summed over files):',
    ...[...byPhase]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([phase, { ms, count }]) => `    ${seconds(ms).padStart(9)}  ${String(count).padStart(4)}×  ${phase}`),
  ];
}

export class TimeReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const all = modules.map(fileTimes);
    const lines = ['', 'Where the time went (summed over files; workers run files side by side):'];
    for (const project of new Set(all.map((f) => f.project))) {
      const files = all.filter((f) => f.project === project);
      const sum = (pick: (f: FileTime) => number) => files.reduce((total, f) => total + pick(f), 0);
      const [total, imports, tests] = [sum((f) => f.total), sum((f) => f.imports), sum((f) => f.tests)];
      lines.push(
        `  ${project}: ${files.length} files, ${seconds(total)}: imports ${seconds(imports)}, tests ${seconds(tests)}, hooks ${seconds(total - imports - tests)}`,
      );
      for (const f of [...files].sort((a, b) => b.total - a.total).slice(0, 10))
        lines.push(
          `    ${seconds(f.total).padStart(9)}  (imports ${seconds(f.imports)}, tests ${seconds(f.tests)})  ${f.file}`,
        );
    }
    if (process.env.ATRIUM_TEST_PHASES) lines.push(...phaseLines(process.env.ATRIUM_TEST_PHASES));
    if (process.env.ATRIUM_TEST_TIMES_JSON)
      writeFileSync(process.env.ATRIUM_TEST_TIMES_JSON, JSON.stringify(all, null, 1));
    console.log(lines.join('\n'));
  }
}
