// The catalogue: one set of YAML files describing entities, API calls, screens, routes and labels.
// The server, the console and the generator all read this shape (see docs/catalogue.md).
import type { ImportScreen } from './import-screen.ts';
import type { PanelScreen } from './panel-screen.ts';
import type { FieldsFrom } from './fields-from.ts';
import type { ChecklistScreen, JobScreen, RecordScreen, RowsScreen } from './dialog-screens.ts';

export type { ImportColumn, ImportPart, ImportScreen, ImportTable } from './import-screen.ts';
export type {
  ChecklistScreen,
  DialogCall,
  DialogScreen,
  JobScreen,
  RecordScreen,
  RowsScreen,
} from './dialog-screens.ts';
export type { PanelAction, PanelFact, PanelPart, PanelScreen } from './panel-screen.ts';
export type JsonSchema = Record<string, unknown>;

/** Where a definition came from, so every problem names the file and the path inside it. */
export interface Origin {
  file: string;
  pointer: string;
}

/** A cross-field rule of an entity, run by src/core/form-rules.ts. */
export interface FormRule {
  /** The property the message belongs to (the form shows it under that field). */
  field: string;
  /** Label key of the message. */
  message: string;
  /** Rule over `form` (the submitted record) and `user` (the caller); absent = always applies. */
  when?: string;
  /** Rule that must hold whenever `when` does. */
  require: string;
}

export interface EntityDef {
  id: string;
  label?: string;
  schema: JsonSchema;
  /** Cross-field and conditional rules, checked by the console form and the server alike. */
  rules?: FormRule[];
  /** Properties taken from another entity's schema (resolved into `schema` when the catalogue loads). */
  fieldsFrom?: FieldsFrom;
  origin: Origin;
}

/** `x-options` of a property: its choices are the rows a GET call answers (an array of objects). */
export interface OptionSource {
  call: string;
  /** Row field stored as the value, and row field shown as the label. */
  value: string;
  label: string;
  /** Query parameter → rule over `form`/`user` giving its value; an empty value means "no choices yet". */
  query?: Record<string, string>;
  /** Path parameter → rule over `form`/`user`, as `query`. */
  params?: Record<string, string>;
  /** A row field: a new record's empty field takes the first choice whose row has it true (a default). */
  preset?: string;
}

/** `x-search` of a property: a typeahead picks the value among the rows a list call finds for the
 *  text typed (`by`), e.g. a user among 100,000. */
export interface SearchSource {
  call: string;
  value: string;
  label: string;
  /** A second row field shown beside the label (a login number). */
  detail?: string;
  /** The call's search field receiving the typed text. */
  by: string;
  /** Path parameter → rule over `form`/`user`. */
  params?: Record<string, string>;
  /** Fixed search values sent with every search. */
  where?: Record<string, string>;
  /** The record field holding the current value's label (the form shows it before any search). */
  shown?: string;
}

export type TargetKind = 'domain' | 'department' | 'application';

/** The standard operations an extension entity's calls perform with no handler code. */
export type CrudOp = 'list' | 'get' | 'create' | 'update' | 'delete' | 'export';

export interface CrudMarker {
  /** The entity whose records the call keeps: one collection per entity, each record in one enterprise. */
  entity: string;
  op: CrudOp;
}

