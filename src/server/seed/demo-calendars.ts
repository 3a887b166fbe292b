// Each demo enterprise's default work calendar (docs/adr/0055-work-calendars.md): "Standard", Monday to Friday 09:00–12:00 and
// 13:00–18:00 in Shanghai time, with the 2026 public holidays and one extra working day.
import { randomUUID } from 'node:crypto';
import { standardWeek } from '../../core/calendar/work-calendar.ts';
import type { Insertable } from 'kysely';
import type { CalendarSpecialDays, Db } from '../db/schema.ts';

const HOLIDAYS_2026: Array<[string, string, string]> = [
  ['2026-01-01', '2026-01-01', "New Year's Day"],
  ['2026-02-16', '2026-02-22', 'Spring Festival'],
  ['2026-04-04', '2026-04-06', 'Qingming Festival'],
  ['2026-05-01', '2026-05-05', 'Labour Day'],
  ['2026-10-01', '2026-10-07', 'National Day'],
];

export async function seedDemoCalendars(trx: Db, domains: ReadonlyMap<string, string>): Promise<void> {
  for (const domainId of domains.values()) {
    const id = randomUUID();
    await trx
      .insertInto('work_calendars')
      .values({
        id,
        domain_id: domainId,
        name: 'Standard',
        time_zone: 'Asia/Shanghai',
        week: JSON.stringify(standardWeek()),
        is_default: true,
      })
      .execute();
    const days: Array<Insertable<CalendarSpecialDays>> = HOLIDAYS_2026.map(([start, end, name]) => ({
      id: randomUUID(),
      calendar_id: id,
      start_date: start,
      end_date: end,
      kind: 'holiday',
      name,
      ranges: '[]',
    }));
    days.push({
      id: randomUUID(),
      calendar_id: id,
      start_date: '2026-02-14',
      end_date: '2026-02-14',
      kind: 'workday',
      name: 'Spring Festival make-up day',
      ranges: JSON.stringify(standardWeek()[0].ranges),
    });
    await trx.insertInto('calendar_special_days').values(days).execute();
  }
}
