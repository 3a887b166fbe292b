// The text of an uploaded iCalendar file made readable by ical.js, reading liberally what common
// writers produce (0085-calendar-file-bounds.md): a UTF-8 byte-order mark, and dates written without
// VALUE=DATE (python's icalendar writes `EXDATE:20260601`), which ical.js would read as a broken
// date-time and so refuse the whole file.
const BOM = /^\uFEFF/;
/** A folded line goes on after a line break and one space or tab (RFC 5545 §3.1). */
const FOLD = /\r?\n[ \t]/g;
/** A date property whose values are all bare dates and whose parameters name no value type. */
const BARE_DATES =
  /^(DTSTART|DTEND|EXDATE|RECURRENCE-ID)((?:;(?![^:\r\n]*VALUE=)[^:\r\n]*)?):(\d{8}(?:,\d{8})*)[ \t]*$/gim;

export function leniently(text: string): string {
  return text.replace(BOM, '').replace(FOLD, '').replace(BARE_DATES, '$1$2;VALUE=DATE:$3');
}
