// Check: a list's `batch` and `pick` actions (docs/adr/0156-batch-and-pick-list-actions.md) fit their
// call. A batch call takes the selected ids in body property `ids` (and the form's values in `into`),
// its form is a form screen, and it answers `{ results: [...] }`, the rows the dialog lists; a picked
// users call takes the ids as its (array) body or in its array body field `ids`. Both are list actions only. A row's `formTabs` names
// form screens with `load`, and each of their load calls and its `copy.call` leaves exactly one path
// parameter for the row's key once `args.params` are given.
import { inlineEntityRefs } from '../../src/core/catalogue/schema-refs.ts';
import type { ActionDef, Catalogue, JsonSchema } from '../../src/core/catalogue/types.ts';
import type { Check } from './problem.ts';

/** [pointer suffix, message] pairs. */
type Found = Array<[string, string]>;

function resolved(schema: JsonSchema | undefined, catalogue: Catalogue): JsonSchema {
  return schema ? inlineEntityRefs(schema, catalogue) : {};
}

function batchProblems(catalogue: Catalogue, a: ActionDef): Found {
  const call = a.call ? catalogue.calls[a.call] : undefined;
  if (!call || !a.batch) return [];
  const props = (resolved(call.body, catalogue).properties ?? {}) as Record<string, JsonSchema>;
  const found: Found = [];
  for (const part of ['ids', 'into'] as const) {
    const name = a.batch[part];
    if (name !== undefined && !(name in props))
      found.push([`/batch/${part}`, `call "${a.call}" has no body field "${name}"`]);
  }
  if (a.batch.form && catalogue.screens[a.batch.form]?.kind !== 'form')
    found.push(['/batch/form', `"${a.batch.form}" is not a form screen`]);
  const reply = (resolved(call.reply, catalogue).properties ?? {}) as Record<string, JsonSchema>;
  if (!a.batch.summary && resolved(reply.results, catalogue).type !== 'array')
    found.push(['/call', `"${a.call}" does not answer { results: [...] }, the rows a batch lists`]);
  return [...found, ...stepProblems(catalogue, a, props, reply)];
}

/** The counted, parted and undone batch (docs/adr/0168-batch-count-parts-summary-undo.md): the count's
 *  flag is a boolean body field, the parts' key a body field the call answers, the undo call takes the
 *  key in its one path parameter. */
function stepProblems(
  catalogue: Catalogue,
  a: ActionDef,
  body: Record<string, JsonSchema>,
  reply: Record<string, JsonSchema>,
): Found {
  const { count, parts, undo } = a.batch ?? {};
  const found: Found = [];
  if (count && resolved(body[count.flag], catalogue).type !== 'boolean')
    found.push(['/batch/count/flag', `call "${a.call}" has no boolean body field "${count.flag}"`]);
  if (parts && !(parts.key in body))
    found.push(['/batch/parts/key', `call "${a.call}" has no body field "${parts.key}"`]);
  if (parts && !(parts.key in reply))
    found.push(['/batch/parts/key', `call "${a.call}" does not answer "${parts.key}"`]);
  const undoCall = undo ? catalogue.calls[undo.call] : undefined;
  if (undo && !undoCall) found.push(['/batch/undo/call', `unknown call "${undo.call}"`]);
  else if (undoCall && [...undoCall.path.matchAll(/\{(\w+)\}/g)].length !== 1)
    found.push(['/batch/undo/call', `"${undo!.call}" must take the batch's key in exactly one path parameter`]);
  return found;
}

function pickProblems(catalogue: Catalogue, a: ActionDef): Found {
  const call = a.call ? catalogue.calls[a.call] : undefined;
  // With `ids` the picked ids go in that body field, which master-detail.ts checks the body has.
  if (!call || !a.pick || a.ids || resolved(call.body, catalogue).type === 'array') return [];
  return [['/call', `"${a.call}" does not take the picked ids as a list`]];
}

function openParams(catalogue: Catalogue, callId: string | undefined, a: ActionDef): string[] {
  const path = callId ? (catalogue.calls[callId]?.path ?? '') : '';
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((n) => !(n in (a.args?.params ?? {})));
}

function formTabsProblems(catalogue: Catalogue, a: ActionDef): Found {
  if (!a.formTabs) return [];
  const found: Found = [];
  const keyed = (callId: string | undefined, at: string) => {
    if (callId && catalogue.calls[callId] && openParams(catalogue, callId, a).length !== 1)
      found.push([at, `"${callId}" must leave one path parameter for the row's key beyond args.params`]);
  };
  a.formTabs.tabs.forEach((tab, i) => {
    const form = catalogue.screens[tab.form];
    if (form && (form.kind !== 'form' || !form.load))
      found.push([`/formTabs/tabs/${i}/form`, `"${tab.form}" is not a form screen with load`]);
    else if (form?.kind === 'form') keyed(form.load, `/formTabs/tabs/${i}/form`);
  });
  keyed(a.formTabs.copy?.call, '/formTabs/copy/call');
  return found;
}

export const checkBatchActions: Check = ({ catalogue }) =>
  Object.values(catalogue.screens).flatMap((screen) => {
    const { file, pointer } = screen.origin;
    const lists = screen as { actions?: ActionDef[]; rowActions?: ActionDef[] };
    return (['actions', 'rowActions'] as const).flatMap((key) =>
      (lists[key] ?? []).flatMap((a, i) => {
        const at = `${pointer}/${key}/${i}`;
        if (!a.batch && !a.pick && !a.formTabs) return [];
        if (a.formTabs && (screen.kind !== 'list' || key !== 'rowActions'))
          return [{ file, pointer: at, message: `"${a.id}": formTabs is a list's row action` }];
        const found: Found =
          screen.kind === 'list'
            ? [...batchProblems(catalogue, a), ...pickProblems(catalogue, a), ...formTabsProblems(catalogue, a)]
            : [['', `"${a.id}": batch and pick are list actions`]];
        return found.map(([suffix, message]) => ({ file, pointer: `${at}${suffix}`, message }));
      }),
    );
  });
