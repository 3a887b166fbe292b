// A list's detail in the URL: the route query `param` names the row shown (its key, or the row field
// `value`), and `with` sets further names from the row's fields beside it (the instance's application
// and process, docs/adr/0157-task-runtime-in-yaml.md); showing the same row again (all its values the
// same: two of one instance's tasks are two rows, docs/adr/0255-runtime-actions-name-the-task.md), or
// Close, clears them all.
import type { ListScreen } from '../../../core/catalogue/types.ts';
import type { Row } from '../screen-types.ts';

export type ListDetailDef = NonNullable<ListScreen['detail']>;

/** The URL with the row's detail shown (its `param` and `with` values), or hidden when it is the one shown. */
export function toggleDetail(now: URLSearchParams, detail: ListDetailDef, row: Row, rowId: string): URLSearchParams {
  const next = new URLSearchParams(now);
  const value = detail.value === undefined ? rowId : String(row[detail.value] ?? '');
  const values: Record<string, string> = { [detail.param]: value };
  for (const [name, field] of Object.entries(detail.with ?? {})) values[name] = String(row[field] ?? '');
  const shown = Object.entries(values).every(([name, v]) => (next.get(name) ?? '') === v);
  for (const [name, v] of Object.entries(values))
    if (shown || v === '') next.delete(name);
    else next.set(name, v);
  return next;
}

/** The URL without the list's detail (its Close button). */
export function hideDetail(now: URLSearchParams, detail: ListDetailDef): URLSearchParams {
  const next = new URLSearchParams(now);
  for (const name of [detail.param, ...Object.keys(detail.with ?? {})]) next.delete(name);
  return next;
}
