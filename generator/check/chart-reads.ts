// Check: a charts screen (docs/adr/0133-charts-screen-kind.md) names only reads it declares — a panel's,
// a note's or a control's `from.read` — and its reads' route context names parts their calls have.
import type { ChartsScreen, ScreenDef } from '../../src/core/catalogue/types.ts';
import { callArgsProblems } from './call-args.ts';
import type { Check, Problem } from './problem.ts';

/** Each place the screen names a read, by pointer. */
function readNames(s: ChartsScreen): Array<[string, string]> {
  return [
    ...(s.controls ?? []).flatMap((c, i): Array<[string, string]> =>
      c.from ? [[c.from.read, `/controls/${i}/from/read`]] : [],
    ),
    ...(s.notes ?? []).flatMap((n, i) => n.reads.map((read, j): [string, string] => [read, `/notes/${i}/reads/${j}`])),
    ...s.panels.map((p, i): [string, string] => [p.read, `/panels/${i}/read`]),
  ];
}

export const checkChartReads: Check = ({ catalogue }) =>
  Object.values(catalogue.screens)
    .filter((s): s is ScreenDef & ChartsScreen => s.kind === 'charts')
    .flatMap((s): Problem[] => {
      const { file, pointer } = s.origin;
      const unknown = readNames(s)
        .filter(([name]) => !Object.hasOwn(s.reads, name))
        .map(([name, at]) => ({ file, pointer: `${pointer}${at}`, message: `unknown read "${name}" (not in reads)` }));
      const args = Object.entries(s.reads).flatMap(([name, read]) =>
        read.args
          ? callArgsProblems(catalogue, read.call, read.args, { file, pointer: `${pointer}/reads/${name}/args` })
          : [],
      );
      return [...unknown, ...args];
    });
