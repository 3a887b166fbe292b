// Work calendars (domain spec §7 "Calendars", D55): every handler of the area, keyed by call id.
import type { Handler } from '../handler.ts';
import { calendarCalls } from './calendars.ts';
import { dayCalls } from './days.ts';
import { exportIcs } from './export-ics.ts';
import { importIcs } from './import-ics.ts';

export const calendarHandlers: Record<string, Handler> = { ...calendarCalls, ...dayCalls, 'calendars.importIcs': importIcs, 'calendars.exportIcs': exportIcs };
