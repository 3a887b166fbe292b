// The extension field values of a save, read and stored: the fields of the record (an enterprise has the
// platform-level fields of tableDomain; a department those of tableDept, the platform's and its tenant's
// own, departments/handlers.ts) and the values merged into the row (the checks: extension-checks.ts).
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import type { ExtValues } from '../../db/column-types.ts';
import { platformFields } from '../field-extends/stored-fields.ts';
import { extensionValuesOf } from './extension-checks.ts';

export async function extensionValues(db: Db, body: object, creating: boolean): Promise<ExtValues> {
  return extensionValuesOf(await platformFields(db, 'tableDomain'), body, creating);
}

/** `ext || values`: the fields sent replace their values, the others stay. */
export const mergedExt = (values: ExtValues) => sql<string>`ext || ${JSON.stringify(values)}::jsonb`;
