// The metric families of a `/metrics` text as Prometheus' reference parser reads them
// (prometheus-families.py). A missing parser fails the test that asks, never skips it.
import { fileURLToPath } from 'node:url';
import { runPython } from '../../support/python-reader.ts';

export interface MetricFamily {
  name: string;
  type: string;
  help: string;
  samples: Array<{ name: string; labels: Record<string, string>; value: number }>;
}

const SCRIPT = fileURLToPath(new URL('./prometheus-families.py', import.meta.url));
export function parsePrometheusText(text: string): MetricFamily[] {
  return JSON.parse(runPython('prometheus_client', 'python3-prometheus-client', [SCRIPT], text)) as MetricFamily[];
}
