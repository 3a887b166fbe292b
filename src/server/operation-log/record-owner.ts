// A call on records whose path does not name the enterprise (a calendar, an extension field, users
// changed or resigned in a batch) belongs to the log of the records' enterprise. It is read before the
// handler runs, so a deleted record is still found; a caller working for one enterprise needs no lookup
// (its acts go to that enterprise's log anyway).
import { sql } from 'kysely';
import type { CallDef } from '../../core/catalogue/types.ts';
import type { Db } from '../db/schema.ts';

const OWNERS = [
  { path: '/authtime/domain/calendar/{id}', table: 'work_calendars', key: 'id', ids: 'path' },
  { path: '/authtime/domain/fieldextend/{id}', table: 'field_extends', key: 'fid', ids: 'path' },
  { path: '/authtime/user/batch', table: 'users', key: 'id', ids: 'userIds' },
  { path: '/authtime/user/abandonment', table: 'users', key: 'id', ids: 'userIds' },
] as const;

type Owner = (typeof OWNERS)[number];

/** Where the records the call names are kept, when their enterprise is not in the path. */
export function ownerOf(call: Pick<CallDef, 'path'>): Owner | undefined {
  return OWNERS.find((o) => call.path === o.path || call.path.startsWith(`${o.path}/`));
}

/** The ids the call names: the path's `{id}`, or the body's `userIds` (at most the first 1000 read). */
export function ownedIds(owner: Owner, params: Record<string, string> | undefined, body: unknown): string[] {
  if (owner.ids === 'path') return params?.id ? [params.id] : [];
  const ids = (body as Record<string, unknown> | null)?.[owner.ids];
  return Array.isArray(ids) ? ids.filter((v): v is string => typeof v === 'string').slice(0, 1000) : [];
}

/** The one enterprise the records belong to; none when they belong to several or to none. */
export async function recordOwner(db: Db, { table, key }: Owner, ids: readonly string[]): Promise<string | undefined> {
  if (ids.length === 0) return undefined;
  const { rows } = await sql<{
    domain_id: string | null;
  }>`select distinct domain_id from ${sql.table(table)} where ${sql.ref(key)} in (${sql.join(ids)}) limit 2`.execute(
    db,
  );
  return rows.length === 1 ? (rows[0].domain_id ?? undefined) : undefined;
}
