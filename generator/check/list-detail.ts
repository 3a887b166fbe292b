// Check: a list's `paging` names query parameters of its source call; a row action with `detail: true`
// belongs to a list that has a `detail` screen (and a `detail` screen has such an action to show it);
// an action's `form` names a form screen, one with `create` from the toolbar, and its `fixed` values
// name fields of that form's entity
// (docs/adr/0134-runtime-owns-entries-lists-and-forms.md, docs/adr/0143-list-exports-and-dialog-forms-in-yaml.md).
import type { ActionDef, ListScreen, ScreenDef } from '../../src/core/catalogue/types.ts';
import type { Check, Problem } from './problem.ts';

type List = ListScreen & Pick<ScreenDef, 'origin'>;

function pagingProblems(screen: List, queryNames: string[]): Problem[] {
  if (!screen.paging) return [];
  return (['page', 'size'] as const)
    .filter((part) => !queryNames.includes(screen.paging![part]))
    .map((part) => ({
      file: screen.origin.file,
      pointer: `${screen.origin.pointer}/paging/${part}`,
      message: `paging.${part} "${screen.paging![part]}" is not a query parameter of ${screen.source}`,
    }));
}

export const checkListDetail: Check = ({ catalogue }) =>
  Object.values(catalogue.screens).flatMap((screen) => {
    if (screen.kind !== 'list') return [];
    const list = screen as List;
    const problem = (pointer: string, message: string): Problem => ({
      file: screen.origin.file,
      pointer: `${screen.origin.pointer}${pointer}`,
      message,
    });
    const queryNames = Object.keys((catalogue.calls[list.source]?.query?.properties ?? {}) as object);
    const out = pagingProblems(list, queryNames);
    const rowActions: ActionDef[] = list.rowActions ?? [];
    rowActions.forEach((a, i) => {
      if (a.detail && !list.detail)
        out.push(problem(`/rowActions/${i}/detail`, `row action "${a.id}" shows a detail but the list has no detail`));
      const form = a.form ? catalogue.screens[a.form] : undefined;
      if (form && form.kind !== 'form')
        out.push(problem(`/rowActions/${i}/form`, `"${a.form}" is a ${form.kind} screen, not a form`));
    });
    [...(list.actions ?? []), ...rowActions].forEach((a, i, all) => {
      const form = a.form ? catalogue.screens[a.form] : undefined;
      const fields = Object.keys((form?.kind === 'form' && catalogue.entities[form.entity]?.schema.properties) || {});
      const where =
        i < all.length - rowActions.length ? `/actions/${i}` : `/rowActions/${i + rowActions.length - all.length}`;
      for (const name of a.form ? Object.keys(a.fixed ?? {}) : [])
        if (!fields.includes(name))
          out.push(problem(`${where}/fixed/${name}`, `"${name}" is not a field of "${a.form}"`));
    });
    (list.actions ?? []).forEach((a, i) => {
      if (a.detail) out.push(problem(`/actions/${i}`, `"${a.id}": detail is a row action`));
      const form = a.form ? catalogue.screens[a.form] : undefined;
      if (form && form.kind !== 'form')
        out.push(problem(`/actions/${i}/form`, `"${a.form}" is a ${form.kind} screen, not a form`));
      else if (form && !(form as { create?: string }).create)
        out.push(problem(`/actions/${i}/form`, `a toolbar form makes a new record, "${a.form}" has no create`));
    });
    // A picking list shows its detail for the picked row (docs/adr/0153-check-trees-and-pick-lists.md).
    if (list.detail && !list.pick && !rowActions.some((a) => a.detail))
      out.push(problem('/detail', 'no row action shows the detail (detail: true)'));
    return out;
  });
