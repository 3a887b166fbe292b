// Dialog screen kinds (docs/adr/0154-dialog-screen-kinds.md): screens no route or tab shows, opened by
// a list action's `dialog: <screen id>` with the row (or {} from the toolbar) plus the action's
// `args.body`. Their calls' `args` map call parts to fields of that data, not to the route query.

/** Data field names by call part (the catalogue's CallArgs shape, not imported: types.ts imports this file). */
type DataArgs = Partial<Record<'params' | 'query' | 'body', Record<string, string>>>;

export interface DialogCall {
  call: string;
  args?: DataArgs;
}

/** What every dialog screen has: `testId` (the dialog's `<testId>-dialog`, its buttons' ids derive
 *  from it) and `values`, label variables taken from data fields (`{ app: name }`); every label also
 *  reads the data's own fields (`{{name}}`). */
interface DialogScreenBase {
  testId: string;
  values?: Record<string, string>;
}

/** Rows read from a call, each with a box (`check`) or a switch (`switch`) whose first state is the
 *  row field `checked` (none: off); Save sends the `key`s of the rows `send` names, as the body or as
 *  the body field `as`. Those who may not make the save call see the boxes disabled. */
export interface ChecklistScreen extends DialogScreenBase {
  kind: 'checklist';
  read: DialogCall & { rows?: string };
  key: string;
  /** The row field in each box's test id (`<testId>-<value>`), the key otherwise. */
  rowTestId?: string;
  /** Row fields joined by a space: the entry's text; `secondary` a row field drawn under it. */
  primary: string[];
  secondary?: string;
  style: 'check' | 'switch';
  checked?: string;
  intro?: string;
  empty: string;
  save: DialogCall & {
    send: 'checked' | 'unchecked';
    as?: string;
    label: string;
    /** Said (a toast) after the save; `required` is said instead of saving when nothing is checked. */
    done?: string;
    required?: string;
  };
}

/** A long job of the opened record: `status` is read on opening (a job already running is followed)
 *  and every `every` ms while its `fields.state` is `states.running`; the dialog asks `confirm` before
 *  `start`, shows `fields.progress` (0–100) while it runs, then `fields.message`. Without `when` (a
 *  rule over `row`, the data) holding, it says `unavailable` and offers no start. */
export interface JobScreen extends DialogScreenBase {
  kind: 'job';
  when?: string;
  unavailable?: string;
  confirm: string;
  /** Said while the job runs; may show `{{progress}}` (docs/adr/0161-panel-choice-and-job-actions.md). */
  running: string;
  /** Said, with a moving bar and no figure, until the job reports a first step. */
  starting?: string;
  /** Said before the job's message when it ended done. */
  done?: string;
  status: DialogCall;
  start: DialogCall & { label: string };
  fields: { state: string; progress: string; message: string };
  states: { running: string; done: string; failed: string };
  every?: number;
}

/** Rows read from a call in a table, each with one text field (`edit.field`) saved on its own by
 *  `save` (`args` from the opener's data, `body` fields ← row fields, the edited one included). `pick` adds users chosen in the
 *  user-selection dialog to the text, each written by `format` (`user:{{loginno}}`) and joined by `join`.
 *  A column's `note` is a label drawn under its value while its rule over `row` (the stored row) holds. */
export interface RowsScreen extends DialogScreenBase {
  kind: 'rows';
  read: DialogCall & { rows?: string };
  key: string[];
  /** The row field naming each row in its test ids (`<edit.testId>-<value>`) and its `data-row`. */
  rowTestId: string;
  intro?: string;
  empty: string;
  columns: Array<{ field: string; label: string; note?: { when: string; label: string } }>;
  edit: {
    field: string;
    label: string;
    testId: string;
    placeholder?: string;
    maxLength?: number;
    pick?: { label: string; data?: Record<string, string>; format: string; join: string };
  };
  save: DialogCall & { body: Record<string, string>; label: string; done: string; values?: Record<string, string> };
}

/** One record read by `read` and saved whole by `save` (the fields it shows, as read otherwise): its
 *  boolean `switches`, and its `users` array shown in groups by the item field `by`, each group's users
 *  as chips added through the user-selection dialog (`user` names the item's id, name and loginno
 *  fields) and removed one by one. */
export interface RecordScreen extends DialogScreenBase {
  kind: 'record';
  read: DialogCall;
  intro?: string;
  switches?: Array<{ field: string; label: string; testId: string }>;
  users?: {
    field: string;
    by: string;
    groups: Array<{ value: string; label: string }>;
    user: { id: string; name: string; loginno: string };
    testId: string;
    add: string;
    none: string;
    pick?: Record<string, string>;
  };
  save: DialogCall & { label: string; done: string };
}

export type DialogScreen = ChecklistScreen | JobScreen | RowsScreen | RecordScreen;
export const DIALOG_SCREEN_KINDS: ReadonlySet<string> = new Set(['checklist', 'job', 'rows', 'record']);
