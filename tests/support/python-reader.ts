// Python programs as independent readers of what the server writes (openpyxl for .xlsx, icalendar for
// .ics, prometheus_client for /metrics). Debian installs those packages for /usr/bin/python3, which may
// not be the python3 first on the PATH. A missing package fails the test with how to install it, never
// skips it.
import { spawnSync } from 'node:child_process';

const PYTHONS = ['python3', '/usr/bin/python3'];
const found = new Map<string, string>();

/** A python3 that imports `module`; throws naming the Debian package otherwise. */
export function pythonWith(module: string, debianPackage: string): string {
  const known = found.get(module);
  if (known) return known;
  const python = PYTHONS.find((bin) => spawnSync(bin, ['-c', `import ${module}`]).status === 0);
  if (!python)
    throw new Error(
      `a python3 with ${module} is needed to read the file independently: apt-get install ${debianPackage}`,
    );
  found.set(module, python);
  return python;
}

/** Runs `script` (a file path, or code with `-c`) under the python3 that has `module`, `input` on its
 *  standard input; answers its standard output, or throws with its last error line. */
export function runPython(module: string, debianPackage: string, args: string[], input?: string): string {
  const run = spawnSync(pythonWith(module, debianPackage), args, { input, encoding: 'utf8' });
  if (run.status !== 0)
    throw new Error(`python (${module}) failed: ${run.error?.message ?? run.stderr.trim().split('\n').at(-1)}`);
  return run.stdout;
}
