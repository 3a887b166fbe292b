// Cell renderer `changes` (an import's row, docs/adr/0141-import-with-preview-screen.md): why the row
// is refused, else each field it changes as "label: from → to" (a list value joined by ";").
import type { CellProps } from './types.ts';

interface Change {
  label: string;
  from: unknown;
  to: unknown;
}

const show = (value: unknown) => (Array.isArray(value) ? value.join(';') : String(value ?? ''));

export default function ChangesCell({ row }: CellProps) {
  if (typeof row.error === 'string') return <>{row.error}</>;
  const changes = Array.isArray(row.changes) ? (row.changes as Change[]) : [];
  return <>{changes.map((c) => `${c.label}: ${show(c.from)} → ${show(c.to)}`).join('; ')}</>;
}
