// The directory sync targets: a full sync of a generated directory of 10,000 users in three
// levels of units (1,110 units) into one enterprise, ≤ 60 s, then an incremental sync with nothing
// changed, ≤ 5 s; both through the sync core and the LDAP source as the call runs them, against a
// throwaway slapd loaded with slapadd. `npx tsx tests/bench/directory-sync.ts` runs it alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCatalogue } from '../../src/core/catalogue/from-disk.ts';
import { entryRules } from '../../src/server/areas/users/user-rules.ts';
import { LdapDirectorySource } from '../../src/server/integrations/ldap/directory-source.ts';
import { openDatabase } from '../../src/server/db/connect.ts';
import type { Db } from '../../src/server/db/schema.ts';
import { prepareDatabase } from '../../src/server/prepare-database.ts';
import { startSync } from '../../src/server/sync/run-sync.ts';
import { ORG, treeLdif, treeSize } from '../support/ldap-tree.ts';
import { MANAGER, MANAGER_PASSWORD, slapdAvailable, startSlapd } from '../support/slapd.ts';

const SHAPE = { fanout: 10, perUnit: 10 };
const TARGET_FULL_S = 60;
const TARGET_INCREMENTAL_S = 5;
const RULES = entryRules(loadCatalogue().catalogue);

async function timedSync(db: Db, domainId: string, source: LdapDirectorySource, mode: 'full' | 'incremental') {
  const started = Date.now();
  const { finished } = await startSync(db, {
    domainId,
    kind: 'ldap',
    mode,
    dryRun: false,
    trigger: 'manual',
    startedBy: 'bench',
    source,
    resignCap: 10,
    confirmResign: false,
    rules: RULES,
  });
  const run = await finished;
  if (run?.status !== 'succeeded') throw new Error(`the ${mode} sync ended ${run?.status}: ${run?.message}`);
  return { seconds: (Date.now() - started) / 1000, counts: run.counts as Record<string, number> };
}

/** Prints the figures; false when a target is missed. */
export async function benchDirectorySync(db: Db, domainId: string): Promise<boolean> {
  if (!slapdAvailable()) {
    console.log('\ndirectory sync: slapd is not installed (apt-get install slapd), not measured');
    return true;
  }
  const size = treeSize(SHAPE);
  const slapd = await startSlapd([], { ldif: treeLdif(SHAPE) });
  try {
    const source = () =>
      new LdapDirectorySource({
        url: slapd.url,
        baseDN: ORG,
        dirStructure: 'openldap',
        manager: MANAGER,
        managerPassword: MANAGER_PASSWORD,
      });
    const full = await timedSync(db, domainId, source(), 'full');
    const again = await timedSync(db, domainId, source(), 'incremental');
    console.log(`\ndirectory sync of ${size.users} users in ${size.units} units (three levels)`);
    console.log(
      `full sync:                       ${full.seconds.toFixed(1)} s (target ≤ ${TARGET_FULL_S} s), ${full.counts.USER_ADD_SUCCESS} users and ${full.counts.DEPT_ADD_SUCCESS} departments added`,
    );
    console.log(
      `incremental sync, nothing new:   ${again.seconds.toFixed(2)} s (target ≤ ${TARGET_INCREMENTAL_S} s), ${again.counts.USER_CHANGE + again.counts.USER_ADD_SUCCESS} users changed`,
    );
    return (
      full.seconds <= TARGET_FULL_S &&
      again.seconds <= TARGET_INCREMENTAL_S &&
      full.counts.USER_ADD_SUCCESS === size.users &&
      again.counts.USER_CHANGE === 0
    );
  } finally {
    await slapd.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-sync-'));
  const database = await openDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    pgliteDir: process.env.BENCH_DATABASE_URL ? undefined : join(dataDir, 'pglite'),
  });
  try {
    await prepareDatabase(database.db, { dataDir, adminPassword: 'Bench@2026x', demo: true });
    const acme = await database.db
      .selectFrom('domains')
      .select('id')
      .where('name', '=', 'Acme')
      .executeTakeFirstOrThrow();
    if (!(await benchDirectorySync(database.db, acme.id))) process.exitCode = 1;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
