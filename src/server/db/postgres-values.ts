// How values cross to and from PostgreSQL on the postgres.js driver, kept as the code has always seen
// them: every parameter leaves as text in node-postgres' encoding (the server infers its type, as for
// an untyped parameter), and results come back as node-postgres gave them (int8 as a number, dates as
// Date objects, json parsed). postgres.js would otherwise encode a parameter by the type the server
// describes (a `bool` from the string 'true' becomes false, a JSON text sent to `jsonb` is quoted again).
import type postgres from 'postgres';

/** A parameter as node-postgres sends it: null, bytes, or text. */
export function toParameter(value: unknown): string | Buffer | null {
  if (value == null) return null;
  if (typeof value !== 'object') return String(value);
  if (value instanceof Buffer) return value;
  if (ArrayBuffer.isView(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof Date) return localTimestamp(value);
  if (Array.isArray(value)) return arrayLiteral(value);
  return JSON.stringify(value);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The moment in the process's time zone with its offset, as node-postgres writes a Date. */
function localTimestamp(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const abs = Math.abs(offset);
  const year = date.getFullYear();
  const text =
    `${pad(Math.abs(year) + (year < 1 ? 1 : 0), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}` +
    `${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return year < 1 ? `${text} BC` : text;
}

/** A JS array as a PostgreSQL array literal (nested arrays nest, null is NULL). */
function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((item) => {
    if (item == null) return 'NULL';
    if (Array.isArray(item)) return arrayLiteral(item);
    const text = toParameter(item);
    if (Buffer.isBuffer(text)) return `\\\\x${text.toString('hex')}`;
    return `"${(text as string).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

/** Parameters arrive as text already; bytes are written as bytea's hex text. */
const asText = (value: unknown) => (Buffer.isBuffer(value) ? `\\x${value.toString('hex')}` : value);

/** A type whose results `parse` reads and whose parameters pass as they are. */
const type = (from: number[], parse: (raw: string) => unknown): postgres.PostgresType => ({
  to: from[0],
  from,
  serialize: asText,
  parse,
});

/** A `date` at local midnight, a timestamp as the moment it says (a timestamp without zone in local time). */
const parseDate = (raw: string) => {
  const day = /^(\d{4,})-(\d\d)-(\d\d)$/.exec(raw);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(raw);
};

/** Every type postgres.js encodes or decodes by default, with node-postgres' results. */
export const postgresTypes: Record<string, postgres.PostgresType> = {
  int8: type([20], Number),
  number: type([21, 23, 26, 700, 701], Number),
  boolean: type([16], (raw) => raw === 't'),
  json: type([114, 3802], (raw) => JSON.parse(raw) as unknown),
  date: type([1082, 1114, 1184], parseDate),
  bytea: type([17], (raw) => Buffer.from(raw.slice(2), 'hex')),
};
