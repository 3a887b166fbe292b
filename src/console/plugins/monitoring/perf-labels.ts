// The performance monitor's words in the console's language: JAMon's column names and the panel's
// option values stay the server's (they are the spec's and the files'), the panel shows their labels.
import type { TFunction } from 'i18next';

const RANGE = /^(\d+)_(\d+)ms\.$/;
const RANGE_OVER = /^(\d+)_max ms\.$/;

/** A column's header: JAMon's name (Label, Hits, …, Enabled) or a time range ("10_20ms.", "20480_max ms."). */
export function columnLabel(t: TFunction, name: string): string {
  const range = RANGE.exec(name);
  if (range) return t('monitor.perf.column.range', { from: range[1], to: range[2] });
  const over = RANGE_OVER.exec(name);
  if (over) return t('monitor.perf.column.rangeOver', { from: over[1] });
  return t(`monitor.perf.column.${name}`, { defaultValue: name });
}

/** An option's label key: a cell format by its decimals (f0…f4), any other value in lower camel case. */
export function optionKey(value: string): string {
  if (value.startsWith('#')) return `monitor.perf.option.f${value.split('.')[1]?.length ?? 0}`;
  const words = value
    .replace(/[^A-Za-z0-9 ]/g, '')
    .split(' ')
    .filter(Boolean);
  const camel = words
    .map((w, i) => (i === 0 ? w[0].toLowerCase() + w.slice(1) : w[0].toUpperCase() + w.slice(1)))
    .join('');
  return `monitor.perf.option.${camel}`;
}
