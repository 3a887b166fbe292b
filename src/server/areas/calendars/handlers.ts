// Work calendars (spec/domain-console.md, "The calls it makes" (Calendars), docs/adr/0055-work-calendars.md): every handler of the area, keyed by call id.
import type { Handler } from '../handler.ts';
import { calendarCalls } from './calendars.ts';
import { dayCalls } from './days.ts';
import { exportIcs } from './export-ics.ts';
import { importIcs } from './import-ics.ts';

export const calendarHandlers: Record<string, Handler> = {
  ...calendarCalls,
  ...dayCalls,
  'calendars.importIcs': importIcs,
  'calendars.exportIcs': exportIcs,
};
