// Says at the end of a run where its time went, per project: the files' own time split into the tests
// and what runs around them (hooks: servers, browsers, sign-ins; import), and the longest files
// (docs/adr/0108-test-runs-share-prepared-state.md). Printed with ATRIUM_TEST_TIMES=on (CI sets it).
import type { Reporter, TestModule } from 'vitest/node';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface FileTime {
  file: string;
  total: number;
  tests: number;
}

export function fileTimes(module: TestModule): FileTime {
  const { duration, collectDuration, setupDuration } = module.diagnostic();
  let tests = 0;
  for (const test of module.children.allTests()) tests += test.diagnostic()?.duration ?? 0;
  return { file: module.relativeModuleId, total: duration + collectDuration + setupDuration, tests };
}

export class TimeReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const byProject = new Map<string, FileTime[]>();
    for (const module of modules) {
      const name = module.project.name;
      byProject.set(name, [...(byProject.get(name) ?? []), fileTimes(module)]);
    }
    const lines = ['', 'Where the time went (summed over files; workers run files side by side):'];
    for (const [project, files] of byProject) {
      const total = files.reduce((sum, f) => sum + f.total, 0);
      const tests = files.reduce((sum, f) => sum + f.tests, 0);
      lines.push(
        `  ${project}: ${files.length} files, ${seconds(total)}: tests ${seconds(tests)}, around them (import, hooks) ${seconds(total - tests)}`,
      );
      for (const f of [...files].sort((a, b) => b.total - a.total).slice(0, 10))
        lines.push(`    ${seconds(f.total).padStart(9)}  (tests ${seconds(f.tests)})  ${f.file}`);
    }
    console.log(lines.join('\n'));
  }
}
