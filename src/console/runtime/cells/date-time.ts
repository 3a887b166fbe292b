// The spec's display format for a date and time, YYYY-MM-DD HH:mm:ss, shared by the `date` cell, labels'
// `{{value, datetime}}` and the screens that print a time; apart from DateCell so that importing it
// does not pull the cell into the first load.
const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date or epoch value in the local time zone; what cannot be read is shown as given. */
export function formatDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(typeof value === 'number' ? value : String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
