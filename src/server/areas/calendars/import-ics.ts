// POST /domain/calendar/{id}/specialdays/import?mode=preview|commit (docs/adr/0055-work-calendars.md): the exception days of an
// iCalendar file uploaded for the calendar's enterprise (use calendarImport). The preview says what a
// commit would add (new, or already there with the same dates), nothing written; the commit adds the new
// ones as holidays in one transaction. Both read the file again, so what is saved is what the file says.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../http/app-error.ts';
import type { AppServices } from '../../services.ts';
import { inside, SAFE_FILE_NAME, yearFolder } from '../uploads/upload-folders.ts';
import { requireUser, type CallHandler } from '../handler.ts';
import { calendarAccess } from './access.ts';
import type { IcsReading } from './ics-days.ts';
import { readIcsOffLoop } from './read-ics.ts';

function uploadedFile(services: Pick<AppServices, 'dataDir'>, domainId: string, url: string): string {
  const match = /^\/uploads\/domains\/([^/]+)\/(\d{4})\/calendarImport\/([^/]+)$/.exec(url.split(/[?#]/)[0]);
  if (!match || match[1] !== domainId || !SAFE_FILE_NAME.test(match[3]))
    throw new AppError('validation', undefined, 'calendar.ics.badPath', '/path');
  const file = inside(yearFolder(services, { kind: 'domain', domainId }, Number(match[2]), 'calendarImport'), match[3]);
  if (!existsSync(file)) throw new AppError('notFound', undefined, 'calendar.ics.missing', '/path');
  return file;
}

/** The file's days in the import's window: last year to two years ahead. */
async function reading(file: string): Promise<IcsReading> {
  const year = new Date().getUTCFullYear();
  return readIcsOffLoop(await readFile(file, 'utf8'), { from: year - 1, to: year + 2 });
}

export const importIcs: CallHandler<'calendars.importIcs'> = async (ctx) => {
  const { db } = ctx.services;
  const calendar = await calendarAccess(db, requireUser(ctx), ctx.params.id, 'write');
  const { days, refused } = await reading(uploadedFile(ctx.services, calendar.domain_id, ctx.body.path));
  const mode = ctx.query.mode ?? 'preview';
  return db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom('calendar_special_days')
      .select(['start_date', 'end_date'])
      .where('calendar_id', '=', calendar.id)
      .where('kind', '=', 'holiday')
      .forUpdate()
      .execute();
    const known = new Set(stored.map((d) => `${d.start_date}/${d.end_date}`));
    const rows = days.map((d) => {
      const key = `${d.startDate}/${d.endDate}`;
      const status = known.has(key) ? ('exists' as const) : ('new' as const);
      known.add(key);
      return { ...d, status };
    });
    const added = rows.filter((r) => r.status === 'new');
    if (mode === 'commit' && added.length > 0) {
      await trx
        .insertInto('calendar_special_days')
        .values(
          added.map((d) => ({
            id: randomUUID(),
            calendar_id: calendar.id,
            start_date: d.startDate,
            end_date: d.endDate,
            kind: 'holiday' as const,
            name: d.name,
            ranges: '[]',
          })),
        )
        .execute();
    }
    // The counts a preview says (docs/adr/0155-record-views-and-command-forms.md).
    const counts = { new: added.length, exists: rows.length - added.length, refused: refused.length };
    return { mode, days: rows, refused, counts, created: mode === 'commit' ? added.length : 0 };
  });
};
