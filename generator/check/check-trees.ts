// Check: the new parts of docs/adr/0153-check-trees-and-pick-lists.md. A check-trees screen's reads and
// save fill only parts their calls have, and each tree's `body` is a body field of the save call; a
// picking list has a `detail` (what its picked row shows); acting on the picked row (a toolbar `form`
// with `selection: required`, `rowDisabled`) is a picking list's; a `user` chart control's `tenant`
// names another control's choice.
import type { ActionDef, CheckTreesScreen, ScreenDef } from '../../src/core/catalogue/types.ts';
import { callArgsProblems } from './call-args.ts';
import type { Check, Problem } from './problem.ts';

type Catalogue = Parameters<Check>[0]['catalogue'];

function checkTreesProblems(catalogue: Catalogue, s: ScreenDef & CheckTreesScreen): Problem[] {
  const { file, pointer } = s.origin;
  const at = (part: string) => ({ file, pointer: `${pointer}${part}` });
  return [
    ...s.trees.flatMap((tree, i) => [
      ...(tree.read.args
        ? callArgsProblems(catalogue, tree.read.call, tree.read.args, at(`/trees/${i}/read/args`))
        : []),
      ...callArgsProblems(catalogue, s.save.call, { body: { [tree.body]: tree.body } }, at(`/trees/${i}/body`)),
    ]),
    ...(s.save.args ? callArgsProblems(catalogue, s.save.call, s.save.args, at('/save/args')) : []),
  ];
}

function pickProblems(s: ScreenDef): Problem[] {
  if (s.kind !== 'list') return [];
  const problem = (where: string, message: string): Problem => ({
    file: s.origin.file,
    pointer: `${s.origin.pointer}${where}`,
    message,
  });
  const out: Problem[] = [];
  if (s.pick && !s.detail) out.push(problem('/pick', 'a picking list needs a detail (what the picked row shows)'));
  const onPicked = (a: ActionDef) => a.rowDisabled || (a.form && a.selection === 'required');
  (s.actions ?? []).forEach((a, i) => {
    if (!s.pick && onPicked(a))
      out.push(problem(`/actions/${i}`, `"${a.id}" acts on a picked row: only a list with pick has one`));
    if (a.rowDisabled && a.selection !== 'required')
      out.push(problem(`/actions/${i}/rowDisabled`, `"${a.id}" acts on no row: rowDisabled needs selection: required`));
  });
  (s.rowActions ?? []).forEach((a, i) => {
    if (a.rowDisabled) out.push(problem(`/rowActions/${i}/rowDisabled`, "rowDisabled is for a picking list's actions"));
  });
  return out;
}

function chartUserProblems(s: ScreenDef): Problem[] {
  if (s.kind !== 'charts') return [];
  const params = (s.controls ?? []).map((c) => c.param);
  return (s.controls ?? []).flatMap((c, i): Problem[] =>
    c.tenant !== undefined && (c.style !== 'user' || !params.includes(c.tenant) || c.tenant === c.param)
      ? [
          {
            file: s.origin.file,
            pointer: `${s.origin.pointer}/controls/${i}/tenant`,
            message: `tenant "${c.tenant}" must name another control's param, on a user control`,
          },
        ]
      : [],
  );
}

export const checkPickAndTrees: Check = ({ catalogue }) =>
  Object.values(catalogue.screens).flatMap((s) => [
    ...(s.kind === 'checktrees' ? checkTreesProblems(catalogue, s as ScreenDef & CheckTreesScreen) : []),
    ...pickProblems(s),
    ...chartUserProblems(s),
  ]);
