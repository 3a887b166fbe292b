// Check: import screens (docs/adr/0141-import-with-preview-screen.md) are opened by actions only — an
// action's `import` names one, and no route or tab names one — and the call parts they fill (`file`,
// `mode`, `args`) exist on their call, and a list's `keyLabel` names labels.
import type { ActionDef, Catalogue, ImportScreen, ScreenDef } from '../../src/core/catalogue/types.ts';
import { callArgsProblems } from './call-args.ts';
import type { Check, Problem } from './problem.ts';

const isImport = (s: ScreenDef | undefined): s is ScreenDef & ImportScreen => s?.kind === 'import';

function actionsOf(s: ScreenDef): Array<[ActionDef, string]> {
  if (s.kind !== 'list' && s.kind !== 'form') return [];
  const rows = s.kind === 'list' ? (s.rowActions ?? []) : [];
  return [
    ...(s.actions ?? []).map((a, i): [ActionDef, string] => [a, `/actions/${i}/import`]),
    ...rows.map((a, i): [ActionDef, string] => [a, `/rowActions/${i}/import`]),
  ];
}

/** The named part of the call (`body.path`, `query.mode`) as a route mapping callArgsProblems checks. */
const partArgs = (ref: string) => {
  const [part, name] = ref.split('.');
  return { [part]: { [name]: name } };
};

/** A list's `keyLabel` names a group of labels (docs/adr/0151-small-dialog-patterns.md). */
function keyLabelProblems(catalogue: Catalogue, s: ScreenDef & ImportScreen): Problem[] {
  const keys = Object.keys(catalogue.labels.en ?? {});
  return (['preview', 'result'] as const).flatMap((part) =>
    (s[part]?.lists ?? []).flatMap((list, i) =>
      list.keyLabel && !keys.some((k) => k.startsWith(`${list.keyLabel}.`))
        ? [
            {
              file: s.origin.file,
              pointer: `${s.origin.pointer}/${part}/lists/${i}/keyLabel`,
              message: `no label starts with "${list.keyLabel}."`,
            },
          ]
        : [],
    ),
  );
}

function screenProblems(catalogue: Catalogue, s: ScreenDef & ImportScreen): Problem[] {
  const { file, pointer } = s.origin;
  return [
    ...keyLabelProblems(catalogue, s),
    ...(s.args ? callArgsProblems(catalogue, s.call, s.args, { file, pointer: `${pointer}/args` }) : []),
    ...callArgsProblems(catalogue, s.call, partArgs(s.file), { file, pointer: `${pointer}/file` }),
    ...(s.mode ? callArgsProblems(catalogue, s.call, partArgs(s.mode), { file, pointer: `${pointer}/mode` }) : []),
  ];
}

export const checkImportScreens: Check = ({ catalogue }) => {
  const screens = Object.values(catalogue.screens);
  const opened = screens.flatMap((s) =>
    actionsOf(s)
      .filter(([a]) => a.import !== undefined && !isImport(catalogue.screens[a.import]))
      .map(([a, at]) => ({
        file: s.origin.file,
        pointer: `${s.origin.pointer}${at}`,
        message: `"${a.import}" is not an import screen`,
      })),
  );
  const routed = catalogue.routes
    .filter((r) => r.screen && isImport(catalogue.screens[r.screen]))
    .map((r) => ({ ...r.origin, message: `an import screen opens from an action (import:), not a route` }));
  const tabbed = screens.flatMap((s) =>
    s.kind === 'form' || s.kind === 'tabs'
      ? (s.tabs ?? []).flatMap((t, i) =>
          t.screen && isImport(catalogue.screens[t.screen])
            ? [
                {
                  file: s.origin.file,
                  pointer: `${s.origin.pointer}/tabs/${i}/screen`,
                  message: 'an import screen opens from an action (import:), not a tab',
                },
              ]
            : [],
        )
      : [],
  );
  return [...opened, ...routed, ...tabbed, ...screens.filter(isImport).flatMap((s) => screenProblems(catalogue, s))];
};
