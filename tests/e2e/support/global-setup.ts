// vitest globalSetup of the browser tests: builds the server (`npm run build:server`, a second or two; the
// console is built beforehand with `npx vite build`), then makes the prepared data directory once (a real
// start of the server on an empty one), unless this code's one is already there.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync } from 'node:fs';
import { PREPARED_DIR, removeStale } from '../../support/prepared-data.ts';
import { PREPARED_KIND, preparedDataDir } from './prepared-server-data.ts';
import { launchServer } from './server.ts';

export default async function prepareServerData(): Promise<void> {
  execFileSync('npm', ['run', '-s', 'build:server'], { stdio: 'inherit' });
  const target = preparedDataDir();
  if (existsSync(target)) return;
  mkdirSync(PREPARED_DIR, { recursive: true });
  const work = mkdtempSync(`${target}.part-`);
  const server = await launchServer(work, {});
  await server.stop({ keepData: true });
  renameSync(work, target);
  removeStale(PREPARED_KIND);
}
