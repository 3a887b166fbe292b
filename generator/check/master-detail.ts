// Check: a master-detail screen (docs/adr/0152-master-detail-screen-kind.md) reads its master with
// route args and fixed query values the call has, and its detail is a screen that reads the choice
// (a list's `sourceArgs` naming `master.param`). A `pick: users` action is a list's toolbar action; an
// action's `ids` is a body field of its call and needs ids to send (a required selection or a pick);
// `done` is said of such ids, or of a list's row action's one row (docs/adr/0180-row-action-done.md).
import type { ActionDef, MasterDetailScreen, ScreenDef } from '../../src/core/catalogue/types.ts';
import { callArgsProblems } from './call-args.ts';
import type { Check, Problem } from './problem.ts';

type Catalogue = Parameters<Check>[0]['catalogue'];
type At = (part: string) => { file: string; pointer: string };

function masterProblems(catalogue: Catalogue, s: MasterDetailScreen, at: At): Problem[] {
  const { master, detail } = s;
  const fixed = Object.fromEntries(Object.keys(master.query ?? {}).map((name) => [name, name]));
  const problems = [
    ...(master.args ? callArgsProblems(catalogue, master.call, master.args, at('/master/args')) : []),
    ...callArgsProblems(catalogue, master.call, { query: fixed }, at('/master'), ['query']),
  ];
  const shown = catalogue.screens[detail.screen];
  if (shown?.kind === 'master-detail' || shown?.kind === 'plugin')
    problems.push({ ...at('/detail/screen'), message: `the detail "${detail.screen}" is a ${shown.kind} screen` });
  if (shown?.kind === 'list') {
    const read = Object.values(shown.sourceArgs ?? {}).flatMap((map) => Object.values(map ?? {}));
    if (!read.includes(master.param))
      problems.push({
        ...at('/detail/screen'),
        message: `the detail "${detail.screen}" never reads the choice: its sourceArgs name no "${master.param}"`,
      });
  }
  return problems;
}

/** `place`: a list's toolbar, a list's rows, or a form screen's buttons. */
function actionProblems(
  catalogue: Catalogue,
  actions: ActionDef[] | undefined,
  place: 'toolbar' | 'row' | 'form',
  at: At,
): Problem[] {
  return (actions ?? []).flatMap((a, i) => {
    const where = (part: string) => at(`/${i}/${part}`);
    const out: Problem[] = [];
    if (a.pick && place !== 'toolbar')
      out.push({ ...where('pick'), message: `"${a.id}": pick opens the picker from a list's toolbar only` });
    const sendsIds = a.pick !== undefined || a.selection === 'required';
    if (a.ids && a.call) out.push(...callArgsProblems(catalogue, a.call, { body: { [a.ids]: a.ids } }, where('ids')));
    if (a.ids && !sendsIds)
      out.push({ ...where('ids'), message: `"${a.id}": ids needs ids to send (selection: required or pick)` });
    if (a.done && !sendsIds && place !== 'row')
      out.push({ ...where('done'), message: `"${a.id}": done counts ids (selection: required or pick, or a row's)` });
    return out;
  });
}

function screenProblems(catalogue: Catalogue, s: ScreenDef): Problem[] {
  const { file, pointer } = s.origin;
  const at = (base: string) => (part: string) => ({ file, pointer: `${pointer}${base}${part}` });
  if (s.kind === 'master-detail') return masterProblems(catalogue, s, at(''));
  if (s.kind === 'list')
    return [
      ...actionProblems(catalogue, s.actions, 'toolbar', at('/actions')),
      ...actionProblems(catalogue, s.rowActions, 'row', at('/rowActions')),
    ];
  if (s.kind === 'form') return actionProblems(catalogue, s.actions, 'form', at('/actions'));
  return [];
}

export const checkMasterDetail: Check = ({ catalogue }) =>
  Object.values(catalogue.screens).flatMap((s) => screenProblems(catalogue, s));
