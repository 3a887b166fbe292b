// vitest globalSetup of the browser tests: builds the server (`npm run build:server`, a second or two; the
// console is built beforehand with `npx vite build`), makes the prepared data directory once (a real start of
// the server on an empty one), unless this code's one is already there, and starts one Chromium per worker
// that every test file of that worker connects to (docs/adr/0108-test-runs-share-prepared-state.md), and
// the control address through which a file gets its worker's shared server (shared-servers.ts). With
// ATRIUM_TEST_LDAP=off says at the start and at the end that the LDAP tests were left out.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { PREPARED_DIR, removeStale } from '../../support/prepared-data.ts';
import { announceLdapChoice } from '../../support/ldap-choice.ts';
import { launchBrowserServer } from './browser.ts';
import { PREPARED_KIND, preparedDataDir } from './prepared-server-data.ts';
import { launchServer } from './server.ts';
import { serveControl, SharedServers } from './shared-servers.ts';
import { lowestHashCostForTests } from '../../support/hash-cost.ts';

async function prepareServerData(): Promise<void> {
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  lowestHashCostForTests();
  const ldapTeardown = announceLdapChoice();
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const [browsers] = await Promise.all([
    Promise.all(Array.from({ length: workers }, () => launchBrowserServer())),
    prepareServerData(),
  ]);
  project.provide(
    'browserEndpoints',
    browsers.map((browser) => browser.wsEndpoint()),
  );
  const servers = new SharedServers();
  const control = await serveControl(servers);
  project.provide('sharedServerControl', control.url);
  return async () => {
    control.server.close();
    await Promise.all([...browsers.map((browser) => browser.close()), servers.close()]);
    await ldapTeardown?.();
  };
}
