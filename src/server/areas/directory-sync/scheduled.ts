// The directory sync timed task (docs/adr/0057-timed-tasks.md, docs/adr/0060-directory-sync.md): every enterprise whose settings ask for it is synchronised
// incrementally, one after the other, as the schedule's runs (trigger "schedule"); an enterprise whose
// sync is still running, or without a directory set up, is counted as failed and tried next time.
import type { FastifyBaseLogger } from 'fastify';
import { LdapDirectorySource } from '../../integrations/ldap/directory-source.ts';
import type { AppServices } from '../../services.ts';
import { startSync } from '../../sync/run-sync.ts';
import { entryRules } from '../users/user-rules.ts';
import { directoryFor, KIND, readSettings } from './settings.ts';

export async function syncScheduledDomains(
  services: Pick<AppServices, 'db' | 'catalogue'>,
  log?: FastifyBaseLogger,
): Promise<{ synced: number; failed: number }> {
  const { db, catalogue } = services;
  const rows = await db
    .selectFrom('sync_settings')
    .select('domain_id')
    .where('kind', '=', KIND)
    .where('scheduled', '=', true)
    .orderBy('domain_id')
    .execute();
  let synced = 0;
  let failed = 0;
  for (const { domain_id: domainId } of rows) {
    try {
      const settings = await readSettings(db, domainId);
      const directory = await directoryFor(db, catalogue, settings);
      if (!directory) throw new Error('no directory is set up');
      const { finished } = await startSync(
        db,
        {
          domainId,
          kind: KIND,
          mode: 'incremental',
          dryRun: false,
          trigger: 'schedule',
          startedBy: '',
          source: new LdapDirectorySource(directory),
          resignCap: settings.resignCap,
          confirmResign: false,
          rules: entryRules(catalogue),
        },
        log,
      );
      const run = await finished;
      if (run?.status === 'succeeded') synced++;
      else failed++;
    } catch (error) {
      log?.warn({ err: error, domainId }, 'scheduled directory sync not started');
      failed++;
    }
  }
  return { synced, failed };
}
