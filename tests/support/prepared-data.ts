// Where the test suites keep what they prepare once and reuse (the API tests' PGlite snapshot, the
// browser tests' data directory): named by a fingerprint of the code that shapes a new database, so a
// change to a migration or to the seed makes a fresh one, and older ones are removed.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/core/catalogue/from-disk.ts';

export const PREPARED_DIR = join(PROJECT_ROOT, '.atrium-tmp');

/** The folders and files that shape a new database: migrations, the seed and the statistics it leaves,
 *  the engine that moves its demo instances, and the packages it installs. */
const SHAPING = [
  'src/server/db/migrations',
  'src/server/db/refresh-statistics.ts',
  'src/server/seed',
  'src/server/workflow',
  'src/server/areas/applications',
  'src/core/packages',
  'packages',
];

function hashFolder(hash: ReturnType<typeof createHash>, dir: string): void {
  for (const entry of readdirSync(join(PROJECT_ROOT, dir), { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) hashFolder(hash, path);
    else hashFile(hash, path);
  }
}

function hashFile(hash: ReturnType<typeof createHash>, path: string): void {
  hash.update(path).update(readFileSync(join(PROJECT_ROOT, path)));
}

/** A fingerprint of the code that shapes a new database (also names the API tests' PostgreSQL template).
 *  Taken once a run (the global setup's, which the workers inherit): a file edited while the tests run
 *  must not move the prepared data away from the test files still to run. */
export function seedFingerprint(): string {
  return (process.env.ATRIUM_SEED_FINGERPRINT ??= fingerprintNow());
}

function fingerprintNow(): string {
  const hash = createHash('sha256');
  for (const path of SHAPING)
    if (statSync(join(PROJECT_ROOT, path)).isDirectory()) hashFolder(hash, path);
    else hashFile(hash, path);
  // The passwords' hashing cost shapes the seeded hashes (tests/support/hash-cost.ts).
  hash.update(`hash-cost:${process.env.ATRIUM_PASSWORD_HASH_COST ?? ''}`);
  return hash.digest('hex').slice(0, 16);
}

/** `<PREPARED_DIR>/<kind>-<fingerprint><suffix>`. */
export function preparedPath(kind: string, suffix = ''): string {
  return join(PREPARED_DIR, `${kind}-${seedFingerprint()}${suffix}`);
}

/** Removes the `<kind>-…` entries of other fingerprints (stale: tens of MB each); this fingerprint's,
 *  including another process's work in progress, stay. */
export function removeStale(kind: string): void {
  const current = `${kind}-${seedFingerprint()}`;
  for (const entry of readdirSync(PREPARED_DIR)) {
    if (entry.startsWith(`${kind}-`) && !entry.startsWith(current))
      rmSync(join(PREPARED_DIR, entry), { recursive: true, force: true });
  }
}
