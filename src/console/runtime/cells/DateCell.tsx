// Cell renderer `date`: an ISO date or epoch value shown as YYYY-MM-DD HH:mm:ss (spec display format).
import type { CellProps } from './types.ts';
import { formatDateTime } from './date-time.ts';

export default function DateCell({ value }: CellProps) {
  return <span>{formatDateTime(value)}</span>;
}
