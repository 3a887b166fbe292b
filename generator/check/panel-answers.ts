// Check: a panel's call-answer options (docs/adr/0160-open-api-in-yaml.md). `reveal` and `result` sit
// on a `call` action and name fields of that call's reply (`result.list.field` a field of its rows); a
// part's `actions` name the panel's actions, each in one part only.
import { inlineEntityRefs } from '../../src/core/catalogue/schema-refs.ts';
import type { Catalogue, JsonSchema } from '../../src/core/catalogue/types.ts';
import type { PanelAction, PanelScreen } from '../../src/core/catalogue/panel-screen.ts';
import type { Check } from './problem.ts';

type Found = Array<[string, string]>;
type Props = Record<string, JsonSchema>;

const propsOf = (schema: JsonSchema | undefined, catalogue: Catalogue): Props =>
  ((schema ? inlineEntityRefs(schema, catalogue) : {}).properties ?? {}) as Props;

function answerProblems(catalogue: Catalogue, a: PanelAction): Found {
  if (!a.reveal && !a.result) return [];
  if (!a.call) return [['', `"${a.id}": reveal and result show a call's answer`]];
  const call = catalogue.calls[a.call];
  if (!call) return [];
  const props = propsOf(call.reply, catalogue);
  const names: Array<[string, string | undefined]> = [
    ...(a.reveal?.fields ?? []).map((f, j): [string, string] => [`/reveal/fields/${j}/field`, f.field]),
    ['/result/message', a.result?.message],
    ['/result/ok', a.result?.ok],
    ['/result/list/rows', a.result?.list?.rows],
  ];
  const found: Found = names
    .filter(([, name]) => name !== undefined && !(name in props))
    .map(([at, name]) => [at, `call "${a.call}" answers no field "${name}"`]);
  const list = a.result?.list;
  if (list && list.rows in props) {
    const rows = inlineEntityRefs(props[list.rows]!, catalogue);
    if (!(list.field in propsOf(rows.items as JsonSchema | undefined, catalogue)))
      found.push(['/result/list/field', `the rows of "${list.rows}" have no field "${list.field}"`]);
  }
  return found;
}

function partProblems(screen: PanelScreen): Found {
  const ids = new Set((screen.actions ?? []).map((a) => a.id));
  const placed = new Set<string>();
  return screen.parts.flatMap((part, i) =>
    (part.actions ?? []).flatMap((id, j): Found => {
      const at = `/parts/${i}/actions/${j}`;
      if (!ids.has(id)) return [[at, `the panel has no action "${id}"`]];
      if (placed.has(id)) return [[at, `action "${id}" is already drawn in another part`]];
      placed.add(id);
      return [];
    }),
  );
}

export const checkPanelAnswers: Check = ({ catalogue }) =>
  Object.values(catalogue.screens).flatMap((screen) => {
    if (screen.kind !== 'panel') return [];
    const { file, pointer } = screen.origin;
    const found: Found = [
      ...partProblems(screen),
      ...(screen.actions ?? []).flatMap((a, i) =>
        answerProblems(catalogue, a).map(([at, message]): [string, string] => [`/actions/${i}${at}`, message]),
      ),
    ];
    return found.map(([at, message]) => ({ file, pointer: pointer + at, message }));
  });
