// Where a dashboard period starts (docs/adr/0047-workflow-dashboard-figures.md): since midnight, Monday 00:00, the 1st or 1 January, in the
// server's time zone (the zone its clock reads in, as the console's dates are shown).
export type Period = 'today' | 'thisweek' | 'thismonth' | 'thisyear';

export function periodStart(period: Period, now = new Date()): Date {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  switch (period) {
    case 'today':
      return day;
    case 'thisweek':
      // getDay(): Sunday 0 … Saturday 6; the week starts on Monday.
      return new Date(day.getFullYear(), day.getMonth(), day.getDate() - ((day.getDay() + 6) % 7));
    case 'thismonth':
      return new Date(now.getFullYear(), now.getMonth(), 1);
    case 'thisyear':
      return new Date(now.getFullYear(), 0, 1);
  }
}

/** The period's days (local midnight to local midnight, from `since`) that ended at least `endedMs`
 *  before `now`, and where the rest of the period begins. */
export function pastDays(
  since: Date,
  now: Date,
  endedMs: number,
): { past: Array<{ start: Date; end: Date }>; live: Date } {
  const past: Array<{ start: Date; end: Date }> = [];
  let start = since;
  for (;;) {
    const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
    if (end.getTime() > now.getTime() - endedMs) return { past, live: start };
    past.push({ start, end });
    start = end;
  }
}
