// The panel screen kind (docs/adr/0157-task-runtime-in-yaml.md): one answer of a read call drawn
// read-only in parts (facts, tables, a form whose JSON Schema is in the answer, a registered cell
// renderer over a value) with actions over it: a form screen in a dialog on a record taken from the
// answer, or a call. Every value is a rule over `reply` (the answer).
import type { ImportTable, ImportText } from './import-screen.ts';

/** Route query names by call part (the catalogue's CallArgs shape, not imported: types.ts imports this file). */
type RouteArgs = Partial<Record<'params' | 'query' | 'body', Record<string, string>>>;

/** One line of a definition list: `label` over the value of the rule `value`, shown as its label
 *  (`labels` by value), through a cell renderer (`render`), as a label interpolated with its fields
 *  (`say`), as a list said joined (`join`), or as text (then with `aside`). */
export interface PanelFact {
  label: string;
  value: string;
  labels?: Record<string, string>;
  render?: string;
  /** The value's test id (on the `dd`). */
  testId?: string;
  /** The fact is shown only while this rule holds (besides having a value). */
  when?: string;
  /** A rule said after the value in parentheses when it has one that differs from the value; said
   *  alone when the value is empty ("Leave (leave-2)"). */
  aside?: string;
  /** A label interpolated with the value's fields (an object value; nested ones as `{{mail.sent}}`). */
  say?: string;
  /** The value is a list, said joined (docs/adr/0172-catalogue-derives-parts-facts-and-fields.md). */
  join?: JoinedList;
}

/** A list said on one line: each entry as `item` (a label interpolated with its fields, its `lists`
 *  fields said joined first; `bare` instead when every one of those lists is empty), else its `field`,
 *  else the entry itself; `separator` between them, and `empty` (a label) for an empty list. */
export interface JoinedList {
  separator: string;
  item?: string;
  bare?: string;
  field?: string;
  lists?: Record<string, JoinedList>;
  empty?: string;
}

/** A part of the panel: its heading (`title`), then any of facts, a text line, a table, a read-only
 *  form (`form`: rules answering its JSON Schema, uiSchema and data) and a value drawn by a cell
 *  renderer (`render`: the process diagram); shown while `when` holds. */
export interface PanelPart {
  testId?: string;
  title?: string;
  when?: string;
  facts?: PanelFact[];
  text?: ImportText;
  table?: ImportTable;
  form?: { schema: string; ui?: string; data: string };
  render?: { name: string; value: string };
  /** Each entry of the list `rows` (a rule) said on a line of code as `label` interpolated with its
   *  fields (the runtime calls of the Open API: `{{method}} {{path}}`). */
  lines?: { testId: string; rows: string; label: string };
  /** Ids of actions drawn in this part, after its content, instead of above the parts; their test ids
   *  start with the part's. A part with actions, none of which the caller is offered, is left out. */
  actions?: string[];
}

/** Fields of a call's answer shown once in a dialog, each read-only with a copy button, under `note`
 *  (a secret kept only as a hash: closing the dialog is the last time it is seen;
 *  docs/adr/0160-open-api-in-yaml.md). */
export interface PanelReveal {
  fields: Array<{ field: string; label: string }>;
  note: string;
}

/** An action over the answer: a form screen in a dialog (`form`) on the record `record` builds (field
 *  → rule), its save calls given `args` (route values; `args.body` joins the record), or a `call` with
 *  `args` (after `confirm`; its answer's `reveal` fields then shown once); shown while `visible` (a
 *  rule over `reply`) holds. */
export interface PanelAction {
  id: string;
  label: string;
  icon?: string;
  form?: string;
  record?: Record<string, string>;
  call?: string;
  args?: RouteArgs;
  confirm?: string;
  visible?: string;
  /** A dialog screen (a `job`) opened with `args.body` (route values) as its data. */
  dialog?: string;
  /** Route values the action waits for: disabled while one is empty (the choice's `hint` says why). */
  needs?: string[];
  reveal?: PanelReveal;
  result?: PanelResult;
}

/** A choice over the panel (docs/adr/0161-panel-choice-and-job-actions.md): a select of the rows of a
 *  call (`rows` its array field) written to the route value `name` (the row's `value` field; `all`
 *  labels the empty choice) and to further route values from the chosen row (`with`: name → field). */
export interface PanelChoice {
  name: string;
  label: string;
  testId: string;
  call: string;
  rows?: string;
  value: string;
  text: string;
  all: string;
  with?: Record<string, string>;
  /** Said under the actions while an action's `needs` is empty. */
  hint?: string;
}

/** A call's answer said under the action's buttons until the next action: its `message` field, as a
 *  success while its `ok` field holds (else a warning), with the `list.field` of each `list.rows`
 *  entry listed under `list.label`. All are field names of the answer. */
export interface PanelResult {
  message: string;
  ok?: string;
  list?: { rows: string; field: string; label: string };
}

export interface PanelScreen {
  kind: 'panel';
  /** The frame's test id; its parts and buttons derive theirs (`-close`, `-<action id>`). */
  testId: string;
  /** The read: a call without effects and its route context (route query names, or `signIn.<field>`). */
  read: { call: string; args?: RouteArgs };
  /** Further reads joined into the answer under their names (`reply.<name>`; null when one fails). */
  with?: Record<string, { call: string; args?: RouteArgs }>;
  /** The heading: a label interpolated with rules over the answer. */
  heading: { label: string; values?: Record<string, string> };
  /** Route query names a Close button clears (the list detail showing the panel); none: no button. */
  close?: string[];
  parts: PanelPart[];
  actions?: PanelAction[];
  choose?: PanelChoice;
}
