// What an import screen reads from an answer (docs/adr/0141-import-with-preview-screen.md): rules over
// `reply` (the call's answer) and `data` (the opener's), and the call's arguments from that data.
import type { ImportList, ImportScreen, ImportText } from '../../../core/catalogue/import-screen.ts';
import { ruleValue } from '../../../core/rules.ts';
import { countText } from '../counted-label.ts';

export type Answer = Record<string, unknown>;
export type DialogData = Record<string, unknown>;

export const valueOf = (rule: string, reply: Answer | null, data: DialogData): unknown =>
  ruleValue(rule, { reply: reply ?? {}, data });

export const rowsOf = (rule: string | undefined, reply: Answer | null, data: DialogData): Answer[] => {
  const value = rule ? valueOf(rule, reply, data) : undefined;
  return Array.isArray(value) ? (value as Answer[]) : [];
};

/** The label key and the values a text interpolates (an absent value reads as empty, never "null"). */
export function textOf(text: ImportText, reply: Answer | null, data: DialogData): [string, Answer] {
  const key = text.by ? (text.labels?.[String(valueOf(text.by, reply, data))] ?? '') : (text.label ?? '');
  const raw =
    typeof text.values === 'string'
      ? valueOf(text.values, reply, data)
      : Object.fromEntries(Object.entries(text.values ?? {}).map(([name, rule]) => [name, valueOf(rule, reply, data)]));
  const values = Object.fromEntries(
    Object.entries(raw && typeof raw === 'object' ? raw : {}).map(([name, v]) => [name, v ?? '']),
  );
  return [key, values];
}

export interface ImportRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body?: Record<string, unknown>;
}

/** The call's arguments: the declared data fields, the uploaded file's path, the mode (`extra`) and the
 *  administrator's answers to problems (`answers`, body fields). */
export function importRequest(
  screen: ImportScreen,
  data: DialogData,
  path: string,
  extra: Answer = {},
  answers: Answer = {},
): ImportRequest {
  const pick = (map: Record<string, string> | undefined) =>
    Object.fromEntries(Object.entries(map ?? {}).map(([name, field]) => [name, String(data[field] ?? '')]));
  const query: Answer = { ...pick(screen.args?.query), ...extra };
  const body: Answer = { ...pick(screen.args?.body), ...answers };
  const [part, name] = screen.file.split('.');
  (part === 'body' ? body : query)[name] = path;
  // A call taking everything in its query gets no body at all (the departments' import).
  return { params: pick(screen.args?.params), query, ...(Object.keys(body).length ? { body } : {}) };
}

/** The mode's query name (`query.mode` → `mode`), or none when the upload is committed at once. */
export const modeName = (screen: ImportScreen): string | undefined => screen.mode?.split('.')[1];

type Translate = (key: string) => string;

/** An entry's two lines: its `primary` and `secondary` fields, or a dotted key under its label. */
export function entryTexts(
  list: Pick<ImportList, 'primary' | 'secondary' | 'keyLabel' | 'secondaryLabel'>,
  entry: Answer | string,
  t: Translate,
): [string, string | undefined] {
  if (typeof entry === 'string')
    return list.keyLabel ? [t(`${list.keyLabel}.${entry.split('.').pop() ?? ''}`), entry] : [entry, undefined];
  const field = (name: string | undefined) => (name ? String(entry[name] ?? '') : undefined);
  const secondary = field(list.secondary);
  return [field(list.primary) ?? '', secondary && list.secondaryLabel ? t(secondary) : secondary];
}

/** The success line after a commit: the `done` label counted by its rule, or `none` for nothing. */
export function doneText(done: NonNullable<ImportScreen['done']>, reply: Answer, data: DialogData): string {
  const count = Number(valueOf(done.count, reply, data)) || 0;
  return countText(count === 0 && done.none ? done.none : done.label, count);
}

/** The answers given so far as the call's body fields (`into`'s name → problem field → answer), blank
 *  ones left out; none when nothing is answered. */
export function answersBody(into: string | undefined, given: Record<string, string>): Answer {
  const filled = Object.fromEntries(Object.entries(given).filter(([, value]) => value.trim() !== ''));
  if (!into || Object.keys(filled).length === 0) return {};
  return { [into.split('.')[1]]: Object.fromEntries(Object.entries(filled).map(([f, v]) => [f, v.trim()])) };
}

/** The answer field a refusal names (`/topics/<escaped problem field>`) as the problem field it answers. */
export function answeredField(into: string, errorField: string): string | undefined {
  const prefix = `/${into.split('.')[1]}/`;
  return errorField.startsWith(prefix)
    ? errorField.slice(prefix.length).replaceAll('~1', '/').replaceAll('~0', '~')
    : undefined;
}
