// Cell renderer `date`: an ISO date or epoch value shown as YYYY-MM-DD HH:mm:ss (spec display format).
import type { CellProps } from './types.ts';

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(typeof value === 'number' ? value : String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export default function DateCell({ value }: CellProps) {
  return <span>{formatDateTime(value)}</span>;
}
