// Time ranges of a working day ("09:00"–"12:00"), checked the same way by the console and the server:
// HH:mm (an end may be 24:00, the end of the day), start before end, no two ranges overlapping.

export interface TimeRange {
  start: string;
  end: string;
}

export interface RangeProblem {
  /** Index of the range in its list. */
  index: number;
  /** A label key (calendar.msg.*). */
  message: string;
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since midnight; NaN when the text is not HH:mm (24:00 only where `end` allows it). */
export function minutesOf(text: string, end = false): number {
  if (end && text === '24:00') return 24 * 60;
  if (!HH_MM.test(text)) return Number.NaN;
  return Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
}

/** Every problem of a list of ranges, in order; an empty list is fine (a free day). */
export function rangeProblems(ranges: readonly TimeRange[]): RangeProblem[] {
  const problems: RangeProblem[] = [];
  const valid: Array<{ index: number; from: number; to: number }> = [];
  ranges.forEach((range, index) => {
    const from = minutesOf(range.start);
    const to = minutesOf(range.end, true);
    if (Number.isNaN(from) || Number.isNaN(to)) problems.push({ index, message: 'calendar.msg.timeFormat' });
    else if (from >= to) problems.push({ index, message: 'calendar.msg.startBeforeEnd' });
    else valid.push({ index, from, to });
  });
  const sorted = [...valid].sort((a, b) => a.from - b.from);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].from < sorted[i - 1].to)
      problems.push({ index: Math.max(sorted[i].index, sorted[i - 1].index), message: 'calendar.msg.rangesOverlap' });
  }
  return problems.sort((a, b) => a.index - b.index);
}

/** The ranges as [from, to) minute pairs, sorted; assumes rangeProblems found nothing. */
export function minuteSpans(ranges: readonly TimeRange[]): Array<[number, number]> {
  return ranges.map((r): [number, number] => [minutesOf(r.start), minutesOf(r.end, true)]).sort((a, b) => a[0] - b[0]);
}
