// A request refused by its call's schema before any handler ran names an extension field by its spare
// column (the catalogue knows field1…field20 only as free properties, e.g. the users' search): the
// failure gets the tenant's labels of those fields, so the message reads as the form's.
import type { CallDef } from '../../../core/catalogue/types.ts';
import { ENTITY_REF } from '../../../core/catalogue/schema-refs.ts';
import type { SchemaError } from '../../../core/validation-messages.ts';
import type { Db } from '../../db/schema.ts';
import { ValidationFailure } from '../../http/app-error.ts';
import { platformFields, tenantFields } from './stored-fields.ts';
import { SPARE_COLUMNS, type ForTable } from './spare-columns.ts';

/** The module whose extension fields a call's body carries, by the body's entity. */
const TABLE_OF_BODY: Readonly<Record<string, ForTable>> = {
  user: 'tableUser',
  'user-search': 'tableUser',
  department: 'tableDept',
  domain: 'tableDomain',
};

const SPARE = new Set(SPARE_COLUMNS);

/** The spare column an error is about (its last path segment, or the missing property), if any. */
function columnOf(error: SchemaError): string | undefined {
  const name =
    error.keyword === 'required'
      ? String(error.params.missingProperty)
      : error.instancePath.split('/').filter(Boolean).pop();
  return name && SPARE.has(name) ? name : undefined;
}

/** The failure with the tenant's labels as the titles of the extension fields it names; itself when
 *  it names none or the call's body carries no extension fields. */
export async function withFieldLabels(
  db: Db,
  call: CallDef,
  params: Readonly<Record<string, string>>,
  failure: ValidationFailure,
): Promise<ValidationFailure> {
  const ref = typeof call.body?.$ref === 'string' ? ENTITY_REF.exec(call.body.$ref) : null;
  const forTable = ref ? TABLE_OF_BODY[ref[1]] : undefined;
  if (!forTable || !failure.errors.some(columnOf)) return failure;
  // The tenant is the call's target (admission already refused a tenant out of the caller's reach).
  // An enterprise's own fields are the platform's (domains/extension-values.ts).
  const domainId = call.target?.domain === 'params.id' && forTable !== 'tableDomain' ? params.id : undefined;
  const fields = domainId ? await tenantFields(db, forTable, domainId) : await platformFields(db, forTable);
  const labels = new Map(fields.map((f) => [f.name, f.label]));
  const errors = failure.errors.map((error): SchemaError => {
    const label = labels.get(columnOf(error) ?? '');
    if (label === undefined) return error;
    if (error.keyword !== 'required') return { ...error, parentSchema: { ...error.parentSchema, title: label } };
    const missing = String(error.params.missingProperty);
    const properties = (error.parentSchema?.properties ?? {}) as Record<string, Record<string, unknown>>;
    const property = { ...properties[missing], title: label };
    return { ...error, parentSchema: { ...error.parentSchema, properties: { ...properties, [missing]: property } } };
  });
  return new ValidationFailure(errors, failure.ruleFailures);
}
