// The extension field values of a save: only the spare columns that the record's extension fields
// define are kept (anything else in the body is ignored), as text or, for checkbox fields, the list
// of chosen options. No database here (extension-values.ts reads and stores), so an import's worker
// thread checks its rows without loading the query builder (docs/adr/0218-user-references-indexed-lean-import-worker.md).
import type { ExtValues } from '../../db/column-types.ts';
import { ValidationFailure } from '../../http/app-error.ts';
import type { FieldExtendReply } from '../field-extends/field-extend-record.ts';
import { propertyOf } from '../../../core/catalogue/extension-fields.ts';

/** A checkbox field's choices: a list, or the spec's semicolon-separated text. */
function checkboxValue(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  const list = Array.isArray(raw) ? raw.map(String) : String(raw).split(';');
  return list.map((v) => v.trim()).filter(Boolean);
}

/** The form's length limit of a text field (500, a clob's 100,000), named by the field's label. */
function refuseTooLong(field: FieldExtendReply, value: string): void {
  const schema = propertyOf(field);
  const limit = schema.maxLength;
  if (typeof limit === 'number' && value.length > limit)
    throw new ValidationFailure([
      { instancePath: `/${field.name}`, keyword: 'maxLength', params: { limit }, parentSchema: schema },
    ]);
}

export function extensionValuesOf(fields: readonly FieldExtendReply[], body: object, creating: boolean): ExtValues {
  const values: ExtValues = {};
  for (const field of fields) {
    const raw = (body as Record<string, unknown>)[field.name];
    const value =
      field.type === 'checkbox' ? checkboxValue(raw) : raw === undefined || raw === null ? undefined : String(raw);
    const empty = value === undefined ? creating : value.length === 0;
    // A required field must be filled when the record is created and cannot be emptied later.
    if (field.isNotNull && empty) {
      const parentSchema = { properties: { [field.name]: { title: field.label } } };
      throw new ValidationFailure([
        { instancePath: '', keyword: 'required', params: { missingProperty: field.name }, parentSchema },
      ]);
    }
    if (value === undefined || field.isReadonly) continue;
    if (typeof value === 'string') refuseTooLong(field, value);
    values[field.name] = value;
  }
  return values;
}
