// The text of a panel fact said without a renderer (docs/adr/0157-task-runtime-in-yaml.md,
// docs/adr/0172-catalogue-derives-parts-facts-and-fields.md): a list joined, a label interpolated with
// the value's fields, the value's label, or the value with its aside.
import type { JoinedList, PanelFact } from '../../../core/catalogue/panel-screen.ts';

type Translate = (key: string, values?: Record<string, unknown>) => string;
type Row = Record<string, unknown>;

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** The entries of a list on one line, each as the list says, or its `empty` label. */
export function joinedText(list: JoinedList, value: unknown, t: Translate): string {
  const entries = Array.isArray(value) ? (value as unknown[]) : [];
  if (!entries.length) return list.empty ? t(list.empty) : '';
  return entries
    .map((entry) => {
      const row = (entry && typeof entry === 'object' ? entry : {}) as Row;
      if (list.item) {
        const fields = Object.keys(list.lists ?? {});
        if (list.bare && fields.length && fields.every((field) => !(row[field] as unknown[] | undefined)?.length))
          return t(list.bare, row);
        const joined = Object.fromEntries(
          Object.entries(list.lists ?? {}).map(([field, inner]) => [field, joinedText(inner, row[field], t)]),
        );
        return t(list.item, { ...row, ...joined });
      }
      return String((list.field ? row[list.field] : entry) ?? '');
    })
    .join(list.separator);
}

/** The fact's text given its value and aside (the values of its rules). */
export function factText(fact: PanelFact, value: unknown, aside: unknown, t: Translate): string {
  if (fact.join) return joinedText(fact.join, value, t);
  if (fact.say) return t(fact.say, (value && typeof value === 'object' ? value : {}) as Row);
  const label = fact.labels?.[String(value)];
  if (label) return t(label);
  const text = blank(value) ? '' : String(value);
  const more = blank(aside) ? '' : String(aside);
  if (!text) return more;
  return more && more !== text ? `${text} (${more})` : text;
}
