// The browser tests' prepared data directory: one real start of the server (initdb, migrations, demo
// data) made once before the workers start (global-setup.ts), then copied for every test file's
// server instead of paying that start again (about 5 s a file).
import { cpSync, rmSync } from 'node:fs';
import { preparedPath } from '../../support/prepared-data.ts';

export const PREPARED_KIND = 'e2e-data';

export function preparedDataDir(): string {
  return preparedPath(PREPARED_KIND);
}

/** Fills `into` with a copy of the prepared data directory. */
export function copyPreparedData(into: string): void {
  rmSync(into, { recursive: true, force: true });
  cpSync(preparedDataDir(), into, { recursive: true });
}
