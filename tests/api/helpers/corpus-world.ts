// The BPMN corpus installed in an engine world (tests/api/bpmn-*.test.ts): each file's process in the
// world's application, and a role for each candidate group the files name, held by one of its users.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../src/server/db/schema.ts';
import type { CorpusFile } from '../../unit/core/workflow/bpmn-corpus.ts';
import type { EngineWorld } from './engine-world.ts';

export async function installCorpus(
  db: Db,
  world: EngineWorld,
  corpus: readonly CorpusFile[],
  groups: readonly string[],
  holderOf: (group: string) => string = () => world.users.r1,
): Promise<void> {
  await db
    .insertInto('app_processes')
    .values(
      corpus.map((c) => ({
        application_id: world.applicationId,
        id: c.processId,
        names: JSON.stringify({ en: c.file }),
        form_id: 'form',
        bpmn: c.xml,
      })),
    )
    .execute();
  for (const group of groups) {
    const role = randomUUID();
    await db
      .insertInto('app_roles')
      .values({ id: role, application_id: world.applicationId, package_role: group, name: group })
      .execute();
    await db
      .insertInto('role_users')
      .values({ role_id: role, user_id: holderOf(group) })
      .execute();
  }
}
