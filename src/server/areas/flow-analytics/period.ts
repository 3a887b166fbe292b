// Where a dashboard period starts (D47): since midnight, Monday 00:00, the 1st or 1 January, in the
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

/** The period's days (local midnights from `since`) that ended at least `endedMs` before `now`, and
 *  where the rest of the period begins. */
export function pastDays(since: Date, now: Date, endedMs: number): { past: Date[]; live: Date } {
  const past: Date[] = [];
  let day = since;
  for (;;) {
    const next = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
    if (next.getTime() > now.getTime() - endedMs) return { past, live: day };
    past.push(day);
    day = next;
  }
}
