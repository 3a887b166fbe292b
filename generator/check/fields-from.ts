// Check: properties an entity takes from another (`fieldsFrom`,
// docs/adr/0172-catalogue-derives-parts-facts-and-fields.md). The source is an entity that takes none
// itself; each picked name is one of its properties and not written again in the entity's own schema;
// an override names a picked property, keeps its type and does not restate a keyword with the value it
// already has. Read from the documents: the loaded catalogue has the properties copied already.
import { isDeepStrictEqual } from 'node:util';
import type { FieldsFrom } from '../../src/core/catalogue/fields-from.ts';
import { pointerSegment } from '../schema-walk.ts';
import type { Check, Problem } from './problem.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export const checkFieldsFrom: Check = ({ docs }) => {
  const entities = new Map<string, Obj>();
  for (const doc of docs)
    if (doc.kind === 'entity' && isObj(doc.data) && isObj(doc.data.entities))
      for (const [id, def] of Object.entries(doc.data.entities))
        if (isObj(def) && !entities.has(id)) entities.set(id, def);
  const problems: Problem[] = [];
  for (const doc of docs) {
    if (doc.kind !== 'entity' || !isObj(doc.data) || !isObj(doc.data.entities)) continue;
    for (const [id, def] of Object.entries(doc.data.entities)) {
      if (!isObj(def) || !isObj(def.fieldsFrom)) continue;
      const from = def.fieldsFrom as unknown as FieldsFrom;
      const at = `/entities/${pointerSegment(id)}/fieldsFrom`;
      const say = (pointer: string, message: string) =>
        problems.push({ file: doc.file, pointer: at + pointer, message });
      const source = entities.get(from.entity);
      if (!source) {
        say('/entity', `no entity "${from.entity}"`);
        continue;
      }
      if (source.fieldsFrom) say('/entity', `"${from.entity}" takes its properties from another entity itself`);
      const schema = isObj(source.schema) ? source.schema : {};
      const theirs = isObj(schema.properties) ? schema.properties : {};
      const ownSchema = isObj(def.schema) ? def.schema : {};
      const own = isObj(ownSchema.properties) ? ownSchema.properties : {};
      from.pick.forEach((name, i) => {
        if (!isObj(theirs[name])) say(`/pick/${i}`, `"${from.entity}" has no property "${name}"`);
        if (own[name] !== undefined) say(`/pick/${i}`, `"${name}" is also written in the entity's own properties`);
      });
      for (const [name, keywords] of Object.entries(from.override ?? {})) {
        const where = `/override/${pointerSegment(name)}`;
        const base = theirs[name];
        if (!from.pick.includes(name) || !isObj(base)) {
          say(where, `"${name}" is not a picked property`);
          continue;
        }
        for (const [keyword, value] of Object.entries(keywords)) {
          if (keyword === 'type' && !isDeepStrictEqual(base.type, value))
            say(`${where}/type`, 'an override keeps the type of the property it takes');
          else if (isDeepStrictEqual(base[keyword], value))
            say(`${where}/${pointerSegment(keyword)}`, `repeats "${keyword}" of "${from.entity}"`);
        }
      }
    }
  }
  return problems;
};
