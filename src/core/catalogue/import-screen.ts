// The import screen kind (docs/adr/0141-import-with-preview-screen.md): a file uploaded, sent to one
// call that first answers a preview (nothing written) and, once accepted, commits. Every value the
// dialog shows is a rule over `reply` (the call's answer) and `data` (what the opener handed over).
/** Data field names by call part (the catalogue's CallArgs shape, not imported: types.ts imports this file). */
type DataArgs = Partial<Record<'params' | 'query' | 'body', Record<string, string>>>;

/** A line of text: `label`, or the label `labels` gives the value of `by`, interpolated with `values`
 *  (one rule answering an object, or a rule per name). */
export interface ImportText {
  testId: string;
  label?: string;
  by?: string;
  labels?: Record<string, string>;
  values?: string | Record<string, string>;
}

/** A column of a table: a row field as text, its value's label (`labels`), a chip coloured by value
 *  (`colors`), or a registered cell renderer (`render`). */
export interface ImportColumn {
  label?: string;
  field?: string;
  labels?: Record<string, string>;
  colors?: Record<string, 'success' | 'info' | 'warning' | 'error' | 'default'>;
  render?: string;
  /** Said when the row field is empty (the engine where a history entry has no actor). */
  none?: string;
  /** A row field said after the value in parentheses when it has one (a job's node and its topic). */
  aside?: string;
  /** In em: a column of names keeps this room rather than putting each word on a line of its own. */
  minWidth?: number;
}

/** A button on each row of a panel's table (docs/adr/0162-table-row-actions.md): `call` made with
 *  `args` (call part → row field), after `confirm` (a label interpolated with the row) when given,
 *  `done` said after success; shown while `visible` (a rule over `row`) holds and to callers who may
 *  make the call. */
export interface TableRowAction {
  id: string;
  label: string;
  call: string;
  args?: DataArgs;
  visible?: string;
  confirm?: string;
  done?: string;
  danger?: true;
}

/** Rows of the answer (`rows`, a rule) in a table; with `paging`, further pages are read from the same
 *  call with `query` added (`page` and `lines` its page parameters), `count` rows in all — and without
 *  `rows` the first page is read that way too. */
export interface ImportTable {
  testId: string;
  /** The table's accessible name. */
  label?: string;
  when?: string;
  rows?: string;
  key: string[];
  columns: ImportColumn[];
  empty?: string;
  /** Row buttons (a panel's table only); each row then carries `data-row` (its key). */
  actions?: TableRowAction[];
  paging?: { count: string; size: number; page: string; lines: string; query: Record<string, string>; testId: string };
}

/** Entries of the answer as a list under a heading: `primary` and `secondary` name entry fields; or,
 *  with `keyLabel`, the entries are dotted keys, each shown as the label `<keyLabel>.<its last part>`
 *  over the key itself (the settings a configuration import changed). */
export interface ImportList {
  testId: string;
  rows: string;
  title?: string;
  primary?: string;
  secondary?: string;
  keyLabel?: string;
  /** The secondary field holds a label key (a refusal's reason), shown translated. */
  secondaryLabel?: true;
}

/** The answer's rows saved as a CSV file (Excel opens it): `columns` are the row fields, in order. */
export interface ImportReport {
  testId: string;
  rows: string;
  label: string;
  name: string;
  columns: string[];
}

/** What the dialog shows of an answer. */
export interface ImportPart {
  text?: ImportText;
  table?: ImportTable;
  lists?: ImportList[];
  report?: ImportReport;
}

/** Problems the administrator may lift by answering them (docs/adr/0258-code-mapped-to-external-topics.md):
 *  each problem whose `fix` is this one takes a text field (`label` interpolated with `element`, the part of
 *  its field after `#`; `help` under it); `recheck` previews again with the answers in `into`
 *  (`body.<name>`), keyed by each problem's field. */
export interface ImportAnswers {
  fix: string;
  into: string;
  label: string;
  help?: string;
  recheck: string;
}

export interface ImportScreen {
  kind: 'import';
  /** The dialog's test id; its buttons derive theirs (`-dialog`, `-commit`, `-close`). */
  testId: string;
  /** The upload dialog's use (src/core/uploads.ts) and the data fields it takes (`domainid`). */
  upload: { use: string; data?: string[] };
  call: string;
  /** The call's path parameters, query and body fields → the names of the opener's data fields. */
  args?: DataArgs;
  /** Where the uploaded file's path goes: `body.<name>` or `query.<name>`. */
  file: string;
  /** The query field taking `preview` then `commit`; none: the upload is committed at once. */
  mode?: string;
  /** Said while the first answer is awaited. */
  reading: string;
  /** The accept button (with `mode`): its label, and the rule over the preview that enables it. */
  commit?: { label: string; when?: string };
  preview?: ImportPart;
  result: ImportPart;
  /** A refusal's field errors listed (`title`), the bar saying `refused` (counted, `{{problem}}` the first). */
  problems?: { testId: string; title: string; refused: string; answers?: ImportAnswers };
  /** The bar's success line after the commit: `label` counted by the `count` rule (`none` when 0). */
  done?: { label: string; none?: string; count: string };
  /** Close asks the opener to reload even before a commit (the import committed at once). */
  reloadAlways?: boolean;
}
