// The extension field values of an enterprise save: only the spare columns that platform-level fields
// of the enterprise table define are kept (anything else in the body is ignored), as text or, for
// checkbox fields, a semicolon-joined list.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { ValidationFailure } from '../../http/app-error.ts';
import { platformFields } from '../field-extends/catalogue-merge.ts';

export async function extensionValues(db: Db, body: object, creating: boolean): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const field of await platformFields(db, 'tableDomain')) {
    const raw = (body as Record<string, unknown>)[field.name];
    const value = Array.isArray(raw) ? raw.map(String).join(';') : raw === undefined || raw === null ? undefined : String(raw);
    // A required field must be filled when the enterprise is created and cannot be emptied later.
    if (field.isNotNull && (creating ? !value : value === '')) {
      const parentSchema = { properties: { [field.name]: { title: field.label } } };
      throw new ValidationFailure([{ instancePath: '', keyword: 'required', params: { missingProperty: field.name }, parentSchema }]);
    }
    if (value !== undefined && !field.isReadonly) values[field.name] = value;
  }
  return values;
}

/** `ext || values`: the fields sent replace their values, the others stay. */
export const mergedExt = (values: Record<string, string>) => sql<string>`ext || ${JSON.stringify(values)}::jsonb`;
