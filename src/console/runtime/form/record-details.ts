// What a form's `details` show of a record (docs/adr/0155-record-views-and-command-forms.md):
// each field's title and its value as text — its `x-labels` label, or the value itself — unless a cell
// renderer draws it; an empty value says the field's `empty` label, else a dash.
import type { JsonSchema, RecordDetails } from '../../../core/catalogue/types.ts';

export interface DetailLine {
  field: string;
  title: string;
  /** Text to show, or null when the renderer draws the value. */
  text: string | null;
  render?: string;
  note?: string;
  schema: JsonSchema;
  value: unknown;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

export function detailLines(
  details: RecordDetails,
  properties: Record<string, JsonSchema>,
  record: Record<string, unknown>,
  t: (key: string) => string,
): DetailLine[] {
  return details.fields.map(({ field, render, empty, note }) => {
    const schema = properties[field] ?? {};
    const value = record[field];
    const labels = (schema['x-labels'] ?? {}) as Record<string, string>;
    const title = typeof schema.title === 'string' ? t(schema.title) : field;
    const line = { field, title, note, schema, value };
    if (isEmpty(value)) return { ...line, text: empty ? t(empty) : '—' };
    if (render) return { ...line, text: null, render };
    const key = labels[String(value)];
    return { ...line, text: key ? t(key) : typeof value === 'object' ? JSON.stringify(value) : String(value) };
  });
}
