// The Kysely table types of the platform database (kept in step with db/migrations/).
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { WorkDay } from '../../core/calendar/work-calendar.ts';
import type { TimeRange } from '../../core/calendar/time-ranges.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;
/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type DefaultedJson<T> = ColumnType<T, string | undefined, string>;
/** Extension field values under their spare column: text, or the choices of a checkbox field. */
export type ExtValues = Record<string, string | string[]>;

export interface SuperusersTable {
  id: string;
  name: string;
  loginno: string;
  password_hash: string;
  email: Defaulted<string>;
  status: Defaulted<number>;
  super_admin: Defaulted<boolean>;
  domain_admin: Defaulted<boolean>;
  developer: Defaulted<boolean>;
  /** super | admin | secret | examine | develop | domain (security-separation officer types and plain roles). */
  type: Defaulted<string>;
  /** The password policy's state (migration 0004): maximum age, lock, forced change. */
  password_changed_at: Defaulted<Date>;
  failed_logins: Defaulted<number>;
  locked_until: Defaulted<Date | null>;
  must_change_password: Defaulted<boolean>;
  /** A built-in officer (migration 0007): its type and its empty scope are fixed, it cannot be deleted. */
  builtin: Defaulted<boolean>;
  /** The language of its last login (migration 0008), for what the server sends it unasked; '' = unknown. */
  language: Defaulted<string>;
  /** Where SMS notices go (migration 0005); '' = none. */
  telephone: Defaulted<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SuperuserDomainsTable {
  superuser_id: string;
  domain_id: string;
}

export interface SuperuserDepartmentsTable {
  superuser_id: string;
  department_id: string;
}

export interface SuperuserApplicationsTable {
  superuser_id: string;
  application_id: string;
}

export interface DomainsTable {
  id: string;
  name: string;
  system_name: Defaulted<string>;
  sms_member_code: Defaulted<string>;
  sms_member_pwd: Defaulted<string>;
  description: Defaulted<string>;
  logo_url: Defaulted<string>;
  status: Defaulted<number>;
  /** Extension fields (field1…fieldN) of the tenant table. */
  ext: DefaultedJson<ExtValues>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Migration 0014 (docs/adr/0040-open-api-secret-and-tokens.md): an enterprise's Open API secret, as its SHA-256. */
export interface DomainSecretsTable {
  domain_id: string;
  secret_hash: string;
  hint: string;
  created_at: CreatedAt;
}

/** Migration 0014 (docs/adr/0040-open-api-secret-and-tokens.md): the access tokens a secret was exchanged for, as their SHA-256. */
export interface ApiTokensTable {
  token_hash: string;
  domain_id: string;
  expires_at: Date;
  /** Migration 0030 (docs/adr/0063-api-docs-sign-in-web-services.md): an API documentation sign-in is a token bound to one user, made by a
   *  privileged user for a reason; null for a token a secret was exchanged for. */
  user_id: Defaulted<string | null>;
  signed_in_by: Defaulted<string | null>;
  reason: Defaulted<string | null>;
  created_at: CreatedAt;
  /** Migration 0032 (docs/adr/0068-monitor-cost-docs-sign-in-language.md): the console session that made a documentation sign-in; the row goes with it. */
  session_id: Defaulted<string | null>;
}

/** Migration 0015 (docs/adr/0041-module-switches-knowledge.md): an application's knowledge base in an enterprise, on or off. */
export interface KmSettingsTable {
  domain_id: string;
  application_id: string;
  enabled: Defaulted<boolean>;
  updated_at: UpdatedAt;
}

export type KmKind = 'enterprise' | 'committee' | 'department';

/** Migration 0015 (docs/adr/0041-module-switches-knowledge.md): who manages an application's knowledge base in an enterprise, and as what. */
export interface KmManagersTable {
  domain_id: string;
  application_id: string;
  user_id: string;
  kind: KmKind;
}

export interface DepartmentsTable {
  id: string;
  domain_id: string;
  superior_id: string | null;
  name: string;
  code: Defaulted<string>;
  level: Defaulted<number>;
  order_no: Defaulted<number>;
  valid: Defaulted<boolean>;
  /** Extension fields (field1…field20) of the department table. */
  ext: DefaultedJson<ExtValues>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Migration 0012: users per tenant and department ('' = none), kept by triggers on users. */
export interface UserCountsTable {
  domain_id: string;
  department_id: string;
  users: number;
}

export interface UsersTable {
  id: string;
  domain_id: string;
  department_id: string | null;
  name: string;
  loginno: string;
  password_hash: string | null;
  email: Defaulted<string>;
  telephone: Defaulted<string>;
  /** 1 on the job, 0 resigned (a resigned user stays, it cannot sign in nor stand in for anyone). */
  status: Defaulted<number>;
  /** Extension fields (field1…field20) of the user table. */
  ext: DefaultedJson<ExtValues>;
  /** Migration 0010: the rest of the spec's user record. */
  calendar_id: Defaulted<string | null>;
  /** Who acts for this user between proxy_start and proxy_end (dates, yyyy-MM-dd). */
  proxy_user_id: Defaulted<string | null>;
  proxy_start: Defaulted<string | null>;
  proxy_end: Defaulted<string | null>;
  domain_admin: Defaulted<boolean>;
  liaison: Defaulted<boolean>;
  login_locked: Defaulted<boolean>;
  use_im: Defaulted<boolean>;
  order_no: Defaulted<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface FieldExtendsTable {
  fid: string;
  /** Null: a platform-level field (every enterprise). */
  domain_id: string | null;
  /** The spare column used: field1…field20. */
  name: string;
  label: string;
  type: string;
  for_table: string;
  enabel: Defaulted<boolean>;
  sort_number: Defaulted<number>;
  options: Defaulted<string>;
  is_not_null: Defaulted<boolean>;
  is_readonly: Defaulted<boolean>;
  is_support_search: Defaulted<boolean>;
  created_at: CreatedAt;
}

export interface ApplicationsTable {
  id: string;
  domain_id: string | null;
  name: string;
  description: Defaulted<string>;
  created_at: CreatedAt;
  /** Migration 0013: the package it was installed from (null: a tenant's own application). */
  package_id: Defaulted<string | null>;
  version: Defaulted<string | null>;
  /** The name in each language ({en, zh, cn}); `name` holds the English one. */
  names: DefaultedJson<unknown | null>;
  /** The manifest of the installed version, compared with the next upgrade's. */
  manifest: DefaultedJson<unknown | null>;
  updated_at: Defaulted<Date | null>;
}

export interface DomainApplicationsTable {
  domain_id: string;
  application_id: string;
  enabled: Defaulted<boolean>;
  is_default: Defaulted<boolean>;
  disabled_modules: Defaulted<string[]>;
  bound_at: CreatedAt;
}

/** A part an application's package brings (app_modules, app_resources, app_menus, app_forms, app_processes). */
interface PackagePart {
  application_id: string;
  id: string;
  names: Json;
  order_no: Defaulted<number>;
}

export type AppModulesTable = PackagePart;
export interface AppResourcesTable extends PackagePart {
  module_id: string;
}
export interface AppMenusTable extends PackagePart {
  kind: 'pc' | 'mobile';
  parent_id: string | null;
  module_id: string | null;
  icon: string | null;
}
export interface AppFormsTable extends PackagePart {
  module_id: string;
  fields: Json;
}
export interface AppProcessesTable extends PackagePart {
  form_id: string;
  bpmn: string;
}

export interface AppRolesTable {
  id: string;
  application_id: string;
  /** The package's id of the role; null for one an administrator added. */
  package_role: string | null;
  name: string;
  names: ColumnType<unknown, string | null, string | null>;
  created_at: CreatedAt;
}

export interface RoleMenusTable {
  role_id: string;
  kind: 'pc' | 'mobile';
  menu_id: string;
}

export interface RoleResourcesTable {
  role_id: string;
  resource_id: string;
}

export interface RoleUsersTable {
  role_id: string;
  user_id: string;
}

export interface SessionsTable {
  /** sha256 of the cookie value, so a leaked table does not hand out live sessions. */
  id: string;
  superuser_id: string;
  csrf_token: string;
  ip: Defaulted<string>;
  user_agent: Defaulted<string>;
  created_at: CreatedAt;
  last_seen_at: UpdatedAt;
  expires_at: Date | string;
}

export interface CaptchasTable {
  id: string;
  text: string;
  expires_at: Date | string;
}

export interface ConfigTable {
  key: string;
  value: Json;
}

export interface StoreRecordsTable {
  collection: string;
  id: string;
  data: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  seq: Generated<number>;
}

/** The message centre of privileged users (migration 0005). */
export interface MessagesTable {
  id: string;
  superuser_id: string;
  title: string;
  body: string;
  created_at: CreatedAt;
  read_at: Defaulted<Date | null>;
}

/** One attempt to send a password-expiry notice over one method (migration 0005). */
export interface PasswordNoticesTable {
  id: string;
  superuser_id: string;
  /** The password warned about: a new password starts a new round. */
  password_changed_at: Date;
  method: 'sms' | 'messageCenter' | 'email';
  status: 'sent' | 'failed' | 'skipped';
  detail: Defaulted<string>;
  created_at: CreatedAt;
}

/** The running or last maintenance job of the deployment (one row, id 'deployment'; docs/adr/0013-maintenance-push-directory-test.md). */
export interface MaintenanceJobsTable {
  id: string;
  /** Which start owns the row: a finishing job writes its outcome only while it still does. */
  run_id: string;
  job: string;
  status: string;
  progress: Defaulted<number>;
  message: Defaulted<string>;
  started_at: Defaulted<Date>;
  finished_at: Defaulted<Date | null>;
  /** Written every few seconds while the job runs: an old one means its instance died. */
  heartbeat_at: Defaulted<Date>;
}

/** Rate-limit counters (migration 0009): per route and client address, the current window's hits. */
export interface RateLimitHitsTable {
  key: string;
  window_start: Defaulted<Date>;
  hits: Defaulted<number>;
}

/** The process engine's tables (migration 0017, docs/adr/0044-engine-state-in-tables.md). */
export interface ProcessVersionsTable {
  id: string;
  application_id: string;
  process_id: string;
  version: number;
  bpmn: string;
  graph: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

export type InstanceStatus = 'running' | 'completed' | 'deleted';

export interface FlowInstancesTable {
  id: string;
  domain_id: string;
  application_id: string;
  process_id: string;
  version_id: string;
  title: Defaulted<string>;
  summary: Defaulted<string>;
  form_data: DefaultedJson<Record<string, unknown>>;
  status: InstanceStatus;
  initiator_id: string;
  started_at: Defaulted<Date>;
  updated_at: Defaulted<Date>;
  completed_at: Date | null;
  last_actor_id: string | null;
  state_label: Defaulted<string>;
  auditor_names: Defaulted<string>;
}

export interface FlowTokensTable {
  id: string;
  instance_id: string;
  node_id: string;
  state: 'active' | 'joining';
  via_flow: string | null;
  created_at: Defaulted<Date>;
}

export type TaskStatus = 'open' | 'done' | 'cancelled';

export interface FlowTasksTable {
  id: string;
  instance_id: string;
  token_id: string | null;
  node_id: string;
  assignee_id: string;
  status: TaskStatus;
  created_at: Defaulted<Date>;
  done_at: Date | null;
  comment: Defaulted<string>;
  created_by_action: number | null;
  /** Its instance's, copied by a trigger at insert (migration 0018, docs/adr/0047-workflow-dashboard-figures.md). */
  domain_id: Generated<string>;
  application_id: Generated<string>;
  process_id: Generated<string>;
  /** A batch change of approvers that made or cancelled it (undo). */
  made_by_batch: Defaulted<string | null>;
  cancelled_by_batch: Defaulted<string | null>;
}

export interface FlowBatchesTable {
  id: string;
  domain_id: string;
  admin_id: string | null;
  comment: Defaulted<string>;
  created_at: Defaulted<Date>;
  undone_at: Date | null;
}

export type FlowAction =
  'start' | 'submit' | 'back' | 'retract' | 'auto' | 'complete' | 'delete' | 'intervene' | 'reassign';

export interface FlowHistoryTable {
  id: Generated<number>;
  instance_id: string;
  at: Defaulted<Date>;
  actor_id: string | null;
  admin_id: Defaulted<string | null>;
  action: FlowAction;
  node_id: string | null;
  to_nodes: DefaultedJson<string[]>;
  comment: Defaulted<string>;
}

export type MailStatus = 'pending' | 'sent' | 'skipped' | 'failed';

/** A new task in its approver's message centre, and the mail outbox (migration 0019). */
export interface TaskMessagesTable {
  id: string;
  domain_id: string;
  user_id: string;
  task_id: string;
  instance_id: string;
  created_at: Defaulted<Date>;
  read_at: Defaulted<Date | null>;
  mail_status: Defaulted<MailStatus>;
  mail_detail: Defaulted<string>;
  mail_attempts: Defaulted<number>;
  mail_at: Defaulted<Date | null>;
}

/** An account an enterprise's registration made on the messaging service, its cloud centre (migration 0021, docs/adr/0054-cloud-centre-messaging.md). */
export interface CloudAccountsTable {
  domain_id: string;
  username: string;
  created_at: Defaulted<Date>;
}

/** One instance's sample of itself, every 5 s, kept a day (migration 0026, docs/adr/0059-system-monitoring.md). */
export interface ServerSamplesTable {
  instance: string;
  at: Date | string;
  cpu_load: number;
  thread_num: number;
  heap_used: number;
  non_heap_used: number;
  rss: number;
}

/** Work calendars (docs/adr/0055-work-calendars.md); `week` and `ranges` hold the core calendar's WorkDay[] and TimeRange[]. */
export interface WorkCalendarsTable {
  id: string;
  domain_id: string;
  name: string;
  time_zone: Defaulted<string>;
  week: Json<WorkDay[]>;
  is_default: Defaulted<boolean>;
  created_at: Defaulted<Date>;
  updated_at: Defaulted<Date>;
}

export interface CalendarSpecialDaysTable {
  id: string;
  calendar_id: string;
  start_date: string;
  end_date: string;
  kind: 'holiday' | 'workday';
  name: Defaulted<string>;
  ranges: DefaultedJson<TimeRange[]>;
  created_at: Defaulted<Date>;
}

/** One logged call with effects (migration 0023, docs/adr/0056-operation-log.md); everything but the review fields is hashed. */
export interface OperationLogTable {
  seq: string;
  chain: string;
  at: Date;
  domain_id: string | null;
  user_id: string | null;
  user_name: string;
  user_kind: string;
  ip: string;
  call_id: string;
  method: string;
  path: string;
  target_id: string;
  change: Json<unknown>;
  errcode: number;
  message: string;
  prev_hash: string;
  hash: string;
  remark: Defaulted<string>;
  reviewed: Defaulted<boolean>;
  reviewed_by: Defaulted<string>;
  reviewed_at: Defaulted<Date | null>;
}

/** What a retention delete removed from the start of a chain, signed with the log's key (docs/adr/0056-operation-log.md). */
export interface OperationLogCheckpointsTable {
  chain: string;
  up_to_seq: string;
  last_hash: string;
  deleted: number;
  at: Date;
  by_user: string;
  signature: string;
}

/** Each chain's signed head (migration 0038, ADR 0087). */
export interface OperationLogHeadsTable {
  chain: string;
  entries: number;
  last_seq: string;
  last_hash: string;
  keyed_from: string;
  key_id: string;
  signature: string;
}

export interface OperationLogKeyTable {
  id: number;
  secret: string;
}

/** An enterprise's mail settings (migration 0025, docs/adr/0058-enterprise-mail-settings.md). */
export interface DomainMailSettingsTable {
  domain_id: string;
  enabled: Defaulted<boolean>;
  send_host: Defaulted<string>;
  address: string;
  account: Defaulted<string>;
  password: Defaulted<string>;
  cc_address: Defaulted<string>;
  smtp_server: string;
  smtp_port: number;
  fetch_server: Defaulted<string>;
  fetch_port: Defaulted<number>;
  protocol: Defaulted<string>;
  ssl: Defaulted<boolean>;
  allow_attachment: Defaulted<boolean>;
  updated_at: Defaulted<Date>;
}

/** An enterprise's settings of one messaging suite (docs/adr/0061-messaging-suites.md, migration 0028). */
export interface DomainImSettingsTable {
  domain_id: string;
  service: 'wechat' | 'dingding' | 'feishu';
  settings: Json<Record<string, string | number>>;
  updated_at: Defaulted<Date>;
}

/** An application's own agent in an enterprise's messaging suite (docs/adr/0067-application-agent-messaging.md). */
export interface DomainImAppAgentsTable {
  domain_id: string;
  application_id: string;
  service: 'wechat' | 'dingding' | 'feishu';
  settings: Json<Record<string, string>>;
  updated_at: Defaulted<Date>;
}

export type TimedTaskStartType = 'manual' | 'auto' | 'banned';
export type TimedTaskPeriod = 'none' | 'immediately' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'weekday';

/** A timed task (migration 0024, docs/adr/0057-timed-tasks.md): the platform's periodic jobs, registered at start. */
export interface TimedTasksTable {
  id: string;
  creator: string;
  start_type: TimedTaskStartType;
  state: Defaulted<'stopped' | 'run'>;
  period: TimedTaskPeriod;
  run_time: string;
  run_date: Defaulted<string | null>;
  run_count: Defaulted<number>;
  next_run_at: Defaulted<Date | null>;
  /** Bumped by every start and stop: a croner job built from an older version claims nothing. */
  version: Defaulted<number>;
  updated_at: Defaulted<Date>;
}

export type TimedRunOutcome = 'running' | 'done' | 'failed' | 'interrupted';

/** One run of a timed task, claimed by one instance (migration 0024, docs/adr/0057-timed-tasks.md). */
export interface TimedTaskRunsTable {
  id: string;
  task_id: string;
  due_at: Date;
  started_at: Defaulted<Date>;
  finished_at: Defaulted<Date | null>;
  heartbeat_at: Defaulted<Date>;
  outcome: Defaulted<TimedRunOutcome>;
  message: Defaulted<string>;
  instance: string;
}

/** A domain's settings for one sync source (migration 0027, docs/adr/0060-directory-sync.md); `options` are the source's own. */
export interface SyncSettingsTable {
  domain_id: string;
  kind: string;
  scheduled: Defaulted<boolean>;
  resign_cap: Defaulted<number>;
  options: DefaultedJson<Record<string, unknown>>;
  updated_at: Defaulted<Date>;
}

/** Which department / user a source's key stands for (migration 0027, docs/adr/0060-directory-sync.md). */
export interface SyncDepartmentLinksTable {
  domain_id: string;
  kind: string;
  external_id: string;
  department_id: string;
}

export interface SyncUserLinksTable {
  domain_id: string;
  kind: string;
  external_id: string;
  user_id: string;
}

export type SyncRunStatus = 'running' | 'succeeded' | 'failed' | 'refused';

/** One sync run, updated while it runs (migration 0027, docs/adr/0060-directory-sync.md). */
export interface SyncRunsTable {
  id: string;
  domain_id: string;
  kind: string;
  mode: 'full' | 'incremental';
  dry_run: boolean;
  trigger: Defaulted<'manual' | 'schedule'>;
  started_by: Defaulted<string>;
  status: Defaulted<SyncRunStatus>;
  phase: Defaulted<string>;
  read_count: Defaulted<number>;
  started_at: Defaulted<Date>;
  ended_at: Defaulted<Date | null>;
  counts: DefaultedJson<Record<string, number>>;
  errors: DefaultedJson<unknown[]>;
  changes: DefaultedJson<unknown[]>;
  message: Defaulted<string>;
}

export interface DatabaseSchema {
  superusers: SuperusersTable;
  superuser_domains: SuperuserDomainsTable;
  superuser_departments: SuperuserDepartmentsTable;
  superuser_applications: SuperuserApplicationsTable;
  domains: DomainsTable;
  domain_secrets: DomainSecretsTable;
  api_tokens: ApiTokensTable;
  km_settings: KmSettingsTable;
  km_managers: KmManagersTable;
  departments: DepartmentsTable;
  users: UsersTable;
  user_counts: UserCountsTable;
  applications: ApplicationsTable;
  domain_applications: DomainApplicationsTable;
  app_modules: AppModulesTable;
  app_resources: AppResourcesTable;
  app_menus: AppMenusTable;
  app_forms: AppFormsTable;
  app_processes: AppProcessesTable;
  app_roles: AppRolesTable;
  role_menus: RoleMenusTable;
  role_resources: RoleResourcesTable;
  role_users: RoleUsersTable;
  field_extends: FieldExtendsTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  config: ConfigTable;
  store_records: StoreRecordsTable;
  maintenance_jobs: MaintenanceJobsTable;
  rate_limit_hits: RateLimitHitsTable;
  messages: MessagesTable;
  password_notices: PasswordNoticesTable;
  process_versions: ProcessVersionsTable;
  flow_instances: FlowInstancesTable;
  flow_tokens: FlowTokensTable;
  flow_tasks: FlowTasksTable;
  flow_history: FlowHistoryTable;
  flow_batches: FlowBatchesTable;
  task_messages: TaskMessagesTable;
  cloud_accounts: CloudAccountsTable;
  server_samples: ServerSamplesTable;
  work_calendars: WorkCalendarsTable;
  calendar_special_days: CalendarSpecialDaysTable;
  operation_log: OperationLogTable;
  operation_log_checkpoints: OperationLogCheckpointsTable;
  operation_log_key: OperationLogKeyTable;
  operation_log_heads: OperationLogHeadsTable;
  domain_mail_settings: DomainMailSettingsTable;
  domain_im_settings: DomainImSettingsTable;
  domain_im_app_agents: DomainImAppAgentsTable;
  timed_tasks: TimedTasksTable;
  timed_task_runs: TimedTaskRunsTable;
  sync_settings: SyncSettingsTable;
  sync_department_links: SyncDepartmentLinksTable;
  sync_user_links: SyncUserLinksTable;
  sync_runs: SyncRunsTable;
}

export type Db = Kysely<DatabaseSchema>;
