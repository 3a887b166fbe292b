// The users' counts the statement triggers keep, per department (user_counts, migration 0012) and per
// tenant (user_totals, migration 0060), beside the same counts taken from the users table: a test that
// wrote users by any path (save, move, import, sync, delete) expects the two lists equal.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../src/server/db/schema.ts';

export async function keptCounts(db: Db): Promise<{ kept: string[]; counted: string[] }> {
  const lines = async (text: RawBuilder<{ line: string }>) => (await text.execute(db)).rows.map((r) => r.line).sort();
  const kept = await lines(sql<{ line: string }>`
    select domain_id || '/' || department_id || '=' || users as line from user_counts where users <> 0
    union all select domain_id || '=' || users from user_totals where users <> 0`);
  const counted = await lines(sql<{ line: string }>`
    select domain_id || '/' || coalesce(department_id, '') || '=' || count(*) as line from users group by domain_id, department_id
    union all select domain_id || '=' || count(*) from users group by domain_id`);
  return { kept, counted };
}
