// A value in a call's answer by the dotted path a charts screen names (docs/adr/0133-charts-screen-kind.md):
// `samples`, `resultFields.0`, and `groupColumns.columnName=FLOWNAME.value`, where `name=VALUE` picks
// the element of an array whose `name` is VALUE (the spec's rows name their columns that way).

export function valueAt(from: unknown, path: string | undefined): unknown {
  if (!path) return from;
  let node = from;
  for (const segment of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    const [name, wanted] = segment.split('=');
    node =
      wanted !== undefined && Array.isArray(node)
        ? node.find((item) => (item as Record<string, unknown> | null)?.[name] === wanted)
        : (node as Record<string, unknown>)[name];
  }
  return node;
}

/** The rows at a path of an answer: an array there, else none. */
export function rowsAt(from: unknown, path: string | undefined): unknown[] {
  const rows = valueAt(from, path);
  return Array.isArray(rows) ? rows : [];
}

/** A value as text for a cell, an axis or a label. */
export function textAt(from: unknown, path: string | undefined): string {
  const value = valueAt(from, path);
  return value === undefined || value === null ? '' : String(value);
}

/** A value as a number for a series (a missing figure is no point, not zero). */
export function numberAt(from: unknown, path: string): number | null {
  const value = valueAt(from, path);
  return value === undefined || value === null || value === '' ? null : Number(value);
}
