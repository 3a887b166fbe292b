// Properties an entity takes from another (docs/adr/0172-catalogue-derives-parts-facts-and-fields.md):
// `fieldsFrom: { entity, pick, override }` beside an entity's `schema` copies the picked properties of
// the other entity's schema into its own, each with its `override` keywords replacing the copied ones
// (a form's entity asking part of a call's body: the same rules, its own titles and defaults). Resolved
// when the catalogue loads; `atrium check` (generator/check/fields-from.ts) refuses what does not resolve.

/** The catalogue's shapes, not imported: types.ts imports this file. */
type JsonSchema = Record<string, unknown>;
interface EntityDef {
  schema: JsonSchema;
  fieldsFrom?: FieldsFrom;
}

export interface FieldsFrom {
  /** The entity whose schema's properties are taken. */
  entity: string;
  /** The property names taken, in this order, before the entity's own. */
  pick: string[];
  /** Property name → keywords replacing (or adding to) the copied property's. */
  override?: Record<string, JsonSchema>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The entity's schema with the picked properties in, or the schema as written when the source is
 *  missing or itself derived (the check says why). */
export function derivedSchema(entity: EntityDef, entities: Record<string, EntityDef>): JsonSchema {
  const from = entity.fieldsFrom;
  const source = from ? entities[from.entity] : undefined;
  if (!from || !source || source.fieldsFrom) return entity.schema;
  const theirs = isObj(source.schema.properties) ? source.schema.properties : {};
  const picked = Object.fromEntries(
    from.pick
      .filter((name) => isObj(theirs[name]))
      .map((name) => [
        name,
        { ...structuredClone(theirs[name] as Obj), ...structuredClone(from.override?.[name] ?? {}) },
      ]),
  );
  const own = isObj(entity.schema.properties) ? entity.schema.properties : {};
  return { ...entity.schema, properties: { ...picked, ...own } };
}

/** Resolves every entity's `fieldsFrom`, in place. */
export function deriveEntityFields(entities: Record<string, EntityDef>) {
  const derived = Object.values(entities)
    .filter((e) => e.fieldsFrom)
    .map((e): [EntityDef, JsonSchema] => [e, derivedSchema(e, entities)]);
  for (const [entity, schema] of derived) entity.schema = schema;
}
