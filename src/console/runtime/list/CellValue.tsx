// One value of a row as a column shows it: its registered renderer, an x-labels label, or plain text.
import { useTranslation } from 'react-i18next';
import type { Renderers } from '../cells/useCellRenderers.ts';
import type { Row } from '../screen-types.ts';
import type { ResolvedColumn } from './useListController.ts';

export function CellValue({ column, row, renderers }: { column: ResolvedColumn; row: Row; renderers: Renderers }) {
  const { t } = useTranslation();
  const value = row[column.field];
  const Renderer = column.render ? renderers[column.render] : undefined;
  if (Renderer) return <Renderer value={value} row={row} schema={column.schema} />;
  const labels = column.schema['x-labels'] as Record<string, string> | undefined;
  if (labels && labels[String(value)]) return <>{t(labels[String(value)])}</>;
  return <>{plainText(value)}</>;
}

/** A list reads as its items joined by commas, an object as its values joined by spaces (an
 *  operation's method and path); a missing value as nothing. */
function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(plainText).join(', ');
  if (typeof value === 'object') return Object.values(value).map(plainText).join(' ');
  return String(value);
}
