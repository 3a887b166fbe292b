// Check: what a panel reads (docs/adr/0157-task-runtime-in-yaml.md, docs/adr/0163-api-docs-sign-in-form-and-panel-read-checks.md).
// Its read, joined reads and choice are calls without effects (a panel reads them on opening and after
// every action); the choice's `rows` is an array property of its call's answer (none: the answer is
// the array); a part's table and lines read an array of the answer and its form's `schema` and `data`
// an object. Rules that are plain paths (`reply.a.0.b`) are followed through the answer's schema; a
// step into a schema that declares no properties is not judged. A form screen's `schemaFrom.field` is an
// object property of its entity.
import { hasEffects } from '../../src/core/catalogue/call-effects.ts';
import { inlineEntityRefs } from '../../src/core/catalogue/schema-refs.ts';
import type { Catalogue, JsonSchema, ScreenDef } from '../../src/core/catalogue/types.ts';
import type { PanelScreen } from '../../src/core/catalogue/panel-screen.ts';
import type { Check } from './problem.ts';

type Found = Array<[string, string]>;
type Walked = { schema: JsonSchema } | { missing: string } | { open: true };

const PATH = /^reply(\.[A-Za-z0-9_]+)+$/;

const typeOf = (schema: JsonSchema): string | undefined => (typeof schema.type === 'string' ? schema.type : undefined);

/** Follows `names` from `schema`: a property by name, an array's items by a number. */
function walk(schema: JsonSchema, names: string[], catalogue: Catalogue): Walked {
  let at = inlineEntityRefs(schema, catalogue);
  for (const name of names) {
    const next = /^\d+$/.test(name)
      ? (at.items as JsonSchema | undefined)
      : (at.properties as Record<string, JsonSchema> | undefined)?.[name];
    if (next) at = inlineEntityRefs(next, catalogue);
    else if (/^\d+$/.test(name) ? at.items === undefined : at.properties === undefined) return { open: true };
    else return { missing: name };
  }
  return { schema: at };
}

/** The panel's answer: its read's reply with each joined read's under its name. */
function answerOf(screen: PanelScreen, catalogue: Catalogue): JsonSchema | undefined {
  const reply = catalogue.calls[screen.read.call]?.reply;
  if (!reply) return undefined;
  const joined = Object.entries(screen.with ?? {}).map(([name, read]) => [name, catalogue.calls[read.call]?.reply]);
  if (joined.some(([, schema]) => !schema)) return undefined;
  const base = inlineEntityRefs(reply, catalogue);
  if (!joined.length || !base.properties) return base;
  return { ...base, properties: { ...(base.properties as object), ...Object.fromEntries(joined) } };
}

/** A rule that is a plain path through the answer naming no property or a value of another type. */
function pathProblem(answer: JsonSchema, rule: string | undefined, want: 'array' | 'object', c: Catalogue) {
  if (!rule || !PATH.test(rule)) return undefined;
  const walked = walk(answer, rule.split('.').slice(1), c);
  if ('missing' in walked) return `"${rule}": the answer has no property "${walked.missing}"`;
  if ('open' in walked) return undefined;
  const type = typeOf(walked.schema);
  return type && type !== want
    ? `"${rule}" is ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}, not an ${want}`
    : undefined;
}

function readProblems(screen: PanelScreen, catalogue: Catalogue): Found {
  const reads: Array<[string, string | undefined]> = [
    ['/read/call', screen.read.call],
    ...Object.entries(screen.with ?? {}).map(([name, read]): [string, string] => [`/with/${name}/call`, read.call]),
    ['/choose/call', screen.choose?.call],
  ];
  return reads.flatMap(([at, id]): Found => {
    const call = id ? catalogue.calls[id] : undefined;
    return call && hasEffects(call) ? [[at, `call "${id}" has effects: a panel reads only calls without effects`]] : [];
  });
}

function chooseProblems(screen: PanelScreen, catalogue: Catalogue): Found {
  const choose = screen.choose;
  const reply = choose && catalogue.calls[choose.call]?.reply;
  if (!choose || !reply) return [];
  const walked = walk(reply, choose.rows ? [choose.rows] : [], catalogue);
  if ('missing' in walked) return [['/choose/rows', `call "${choose.call}" answers no property "${walked.missing}"`]];
  if ('open' in walked || typeOf(walked.schema) === 'array') return [];
  return choose.rows
    ? [['/choose/rows', `"${choose.rows}" of call "${choose.call}"'s answer is no array`]]
    : [['/choose', `call "${choose.call}" answers no array: name its rows`]];
}

function partProblems(screen: PanelScreen, catalogue: Catalogue): Found {
  const answer = answerOf(screen, catalogue);
  if (!answer) return [];
  return screen.parts.flatMap((part, i) => {
    const rules: Array<[string, string | undefined, 'array' | 'object']> = [
      ['table/rows', part.table?.rows, 'array'],
      ['lines/rows', part.lines?.rows, 'array'],
      ['form/schema', part.form?.schema, 'object'],
      ['form/data', part.form?.data, 'object'],
    ];
    return rules.flatMap(([at, rule, want]): Found => {
      const problem = pathProblem(answer, rule, want, catalogue);
      return problem ? [[`/parts/${i}/${at}`, problem]] : [];
    });
  });
}

function schemaFromProblems(screen: ScreenDef, catalogue: Catalogue): Found {
  if (screen.kind !== 'form' || !screen.schemaFrom || !screen.entity) return [];
  const entity = catalogue.entities[screen.entity]?.schema;
  if (!entity) return [];
  const walked = walk(entity, [screen.schemaFrom.field], catalogue);
  if (!('schema' in walked) || typeOf(walked.schema) === 'object') return [];
  return [['/schemaFrom/field', `"${screen.schemaFrom.field}" of entity "${screen.entity}" is no object property`]];
}

export const checkPanelReads: Check = ({ catalogue }) =>
  Object.values(catalogue.screens).flatMap((screen) => {
    const { file, pointer } = screen.origin;
    const found: Found =
      screen.kind === 'panel'
        ? [...readProblems(screen, catalogue), ...chooseProblems(screen, catalogue), ...partProblems(screen, catalogue)]
        : schemaFromProblems(screen, catalogue);
    return found.map(([at, message]) => ({ file, pointer: pointer + at, message }));
  });
