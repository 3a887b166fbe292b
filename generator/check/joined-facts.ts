// Check: how a panel fact says its value (docs/adr/0172-catalogue-derives-parts-facts-and-fields.md).
// One way only: a renderer, labels by value, `say` (a label over an object's fields), `join` (a list
// on one line) or the text with its `aside`. Where the value is `reply.<path>` of the read's answer,
// a joined value is an array, `say`'s an object, a list's `field` a field of its entries and each of
// its `lists` an array field of them.
import { inlineEntityRefs } from '../../src/core/catalogue/schema-refs.ts';
import type { JoinedList, PanelFact } from '../../src/core/catalogue/panel-screen.ts';
import type { Catalogue, JsonSchema } from '../../src/core/catalogue/types.ts';
import { pointerSegment } from '../schema-walk.ts';
import type { Check, Problem } from './problem.ts';

type Found = Array<[string, string]>;

/** The schema a `reply.a.b` rule names in the answer, or undefined when unknown. */
function schemaAt(reply: JsonSchema | undefined, rule: string, catalogue: Catalogue): JsonSchema | undefined {
  const path = rule
    .match(/^reply((?:\.[A-Za-z_$][\w$]*)+)$/)?.[1]
    ?.slice(1)
    .split('.');
  if (!reply || !path) return undefined;
  let schema: JsonSchema | undefined = inlineEntityRefs(reply, catalogue);
  for (const name of path) {
    const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
    schema = props[name] ? inlineEntityRefs(props[name], catalogue) : undefined;
  }
  return schema;
}

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : [schema.type]);

/** Problems of a joined list over an array schema (its entries' fields judged when they declare any). */
function listProblems(list: JoinedList, array: JsonSchema, catalogue: Catalogue, at: string): Found {
  if (!typeOf(array).includes('array')) return [[at, 'a joined value is a list']];
  const items = array.items ? inlineEntityRefs(array.items as JsonSchema, catalogue) : undefined;
  const props = (items?.properties ?? undefined) as Record<string, JsonSchema> | undefined;
  if (!props) return [];
  const found: Found = [];
  if (list.field && !props[list.field]) found.push([`${at}/field`, `the entries have no field "${list.field}"`]);
  for (const [field, inner] of Object.entries(list.lists ?? {})) {
    const where = `${at}/lists/${pointerSegment(field)}`;
    if (!props[field]) found.push([where, `the entries have no field "${field}"`]);
    else found.push(...listProblems(inner, inlineEntityRefs(props[field], catalogue), catalogue, where));
  }
  return found;
}

function factProblems(fact: PanelFact, reply: JsonSchema | undefined, catalogue: Catalogue): Found {
  const ways = (['render', 'labels', 'say', 'join'] as const).filter((key) => fact[key] !== undefined);
  const found: Found = [];
  if (ways.length + (fact.aside !== undefined ? 1 : 0) > 1)
    found.push(['', `says its value one way only (has ${[...ways, ...(fact.aside ? ['aside'] : [])].join(', ')})`]);
  const schema = schemaAt(reply, fact.value, catalogue);
  if (!schema) return found;
  if (fact.join) found.push(...listProblems(fact.join, schema, catalogue, '/join'));
  if (fact.say && !typeOf(schema).includes('object')) found.push(['/say', 'a said value is an object']);
  return found;
}

export const checkJoinedFacts: Check = ({ catalogue }) =>
  Object.values(catalogue.screens).flatMap((screen): Problem[] => {
    if (screen.kind !== 'panel') return [];
    const { file, pointer } = screen.origin;
    const reply = catalogue.calls[screen.read.call]?.reply;
    return screen.parts.flatMap((part, i) =>
      (part.facts ?? []).flatMap((fact, j) =>
        factProblems(fact, reply, catalogue).map(([at, message]) => ({
          file,
          pointer: `${pointer}/parts/${i}/facts/${j}${at}`,
          message,
        })),
      ),
    );
  });
