// Check: a form's action opening a form (`form:`) names a form screen that makes a record (`create`),
// since it opens on a new one; a form with `submit.ok` has a save call whose reply the rule reads; a
// form's `details` fields are not among its editable fields (they are drawn read-only above them)
// (docs/adr/0155-record-views-and-command-forms.md).
import type { Catalogue, FormScreen, ScreenDef } from '../../src/core/catalogue/types.ts';
import type { Check, Problem } from './problem.ts';

type Form = FormScreen & Pick<ScreenDef, 'origin'>;

function actionProblems(catalogue: Catalogue, form: Form): Problem[] {
  return (form.actions ?? []).flatMap((a, i) => {
    const target = a.form ? catalogue.screens[a.form] : undefined;
    const at = { file: form.origin.file, pointer: `${form.origin.pointer}/actions/${i}/form` };
    if (!target) return [];
    if (target.kind !== 'form') return [{ ...at, message: `"${a.form}" is a ${target.kind} screen, not a form` }];
    return target.create ? [] : [{ ...at, message: `a form's action opens a new record, "${a.form}" has no create` }];
  });
}

function ownProblems(form: Form): Problem[] {
  const at = (pointer: string, message: string): Problem => ({
    file: form.origin.file,
    pointer: `${form.origin.pointer}${pointer}`,
    message,
  });
  const out: Problem[] = [];
  if (form.submit?.ok && !form.create && !form.update)
    out.push(at('/submit/ok', "submit.ok reads the save call's reply, but the form has no create or update"));
  const editable = new Set((form.fields ?? []).map((f) => (typeof f === 'string' ? f : f.field)));
  form.details?.fields.forEach((d, i) => {
    if (editable.has(d.field))
      out.push(at(`/details/fields/${i}/field`, `"${d.field}" is one of the form's fields; details are read-only`));
  });
  return out;
}

export const checkFormDialogs: Check = ({ catalogue }) =>
  Object.values(catalogue.screens).flatMap((screen) =>
    screen.kind === 'form' ? [...actionProblems(catalogue, screen as Form), ...ownProblems(screen as Form)] : [],
  );
