// The demo's installed applications by package, as the API tests reach them.
import type { Db } from '../../../src/server/db/schema.ts';

/** The id of the application installed from the package `packageId` (`office` by default). */
export async function applicationOf(db: Db, packageId = 'office'): Promise<string> {
  const row = await db
    .selectFrom('applications')
    .select('id')
    .where('package_id', '=', packageId)
    .executeTakeFirstOrThrow();
  return row.id;
}
