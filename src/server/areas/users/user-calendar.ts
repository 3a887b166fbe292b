// A user's work calendar (docs/adr/0064-users-import-streamed.md): one of its own enterprise's calendars (docs/adr/0055-work-calendars.md), never another's; none
// chosen means the enterprise's default calendar, so a user holds a calendar as soon as its enterprise
// has one (the spec's "calendar required").
import type { Db } from '../../db/schema.ts';

/** The calendar a user gets: the wanted one when it is the enterprise's (else undefined: refused), or
 *  the enterprise's default (null while the enterprise has no calendar). */
export async function userCalendar(
  db: Db,
  domainId: string,
  wanted: string | null | undefined,
): Promise<{ id: string | null } | undefined> {
  const id = wanted?.trim();
  let query = db.selectFrom('work_calendars').select('id').where('domain_id', '=', domainId);
  query = id ? query.where('id', '=', id) : query.where('is_default', '=', true);
  const row = await query.executeTakeFirst();
  if (id && !row) return undefined;
  return { id: row?.id ?? null };
}
