// The metric families of a `/metrics` text as Prometheus' reference parser reads them
// (prometheus-families.py). A missing parser fails the test that asks, never skips it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface MetricFamily {
  name: string;
  type: string;
  help: string;
  samples: Array<{ name: string; labels: Record<string, string>; value: number }>;
}

const SCRIPT = fileURLToPath(new URL('./prometheus-families.py', import.meta.url));
/** The Python on the PATH first (a virtual environment may hold the parser), then the system's, where
 *  Debian's package puts it. */
const PYTHONS = ['python3', '/usr/bin/python3'];

export function parsePrometheusText(text: string): MetricFamily[] {
  const failures: string[] = [];
  for (const python of PYTHONS) {
    const run = spawnSync(python, [SCRIPT], { input: text, encoding: 'utf8' });
    if (run.status === 0) return JSON.parse(run.stdout) as MetricFamily[];
    failures.push(`${python}: ${run.error?.message ?? run.stderr.trim().split('\n').at(-1)}`);
  }
  throw new Error(`the Prometheus parser failed (install python3-prometheus-client): ${failures.join('; ')}`);
}