/** `outcomes` of a call: cells (`✓`, `401`, `403`, `404`, or home/away such as `✓/404`) by caller kind. */
export interface CallOutcomes {
  why: string;
  off?: Partial<Record<string, string>>;
  on?: Partial<Record<string, string>>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface CallDef {
  id: string;
  method: HttpMethod;
  /** The spec's path with `{name}` parameters, e.g. /authtime/domain/{id}. */
  path: string;
  /** `public`, `login`, or a rule over `user` (see src/core/rules.ts); decides outside security separation. */
  allow: string;
  /** Who may make it while security separation is on, in place of `allow` (src/server/auth/officers.ts):
   *  `everyone` signed in, or separated types, each `type` or `type@reachKind`. Absent on public calls. */
  officers?: 'everyone' | string[];
  /** The request fields naming what the call acts on (`params.<name>`, `query.<name>` or `body.<name>`):
   *  its tenant, one of its departments, an application of it. Admission refuses a tenant or department
   *  out of the caller's reach (src/server/auth/target-reach.ts, department-target.ts); the authorization
   *  matrix probes the call there. */
  target?: Partial<Record<TargetKind, string>>;
  /** With a `domain` target: admission also wants the caller to govern that tenant (a department-level
   *  caller sees it but does not), refusing with 1403 and this message key (`true`: the generic one). */
  governs?: true | string;
  /** The authorization matrix's cells a handler decides past admission (a row's tenant, a subtree, a
   *  list that leaves a target out), by separation mode and caller kind, with why; the rest of a row is
   *  what admission answers from this entry (generator/emit/outcome-matrix.ts). */
  outcomes?: CallOutcomes;
  /** Still allowed while the password policy wants the caller's password changed (first login, expired). */
  duringPasswordChange?: true;
  query?: JsonSchema;
  /** Path parameters' schemas by name (each a string); absent ones are any non-empty string. */
  params?: JsonSchema;
  body?: JsonSchema;
  /** `multipart/form-data`: the body carries files; `body` then describes the form parts (for the
   *  OpenAPI document) and the handler reads the parts itself, so the route does not validate it. */
  consumes?: 'multipart/form-data';
  reply?: JsonSchema;
  /** Non-JSON replies (captcha image, downloads) name their media types: the first is answered unless
   *  the handler sets another of them (an export by its `output`). */
  produces?: string[];
  /** Statuses answered besides the reply and the error envelope, and how (the OpenAPI document says so). */
  answers?: Record<string, 'redirect' | 'page' | 'error'>;
  /** `store:<collection>` serves the call from the generic record store instead of an area handler. */
  handler?: string;
  /** Served by the generic tenant-scoped CRUD of an extension entity (core/catalogue/crud.ts). */
  crud?: CrudMarker;
  /** `true`: a GET that changes something (sends, writes, runs a job), so it needs the CSRF token;
   *  `false`: a POST that only reads (a search the spec made a POST), left out of the operation log.
   *  Read with core/catalogue/call-effects.ts; `atrium check` allows true on GETs, false on the rest. */
  effects?: boolean;
  origin: Origin;
}

/** Route context for a call: the host URL's query values (e.g. the open enterprise's `domainid`) put
 *  into a call's path parameters, query or body. Each part maps the call's name → the route query name,
 *  so a screen embedded in a tab of `/domain?domainid=…` fills `/authtime/domain/{id}/…` with
 *  `{ params: { id: domainid } }`. A call part name the call lacks is an `atrium check` error. */
export interface CallArgs {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, string>;
}

export interface ActionDef {
  id: string;
  label: string;
  /** Navigate to a route (query values are row/form field names). */
  to?: string;
  query?: Record<string, string>;
  /** Or run an API call; with a selection the body is the list of selected ids. */
  call?: string;
  /** Route context for `call` (its path parameters and query); for a `dialog`, `args.body` fields are
   *  added to the data the dialog receives (e.g. the enterprise a new record belongs to). */
  args?: CallArgs;
  /** Or open a dialog registered by this name in the console (src/console/registry.ts `dialogs`),
   *  handing it the form's data (form actions); a dialog closing with `{ reload: true }` reloads the form. */
  dialog?: string;
  /** Or download what a GET call answers as a file (form actions, e.g. a configuration export). */
  download?: string;
  /** Fixed values: of the `download` call's query (the operation log's `format: csv`), or of the new
   *  record a `form` action starts (a special day's `kind: holiday`). */
  fixed?: Record<string, string>;
  /** Or (a list's action) open this form screen in a dialog: on the row, `query` then mapping the
   *  form's fields to row fields (its record), else the row itself; from the toolbar a new record
   *  starting from `args.body` (docs/adr/0143-list-exports-and-dialog-forms-in-yaml.md). */
  form?: string;
  /** Or (a list's row action) show the row in the list's `detail` screen, or hide it again. */
  detail?: boolean;
  /** Or (a list's toolbar action with `call`) open the runtime's user picker first; the call is then
   *  made with the picked users' ids, as with a selection (docs/adr/0152-master-detail-screen-kind.md). */
  pick?: 'users';
  /** A `call` with ids (selected or picked): the body field taking them, beside `args.body`'s route
   *  values, instead of the ids as the whole body. */
  ids?: string;
  /** A `call` with ids: the counted label said after success (`{{count}}` the ids), instead of "saved";
   *  a list's row action's, of its one row (docs/adr/0180-row-action-done.md). */
  done?: string;
  /** A list's `call` action over the selected rows, made from a dialog that may first ask a form and
   *  then lists the call's per-row answer (docs/adr/0156-batch-and-pick-list-actions.md). */
  batch?: BatchDef;
  /** A list's row action: a dialog of tabs, each a form screen read and saved by itself, for the row
   *  (docs/adr/0156-batch-and-pick-list-actions.md). */
  formTabs?: TabsDialogDef;
  /** Or open this import screen (kind `import`) in a dialog, handing it the row or form data with
   *  `args.body` added (docs/adr/0141-import-with-preview-screen.md). */
  import?: string;
  /** In a form with tabs: shown only on these tabs (by tab id), e.g. "push users" on the messaging tab. */
  tabs?: string[];
  selection?: 'required' | 'none';
  /** Message key shown when a selection is required and empty. */
  message?: string;
  /** Message key of the confirmation prompt; destructive actions must have one. */
  confirm?: string;
  visible?: string;
  /** A row action: a rule over `row` deciding, row by row, whether its button shows. */
  rowVisible?: string;
  /** A list action whose confirmation first asks `call` (with the selected ids) what else it would
   *  touch (`{ affected: [{ id, name, loginno? }] }`); when something is, the dialog names it with
   *  `message` and offers `option`, which sends `query` with the action. */
  impact?: { call: string; message: string; option: string; query: Record<string, string> };
  /** A form's call action that changes the record (unlock): the form reads it again after success. */
  reload?: boolean;
  /** Calls the action needs beyond the one it names (a dialog's calls); it is shown only to callers
   *  who may make all of them (src/console/session/reach.ts). */
  requires?: string[];
  icon?: string;
  variant?: 'primary' | 'danger' | 'default';
  /** A picking list's action on the picked row (`selection: required`): disabled, saying `why`, while
   *  the rule over `row` holds (a package's own role keeps its name). */
  rowDisabled?: { when: string; why: string };
}

export interface BatchDef {
  /** The body property taking the selected ids (`userIds`). */
  ids: string;
  /** What the dialog says above, a label given `{{count}}` and `{{names}}`. */
  text: string;
  /** The dialog's title and the Apply button's label, each the action's label without it. */
  title?: string;
  apply?: string;
  /** A form screen asked first; the values it holds go in the body property `into`, else beside `ids`. */
  form?: string;
  into?: string;
  /** Counted first (docs/adr/0168-batch-count-parts-summary-undo.md): the call with body field `flag`
   *  true, its answer said by `text`; Apply waits for it. */
  count?: { flag: string; label: string; text: string };
  /** The ids sent `size` at a time, the first answer's `key` field sent in the others (one batch). */
  parts?: { size: number; key: string };
  /** Said after the call (the answers' fields added) instead of the row-by-row list. */
  summary?: string;
  /** The whole batch undone by `call` with the batch's key in its one path parameter, then `done` said. */
  undo?: { call: string; label: string; done: string };
}

export interface TabsDialogDef {
  /** The dialog's title, a label given the row's fields (`{{name}}`). */
  title: string;
  intro?: string;
  /** The tab list's accessible name. */
  label: string;
  /** Said after a tab's form saved, given `{{tab}}` (the tab's label). */
  saved: string;
  tabs: Array<{ id: string; label: string; form: string }>;
  /** Lines to copy above each tab's form: `call` answers an object per tab id; `empty` (given
   *  `{{tab}}`) is said instead when none of the tab's lines has a value. */
  copy?: { call: string; title: string; empty: string; lines: Array<{ field: string; label: string }> };
}

export interface ColumnDef {
  field: string;
  label?: string;
  /** A named cell renderer from the console registry (status, usernames, image, date…). */
  render?: string;
  width?: number;
  /** Shown only when a row of the page has a value: a column most rows leave empty. */
  optional?: boolean;
}

export interface SearchFieldDef {
  field: string;
  label?: string;
}

export interface ListScreen {
  kind: 'list';
  /** Entity of the rows. */
  entity: string;
  /** Call answering `{datas, rowCount, …}` for `currpage`/`pagelines`. */
  source: string;
  /** Route context for `source` (an embedded list's enterprise, a tree's selected node). While a
   *  named route query value is missing the list shows nothing and asks for no page. */
  sourceArgs?: CallArgs;
  /** Entity whose fields form the search form (the call's body). */
  searchEntity?: string;
  search?: SearchFieldDef[];
  columns: ColumnDef[];
  /** Name of the row id field (defaults to `id`), or the fields that together identify a row. */
  rowKey?: string | string[];
  pageSizes?: number[];
  card?: {
    title: string;
    image?: string;
    defaultImage?: string;
    status?: string;
    subtitle?: string;
    moreTileAt: number;
  };
  actions?: ActionDef[];
  rowActions?: ActionDef[];
  /** Figures of the source call's reply shown in the toolbar as "label: value" (e.g. the online count). */
  counts?: Array<{ field: string; label: string }>;
  /** Columns sortable by a header click: the source call takes `param` (e.g. `orderby`) as
   *  "<field>" or "<field> desc"; each field is a column of the list and a value the call accepts. */
  sort?: { param: string; fields: string[] };
  /** The paging parameters of a source that names them otherwise than `currpage`/`pagelines`. */
  paging?: { page: string; size: string };
  /** A screen drawn under the list for one row (a task's runs): shown while the route query `param`
   *  names a row, which a row action with `detail: true` sets and clears; it reads `param` by its
   *  `sourceArgs`. */
  detail?: {
    param: string;
    screen: string;
    /** The row field the route query `param` takes (the row's key otherwise). */
    value?: string;
    /** Further route query names set from row fields with it, and cleared with it (the instance's
     *  application and process beside its id). */
    with?: Record<string, string>;
  };
  /** The source answers an object: its field holding the rows (the open tasks of `runtime.tasks`). */
  rows?: string;
  /** A row click (or Enter/Space on a focused row) goes `to` (with `query` from row fields) or runs
   *  the row action named `action` on the row (e.g. opens the edit dialog). One of the two. */
  rowClick?: { to?: string; query?: Record<string, string>; action?: string };
  /** Drawn as a short list to pick one row from, the picked row's id kept in the route query
   *  `detail.param`, the `detail` screen beside it (or `none` said while no row is picked); actions with
   *  `selection: required` act on the picked row. Rows read `primary`, and `secondary` (through the
   *  counted label `counted` when given); each row's test id is `<testId>-<the first non-empty key field>`
   *  (docs/adr/0153-check-trees-and-pick-lists.md). */
  pick?: {
    label: string;
    primary: string;
    secondary?: string;
    counted?: string;
    none: string;
    testId: string;
    keys?: string[];
  };
}

export interface FormSection {
  title?: string;
  fields: string[];
}

/** `fills`: when the user changes the field and `when` holds afterwards, the form sets `values` (fields
 *  of the same form or tab), e.g. the complexity switch ticking all four character classes. */
export interface FieldFill {
  when: string;
  values?: Record<string, unknown>;
  /** Fields set to another field's value (target → source): an empty end date takes the start date. */
  copy?: Record<string, string>;
}

export type FormField =
  | string
  | {
      field: string;
      widget?: string;
      visible?: string;
      readonlyWhen?: string;
      section?: string;
      note?: string;
      fills?: FieldFill;
      /** While `when` holds, these enum values are shown but cannot be chosen (docs/adr/0143-list-exports-and-dialog-forms-in-yaml.md). */
      disabledOptions?: { when: string; values: Array<string | number | boolean> };
      /** A `user-picker` field's dialog reads these form fields: the enterprise (`domain`) and, for the
       *  API documentation's picker, the application whose roles it lists (`docs`); Choose waits for them
       *  (docs/adr/0163-api-docs-sign-in-form-and-panel-read-checks.md). */
      picker?: { domain?: string; docs?: string; join?: string };
    };

/** A tab of a form: its own fields (of the entity, or of the object property `group` names), or
 *  another screen embedded whole (`screen`; the form's buttons are hidden there). */
export interface FormTab {
  id: string;
  label: string;
  /** The section the tab is listed under (a label key); a form whose tabs have sections lists them at its side. */
  section?: string;
  /** Rule: the tab is shown. */
  visible?: string;
  /** Rule: the screen opens on this tab (the first visible tab whose rule holds; else the first). */
  start?: string;
  /** Calls the tab needs (an embedded screen's are derived); shown only to callers who may make them. */
  requires?: string[];
  /** An object property of the entity (`$ref: entity:<id>`) holding the tab's fields. */
  group?: string;
  fields?: FormField[];
  screen?: string;
}

export interface FormScreen {
  kind: 'form';
  entity: string;
  /** Query parameter holding the record id; absent → create mode. Without `key` the form edits one
   *  record that always exists (the configuration): `load` reads it, `update` saves it, the form stays. */
  key?: string;
  /** Where the load and update calls take the record key: a path parameter (default `id`) or, as
   *  `query.<name>`, a query value (the directory sync's settings of `domainid`). */
  keyArg?: string;
  load?: string;
  create?: string;
  update?: string;
  /** The form's fields, or its `tabs` (one of the two). */
  fields?: FormField[];
  tabs?: FormTab[];
  /** Where to go after save or exit. */
  back: string;
  /** The record's field that names it in the breadcrumb (its last crumb) once loaded, e.g. `name`. */
  recordName?: string;
  /** The query parameter naming the tenant whose screens the tabs embed (`domainid`): that tenant's own
   *  extension fields join them (console/runtime/TenantCatalogue.tsx). */
  tenant?: string;
  /** Ask before saving when the rule holds over the form (a tenant administrator switching off its
   *  own enterprise); `message` says what will happen. */
  confirmSave?: { when: string; message: string };
  /** After a save, stay on the saved record instead of going `back` (a settings form in a tab). */
  stay?: boolean;
  /** An object property whose JSON Schema and uiSchema come with the record the form opens on: its
   *  field `from` holds `{ schema, uiSchema }` (a call's answer, e.g. a package's start form), never
   *  sent back (docs/adr/0157-task-runtime-in-yaml.md). */
  schemaFrom?: { field: string; from: string };
  /** After a save in a dialog, set these route query values: rules over `reply` (the save's answer)
   *  and `form` (the record saved), e.g. open the instance a start made. */
  savedQuery?: Record<string, string>;
  /** Fields the form keeps in the browser and never sends (choices that narrow another field). */
  local?: string[];
  actions?: ActionDef[];
  /** A read-only view of the record drawn above the fields in a dialog (an operation-log entry); a
   *  form with details opens for whoever may `load` it, read-only when it may not save. */
  details?: RecordDetails;
  /** What the dialog's Save says and does (docs/adr/0155-record-views-and-command-forms.md). */
  submit?: FormSubmit;
}

/** A record's read-only facts: each field's title over its value, drawn by a cell renderer when named. */
export interface RecordDetails {
  /** Each value's test id is `<testId>-<field>`. */
  testId: string;
  fields: Array<{ field: string; render?: string; empty?: string; note?: string }>;
}

/** A form sending a command (a test SMS) or saved under its own words (a review): Save's label and
 *  icon; the toast after it (`done`); `ok`, a rule over `reply`, tells a reply that is a refusal,
 *  said in the dialog as the `message` rule's value or the `failed` label. No Save and new. */
export interface FormSubmit {
  label: string;
  icon?: string;
  done?: string;
  ok?: string;
  message?: string;
  failed?: string;
}

export interface TileDef {
  id: string;
  label: string;
  /** Label key of a line saying what the entry holds (drawn by the `table` layout). */
  description?: string;
  to?: string;
  href?: string;
  icon?: string;
  visible?: string;
}

/** Entry points to other screens: cards (the home page) or, with `layout: table`, a table of entries
 *  each with its description and an Enter button (system monitoring's root). */
export interface TilesScreen {
  kind: 'tiles';
  tiles: TileDef[];
  layout?: 'cards' | 'table';
  /** `copyright`: the global configuration's copyright text under the tiles (the home page). */
  footer?: 'copyright';
  /** Paragraphs above the tiles, the first drawn as a heading; `{{title}}` and `{{version}}` name the
   *  console's title and version (the about page, a screen of text alone). */
  text?: string[];
  /** Calls the caller must be allowed to make to open the screen at all ("no access" otherwise). */
  requires?: string[];
}

export interface PluginScreen {
  kind: 'plugin';
  plugin: string;
  props?: Record<string, unknown>;
  /** Calls the screen reads to show anything; a caller who may not make them sees "no access". */
  requires?: string[];
}

/** Master-detail: a lazily loaded tree on the left (roots from `root`, a node's children from `children`
 *  on expand), the selected node's `detail` screens on the right. The selected node's id lives in the
 *  route query `select`, where the detail screens' `sourceArgs` read it. */
export interface TreeScreen {
  kind: 'tree';
  /** Entity of the nodes. */
  entity: string;
  /** Call answering the top nodes (an array). */
  root: string;
  /** Call answering a node's children (an array); `nodeParam` is its path parameter taking the node id. */
  children: string;
  nodeParam: string;
  /** Route context of every call the tree makes (root, children, search, form, delete). */
  args?: CallArgs;
  /** Node fields: id, label, and the flag saying it has children (else every node is expandable). */
  node: { id: string; label: string; hasChildren?: string };
  /** Route query name holding the selected node's id. */
  select: string;
  /** A search box: a paged list call (`currpage`/`pagelines`) with the typed text as body `field`. */
  search?: { call: string; field: string };
  /** Create / edit (and move: edit the parent field) in a dialog drawing this form screen; a new node
   *  gets the selected node as `parentField`; `idParam` is the update call's path parameter for the id. */
  form?: { screen: string; parentField: string; idParam?: string };
  /** Deletes the selected node (body: its id in a list), after a confirmation. */
  delete?: string;
  /** Screens drawn for the selected node, each under its label (embedded lists keep their paging in
   *  the URL under the entry's id as prefix). */
  detail?: Array<{ id: string; label: string; screen: string }>;
}

/** A tab frame: each tab draws another screen; the chosen tab is the route query `view`. An optional
 *  `scope` is a choice every tab works within (flow monitoring's software), kept in the route query
 *  `param` where the tabs' screens read it (their `sourceArgs`); the `preferred` (else the first) choice when
 *  the URL has none. */
export interface TabsScreen {
  kind: 'tabs';
  /** The tabs need the debug page's documentation sign-in (held in memory, api/runtime-sign-in.ts):
   *  without it the frame says `missing` with a link `go` to where it is made; with it, `acting`
   *  above the tabs (interpolating the sign-in's userName, userCode, domainName). `testId` prefixes
   *  `-signed-out` and `-acting`. */
  signIn?: { testId: string; missing: string; go: { label: string; to: string }; acting: string };
  scope?: {
    param: string;
    label: string;
    /** Call answering the choices: an array or a page (`datas`) of rows with `value` and `text` fields. */
    call: string;
    args?: CallArgs;
    /** Fixed query values of the call (e.g. a page size). */
    query?: Record<string, string | number>;
    value: string;
    text: string;
    /** What the frame says when there is nothing to choose. */
    empty: string;
    /** A row field marking the choice taken when the URL names none (else the first). */
    preferred?: string;
    /** Route query values a new choice drops (the role of the application left). */
    clears?: string[];
  };
  tabs: Array<Pick<FormTab, 'id' | 'label' | 'section' | 'visible' | 'requires'> & { screen: string }>;
}

/** Master-detail over a short list (docs/adr/0152-master-detail-screen-kind.md): the `master` read's
 *  rows on one side, the chosen one's value in the route query `master.param`; the `detail` screen
 *  beside it reads that choice through its own `sourceArgs` and keeps its URL state under
 *  `<param>.`. Labels in the detail may quote `{{chosen}}`, the chosen row's text. */
export interface MasterDetailScreen {
  kind: 'master-detail';
  /** Test ids: `<testId>-list`, `<testId>-<row's testKey or value>`, `<testId>-title`. */
  testId: string;
  master: {
    call: string;
    args?: CallArgs;
    /** Fixed query values of the call (a page size holding every row). */
    query?: Record<string, string | number>;
    param: string;
    value: string;
    text: string;
    /** A counted label under each row's text, `{{count}}` the row's `field`. */
    count?: { field: string; label: string };
    testKey?: string;
    /** The list's accessible name, and what it says when it has no rows. */
    label: string;
    empty: string;
  };
  /** `label`: the detail's region name; `none`: said while nothing is chosen. */
  detail: { screen: string; label: string; none: string };
}

/** A call a runs screen makes: its route context (`args`) and fixed values (`query`, `body`). */
export interface RunsCall {
  call: string;
  args?: CallArgs;
  query?: Record<string, string | number>;
  body?: Record<string, string | number>;
}

/** Long runs started by hand and followed to their report (the directory's and the messaging suites'
 *  syncs): buttons that start a run (`start`, each with its fixed body; a confirmed start adds
 *  `confirm: 1`), the run shown kept in the route query `syncrun` and read with `status` (its id in the
 *  query `id`) every second while it runs, then its report; a run refused by the deletion cap offers to
 *  start again confirmed; and the history's first page (`history`, read again when a run ends). */
export interface RunsScreen {
  kind: 'runs';
  /** The test id of the screen's frame (a browser test and the accessibility walk find it by it). */
  testId: string;
  /** A form screen drawn above the runs (the source's settings). */
  settings?: string;
  /** The runs part's heading. */
  section: string;
  /** Label keys whose texts every label of the screen may interpolate (`{{service}}`). */
  labelValues?: Record<string, string>;
  start: Array<RunsCall & { id: string; label: string; dry?: boolean }>;
  status: RunsCall;
  history: RunsCall;
  /** The run field telling runs apart (mode, direction): the history's column `title`, its `labels` by value. */
  column: { field: string; title: string; labels: Record<string, string> };
  /** A refused run starts again confirmed through the start whose id is the run's `field`, labelled
   *  `label` (or `labels` by that value). */
  confirm: { field: string; label: string; labels?: Record<string, string> };
  /** How the report names where entries come from: the reading phase and the column of their keys. */
  source?: { reading: string; key: string };
}

/** A read of a charts screen: a call without effects, its route context (`args`: route query names,
 *  the screen's controls included) and fixed values. */
export interface ChartsRead {
  call: string;
  args?: CallArgs;
  query?: Record<string, string | number>;
  body?: Record<string, string | number>;
}

/** A choice kept in the route query `param`: fixed `options`, or the rows of a read (`from`). */
export interface ChartsControl {
  param: string;
  /** Test ids and the element ids of the control (`<testId>-<id>`). */
  id: string;
  label: string;
  /** buttons: a toggle group; select: a drop-down; radio: a row of radios; check: the one fixed option,
   *  shown checked and disabled (a mode the server offers alone). */
  style: 'buttons' | 'select' | 'radio' | 'check' | 'user';
  /** user: the route query naming the enterprise the user-selection dialog searches (a select's param). */
  tenant?: string;
  /** Route query values a new choice drops (the user of the enterprise left). */
  clears?: string[];
  options?: Array<{ value: string; label: string }>;
  /** The rows of a read: `rows` its path in the answer, `value`/`text` the fields; `chosen` the answer's
   *  field naming the value in force when the URL has none; `mark` labels the rows whose field is true. */
  from?: {
    read: string;
    rows?: string;
    value: string;
    text: string;
    chosen?: string;
    mark?: { field: string; label: string };
  };
  /** The value when the URL has none (else the first option; `''` leaves the query value out). */
  default?: string;
  /** What the screen says, instead of its panels, when `from` has no rows. */
  empty?: string;
}

/** A line of text over a read: the first row with `field` set, its label by that value (`labels`) or
 *  `label`, interpolated with the row's fields. */
export interface ChartsNote {
  id: string;
  reads: string[];
  rows?: string;
  field?: string;
  label?: string;
  labels?: Record<string, string>;
  strong?: boolean;
  /** Drawn in the row of the controls (else on its own line under them). */
  inline?: boolean;
  /** Drawn as an alert of this severity (a warning about the answer). */
  severity?: 'info' | 'warning';
}

/** A panel over one read: a chart (line, bar: `x` the category field, `series` the value fields; pie:
 *  `x` the slice label, the first series the value), a table of `figures` of one answer, or a `table`
 *  of rows. Field paths are dotted; `name=VALUE` picks the array element whose `name` is VALUE. */
export interface ChartsPanel {
  id: string;
  type: 'line' | 'bar' | 'pie' | 'figures' | 'table';
  title: string;
  read: string;
  rows?: string;
  x?: string;
  series?: Array<{ field: string; label?: string }>;
  /** The value axis' top (a percentage's 100). */
  max?: number;
  /** A pie with a hole of this radius (a donut). */
  innerRadius?: number;
  /** The panel takes the whole row. */
  wide?: boolean;
  /** figures: one row per field of the answer; table: one column per field. `numeric` aligns right. */
  fields?: Array<{ field: string; label: string; numeric?: boolean; join?: string }>;
  /** table: said instead of an empty table. */
  nothing?: string;
  /** figures: the headings of the label and value columns. */
  head?: [string, string];
}

/** Charts over calls (docs/adr/0133-charts-screen-kind.md): named reads, choices kept in the URL that
 *  the reads take, panels drawn from the answers, read again every `every` ms while open. */
export interface ChartsScreen {
  kind: 'charts';
  testId: string;
  reads: Record<string, ChartsRead>;
  controls?: ChartsControl[];
  notes?: ChartsNote[];
  panels: ChartsPanel[];
  every?: number;
  /** Said next to the controls (how often the figures move). */
  everyNote?: string;
  /** A button reading everything again, with this label. */
  refresh?: string;
  /** Said, instead of the panels, when every chart and table has no rows. */
  empty?: string;
  loading: string;
  /** Said above the controls (what the screen is for). */
  intro?: string;
}

/** Check-box trees editing one draft saved whole (docs/adr/0153-check-trees-and-pick-lists.md): one
 *  tab per tree, each read with `read` (flat nodes: `node.id`, `node.parent`, `node.label`, `node.state`
 *  checked | mixed | unchecked), the checked ids of every tree sent together as body field `body` of
 *  `save`. Read-only (states as icons) for a caller who may not make the save call. The tab shown is
 *  the route query `tab`. */
export interface CheckTreesScreen {
  kind: 'checktrees';
  testId: string;
  tab: string;
  trees: Array<{ id: string; label: string; read: { call: string; args?: CallArgs }; body: string; empty: string }>;
  node: { id: string; parent: string; label: string; state: string };
  save: { call: string; args?: CallArgs; done: string };
  /** Label keys: unsaved (the chip), undo, readOnly (the note), discard (the confirmation), state
   *  (prefix of the checked/mixed/unchecked keys read-only icons carry). */
  labels: { unsaved: string; undo: string; readOnly: string; discard: string; state: string };
}

/** A calendar-like entity's days (docs/adr/0150-calendar-screen-kind.md). `week`: the reply's `days`
 *  (one per weekday: `fields.weekday`, `fields.working`, `fields.ranges` of {start, end} HH:mm) edited
 *  and sent whole by `save`; `month`: the reply's `days` of the month the route query `period.param`
 *  names (yyyy-MM), each with `fields.date`, `fields.state`, `fields.name`, `fields.ranges`. */
export interface CalendarScreen {
  kind: 'calendar';
  view: 'week' | 'month';
  testId: string;
  read: { call: string; args?: CallArgs };
  /** month: the route query holding yyyy-MM and the read's query fields taking its year and month. */
  period?: { param: string; year: string; month: string };
  /** The reply's field holding the days, and its field naming the entity (a heading). */
  days: string;
  name?: string;
  fields: { weekday?: string; working?: string; date?: string; state?: string; name?: string; ranges: string };
  /** week: the call sending the days as body field `body`; `label` its button, `done` said after. */
  save?: { call: string; args?: CallArgs; body: string; label: string; done: string };
  /** A link back (its route query filled from the URL's values by `query`). */
  back?: { label: string; to: string; query?: Record<string, string> };
  /** month: each state's look, in the order of the legend. */
  states?: Array<{ value: string; color: 'green' | 'grey' | 'red' | 'blue' }>;
  /** Label keys; `weekday` and `weekdayShort` are prefixes of keys ending .1 (Monday) to .7, `state` of
   *  keys ending with each state's value. */
  labels: Record<string, string>;
}

export type ScreenBody =
  | ListScreen
  | FormScreen
  | TilesScreen
  | PluginScreen
  | TreeScreen
  | TabsScreen
  | RunsScreen
  | ChartsScreen
  | ImportScreen
  | CalendarScreen
  | ChecklistScreen
  | JobScreen
  | RowsScreen
  | RecordScreen
  | MasterDetailScreen
  | CheckTreesScreen
  | PanelScreen;

export type ScreenDef = ScreenBody & {
  id: string;
  title: string;
  /** Breadcrumb trail after home: route paths or label keys. */
  breadcrumb?: Array<{ label: string; to?: string }>;
  help?: string;
  origin: Origin;
};

export interface RouteDef {
  path: string;
  screen?: string;
  redirect?: string;
  auth: boolean;
  guards?: string[];
  origin: Origin;
}

export interface Catalogue {
  version: number;
  entities: Record<string, EntityDef>;
  calls: Record<string, CallDef>;
  screens: Record<string, ScreenDef>;
  routes: RouteDef[];
  /** language → flat dotted key → text. */
  labels: Record<string, Record<string, string>>;
}

export const LANGUAGES = ['en', 'zh', 'cn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

/** A call as the console knows it; `queryNames`, the query fields it accepts (a list's download takes
 *  the list's search and sort where its call accepts them). */
export type ConsoleCall = Pick<CallDef, 'id' | 'method' | 'path' | 'effects'> & { queryNames?: string[] };

/** The part of the catalogue the console needs, served by GET /authtime/catalogue. */
export interface ConsoleCatalogue {
  version: number;
  entities: Record<string, Omit<EntityDef, 'origin'>>;
  calls: Record<string, ConsoleCall>;
  screens: Record<string, Omit<ScreenDef, 'origin'>>;
  routes: Array<Omit<RouteDef, 'origin'>>;
}
