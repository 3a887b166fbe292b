// Check: a list's `batch` and `pick` actions (docs/adr/0156-batch-and-pick-list-actions.md) fit their
// call. A batch call takes the selected ids in body property `ids` (and the form's values in `into`),
// its form is a form screen, and it answers `{ results: [...] }`, the rows the dialog lists; a picked
// users call takes the ids as its (array) body. Both are list actions only.
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
  if (resolved(reply.results, catalogue).type !== 'array')
    found.push(['/call', `"${a.call}" does not answer { results: [...] }, the rows a batch lists`]);
  return found;
}

function pickProblems(catalogue: Catalogue, a: ActionDef): Found {
  const call = a.call ? catalogue.calls[a.call] : undefined;
  if (!call || !a.pick || resolved(call.body, catalogue).type === 'array') return [];
  return [['/call', `"${a.call}" does not take the picked ids as a list`]];
}

export const checkBatchActions: Check = ({ catalogue }) =>
  Object.values(catalogue.screens).flatMap((screen) => {
    const { file, pointer } = screen.origin;
    const lists = screen as { actions?: ActionDef[]; rowActions?: ActionDef[] };
    return (['actions', 'rowActions'] as const).flatMap((key) =>
      (lists[key] ?? []).flatMap((a, i) => {
        const at = `${pointer}/${key}/${i}`;
        if (!a.batch && !a.pick) return [];
        const found: Found =
          screen.kind === 'list'
            ? [...batchProblems(catalogue, a), ...pickProblems(catalogue, a)]
            : [['', `"${a.id}": batch and pick are list actions`]];
        return found.map(([suffix, message]) => ({ file, pointer: `${at}${suffix}`, message }));
      }),
    );
  });
