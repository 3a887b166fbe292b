// Check: a calendar screen (docs/adr/0150-calendar-screen-kind.md) fills only parts its calls have — the
// read's and save's route args, the month's year and month query fields, the save's body field.
import type { CalendarScreen, ScreenDef } from '../../src/core/catalogue/types.ts';
import { callArgsProblems } from './call-args.ts';
import type { Check, Problem } from './problem.ts';

const isCalendar = (s: ScreenDef): s is ScreenDef & CalendarScreen => s.kind === 'calendar';

function screenProblems(catalogue: Parameters<Check>[0]['catalogue'], s: ScreenDef & CalendarScreen): Problem[] {
  const { file, pointer } = s.origin;
  const at = (part: string) => ({ file, pointer: `${pointer}${part}` });
  const { read, period, save } = s;
  return [
    ...(read.args ? callArgsProblems(catalogue, read.call, read.args, at('/read/args')) : []),
    ...(period
      ? callArgsProblems(
          catalogue,
          read.call,
          { query: { [period.year]: period.year, [period.month]: period.month } },
          at('/period'),
        )
      : []),
    ...(save?.args ? callArgsProblems(catalogue, save.call, save.args, at('/save/args')) : []),
    ...(save ? callArgsProblems(catalogue, save.call, { body: { [save.body]: save.body } }, at('/save/body')) : []),
  ];
}

export const checkCalendarScreens: Check = ({ catalogue }) =>
  Object.values(catalogue.screens)
    .filter(isCalendar)
    .flatMap((s) => screenProblems(catalogue, s));
