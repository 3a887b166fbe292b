// The processes an enterprise offers through its Open API (docs/adr/0040-open-api-secret-and-tokens.md): each process of each application
// bound to it and on there, but for a module switched off there (the process's form's module). The
// services list shows them; the runtime calls (docs/adr/0045-workflow-runtime-access-token.md) run only these.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/schema.ts';

/** `domainId` is a value, or a column of an enclosing query (the runtime's check of its caller). */
export function offeredProcesses(db: Db, domainId: string | Expression<string>) {
  return db
    .selectFrom('domain_applications as b')
    .innerJoin('applications as a', 'a.id', 'b.application_id')
    .innerJoin('app_processes as p', 'p.application_id', 'a.id')
    .innerJoin('app_forms as f', (join) =>
      join.onRef('f.application_id', '=', 'p.application_id').onRef('f.id', '=', 'p.form_id'),
    )
    .where('b.domain_id', '=', domainId)
    .where('b.enabled', '=', true)
    .where(sql<SqlBool>`not (f.module_id = any(b.disabled_modules))`);
}
