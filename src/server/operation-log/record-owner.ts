// A call on one record whose path does not name the enterprise (a calendar, an extension field) belongs to the log of the record's enterprise. It is read before the handler runs,
// so a deleted record is still found; a caller working for one enterprise needs no lookup (its acts go
// to that enterprise's log anyway).
import { sql } from 'kysely';
import type { CallDef } from '../../core/catalogue/types.ts';
import type { Db } from '../db/schema.ts';

const OWNERS = [
  { path: '/authtime/domain/calendar/{id}', table: 'work_calendars', key: 'id' },
  { path: '/authtime/domain/fieldextend/{id}', table: 'field_extends', key: 'fid' },
] as const;

type Owner = (typeof OWNERS)[number];

/** Where the record the call's `{id}` names is kept, when its enterprise is not in the path. */
export function ownerOf(call: Pick<CallDef, 'path'>): Owner | undefined {
  return OWNERS.find((o) => call.path === o.path || call.path.startsWith(`${o.path}/`));
}

export async function recordOwner(db: Db, { table, key }: Owner, id: string): Promise<string | undefined> {
  const { rows } = await sql<{ domain_id: string | null }>`select domain_id from ${sql.table(table)} where ${sql.ref(key)} = ${id}`.execute(db);
  return rows[0]?.domain_id ?? undefined;
}
