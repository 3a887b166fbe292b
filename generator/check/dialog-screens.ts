// Check: dialog screens (kinds checklist, job, rows and record, docs/adr/0154-dialog-screen-kinds.md) are opened by a
// list action's `dialog:` only — no route, tab or form action names one — and the call parts their
// `args`, a checklist's `save.as`, a rows screen's `save.body` and a record screen's shown fields
// (its switches and users) name exist on their calls: body fields of the save call.
import { DIALOG_SCREEN_KINDS } from '../../src/core/catalogue/dialog-screens.ts';
import type { Catalogue, DialogCall, ScreenDef } from '../../src/core/catalogue/types.ts';
import { callArgsProblems } from './call-args.ts';
import type { Check, Problem } from './problem.ts';

const isDialogScreen = (s: ScreenDef | undefined) => s !== undefined && DIALOG_SCREEN_KINDS.has(s.kind);

function callsOf(s: ScreenDef): Array<[DialogCall, string]> {
  if (s.kind === 'checklist')
    return [
      [s.read, '/read'],
      [s.save, '/save'],
    ];
  if (s.kind === 'job')
    return [
      [s.status, '/status'],
      [s.start, '/start'],
    ];
  if (s.kind === 'record')
    return [
      [s.read, '/read'],
      [s.save, '/save'],
    ];
  if (s.kind === 'rows')
    return [
      [s.read, '/read'],
      [{ call: s.save.call, args: { ...s.save.args, body: s.save.body } }, '/save'],
    ];
  return [];
}

function screenProblems(catalogue: Catalogue, s: ScreenDef): Problem[] {
  const { file, pointer } = s.origin;
  const args = callsOf(s).flatMap(([c, at]) =>
    c.args ? callArgsProblems(catalogue, c.call, c.args, { file, pointer: `${pointer}${at}/args` }) : [],
  );
  const as =
    s.kind === 'checklist' && s.save.as
      ? callArgsProblems(
          catalogue,
          s.save.call,
          { body: { [s.save.as]: s.save.as } },
          { file, pointer: `${pointer}/save/as` },
        )
      : [];
  const shown =
    s.kind === 'record' ? [...(s.switches ?? []).map((w) => w.field), ...(s.users ? [s.users.field] : [])] : [];
  const sent = shown.length
    ? callArgsProblems(
        catalogue,
        s.kind === 'record' ? s.save.call : '',
        {
          body: Object.fromEntries(shown.map((f) => [f, f])),
        },
        { file, pointer: `${pointer}/save/fields` },
      )
    : [];
  return [...args, ...as, ...sent];
}

function openers(catalogue: Catalogue): Problem[] {
  const at = (file: string, pointer: string, message: string): Problem => ({ file, pointer, message });
  const screens = Object.values(catalogue.screens);
  const message = (id: string, by: string) => `"${id}" is a dialog screen: a list action opens it (dialog:), not ${by}`;
  const routed = catalogue.routes
    .filter((r) => r.screen && isDialogScreen(catalogue.screens[r.screen]))
    .map((r) => at(r.origin.file, r.origin.pointer, message(r.screen!, 'a route')));
  const tabbed = screens.flatMap((s) =>
    s.kind === 'form' || s.kind === 'tabs'
      ? (s.tabs ?? []).flatMap((t, i) =>
          t.screen && isDialogScreen(catalogue.screens[t.screen])
            ? [at(s.origin.file, `${s.origin.pointer}/tabs/${i}/screen`, message(t.screen, 'a tab'))]
            : [],
        )
      : [],
  );
  const fromForms = screens.flatMap((s) =>
    s.kind === 'form'
      ? (s.actions ?? []).flatMap((a, i) =>
          a.dialog && isDialogScreen(catalogue.screens[a.dialog])
            ? [at(s.origin.file, `${s.origin.pointer}/actions/${i}/dialog`, message(a.dialog, 'a form action'))]
            : [],
        )
      : [],
  );
  return [...routed, ...tabbed, ...fromForms];
}

export const checkDialogScreens: Check = ({ catalogue }) => [
  ...openers(catalogue),
  ...Object.values(catalogue.screens)
    .filter(isDialogScreen)
    .flatMap((s) => screenProblems(catalogue, s)),
];
