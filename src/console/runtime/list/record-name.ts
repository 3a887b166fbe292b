// What a list calls one of its records when it speaks of it (confirmations, the delete control's
// name): the card's title field, else the first column's value.
import type { ListScreenDef, Row } from '../screen-types.ts';

export function recordName(screen: Pick<ListScreenDef, 'card' | 'columns'>, row: Row | undefined): string | undefined {
  if (!row) return undefined;
  const value = row[screen.card?.title ?? screen.columns[0]?.field ?? ''];
  return value === undefined || value === null || value === '' ? undefined : String(value);
}
