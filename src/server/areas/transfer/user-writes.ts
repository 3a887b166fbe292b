// Writes an import's planned users (user-chunks.ts) on the server's thread: a chunk's new users with one
// insert in one transaction, then each changed user through the users area's update. Should the insert
// fail (a login number taken meanwhile by someone else), the chunk's new users go again one by one
// through the users area's create, so each row gets its own answer.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Translate } from '../../../core/validation-messages.ts';
import { extensionValuesOf } from '../domains/extension-checks.ts';
import { tenantFields } from '../field-extends/stored-fields.ts';
import { createUser, newUserRow, updateUser } from '../users/save-user.ts';
import type { ImportContext } from './import-plan.ts';
import { messageOf } from './row-judge.ts';
import type { UserStore, UserWrite } from './user-chunks.ts';
import { storedUsers } from './stored-users.ts';

/** The reads and writes of one users' import, answered on the server's thread. */
export function userStore(ctx: ImportContext, t: Translate): UserStore {
  let fields: Awaited<ReturnType<typeof tenantFields>> | undefined;
  return {
    stored: (loginnos) => storedUsers(ctx.db, ctx.domainId, loginnos),
    async write(planned: UserWrite[]) {
      fields ??= await tenantFields(ctx.db, 'tableUser', ctx.domainId);
      const refusals: Array<string | undefined> = planned.map(() => undefined);
      /** Writes one planned row in a transaction of its own; a refusal is that row's answer. */
      const one = async (i: number, save: () => Promise<unknown>) => {
        try {
          await save();
        } catch (error) {
          refusals[i] = messageOf(error, t);
        }
      };
      const created = planned.flatMap((p, i) => (p.status === 'new' ? [i] : []));
      if (created.length > 0) {
        // One JSON parameter a chunk instead of a VALUES list of 500 rows (~12,500 bound values and their
        // query nodes): the server thread's garbage per row shrinks to the row and its text
        // (docs/adr/0106-import-in-worker-thread.md). jsonb's ext goes in as the object, not its text.
        // A row whose extension values are refused (required, too long) is answered alone, the others go on.
        const rows: Array<Omit<ReturnType<typeof newUserRow>, 'ext'> & { ext: object }> = [];
        const inserting: number[] = [];
        for (const i of created) {
          try {
            const ext = extensionValuesOf(fields!, planned[i].body, true);
            rows.push({ ...newUserRow(randomUUID(), ctx.domainId, planned[i].body, ext, null), ext });
            inserting.push(i);
          } catch (error) {
            refusals[i] = messageOf(error, t);
          }
        }
        const inserted =
          rows.length > 0 &&
          (await ctx.db
            .transaction()
            .execute((trx) => {
              const columns = Object.keys(rows[0]).map((c) => sql.ref(c));
              return sql`insert into users (${sql.join(columns)}) select ${sql.join(columns)}
                from json_populate_recordset(null::users, ${JSON.stringify(rows)}::json)`.execute(trx);
            })
            .then(
              () => true,
              () => false,
            ));
        if (!inserted)
          for (const i of inserting)
            await one(i, () => createUser(ctx.db, ctx.user, ctx.domainId, planned[i].body, { withoutPassword: true }));
      }
      for (const [i, p] of planned.entries())
        if (p.status === 'changed') await one(i, () => updateUser(ctx.db, ctx.user, ctx.domainId, p.body));
      return refusals;
    },
  };
}
