// The spare columns an extension field may use: field1…field20 of each table's `ext`; the large ones
// (field8-10, field18-20) are the only ones offered to clob and upload fields (spec/domain-console.md, "Business constants and limits").
export const FOR_TABLES = ['tableUser', 'tableDept', 'tableDomain'] as const;
export type ForTable = (typeof FOR_TABLES)[number];

export const SPARE_COLUMNS = Array.from({ length: 20 }, (_, i) => `field${i + 1}`);
export const LARGE_COLUMNS = new Set(['field8', 'field9', 'field10', 'field18', 'field19', 'field20']);

/** Types that keep long text or a file path: they need a large column. */
const LARGE_TYPES = new Set(['clob', 'upload']);

/** Types whose choices come from the field's semicolon-separated options. */
export const CHOICE_TYPES = new Set(['radio', 'checkbox', 'select']);

/** The table whose `ext` holds the values of a module's fields. */
export const TABLE_OF = { tableUser: 'users', tableDept: 'departments', tableDomain: 'domains' } as const;

/**
 * The type hint of getunusefields: clob or upload offer only the large columns; any other type (or
 * none, the spec's "empty" hint) offers every free spare column.
 */
export function columnsFor(type: string | undefined): string[] {
  return LARGE_TYPES.has(type ?? '') ? SPARE_COLUMNS.filter((c) => LARGE_COLUMNS.has(c)) : SPARE_COLUMNS;
}

export function fitsColumn(type: string, column: string): boolean {
  return columnsFor(type).includes(column);
}
