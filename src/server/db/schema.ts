// The Kysely types of the platform database, generated from db/migrations/ by `npm run atrium -- db-types`
// (kysely-codegen; docs/adr/0101-database-types-generated.md). Do not edit: change a migration or
// generator/db-types/column-shapes.ts and regenerate.
import type { TimeRange } from '../../core/calendar/time-ranges.ts';
import type { WorkDay } from '../../core/calendar/work-calendar.ts';
import type {
  ClientKind,
  ExtValues,
  FlowAction,
  ImService,
  InstanceStatus,
  Int8Value,
  JsonText,
  KmKind,
  MailStatus,
  SyncRunStatus,
  TaskStatus,
  TimedRunOutcome,
  TimedTaskPeriod,
  TimedTaskStartType,
} from './column-types.ts';
import type { ColumnType, Kysely } from 'kysely';

export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface ApiTokens {
  created_at: Generated<Timestamp>;
  domain_id: string;
  expires_at: Timestamp;
  reason: string | null;
  session_id: string | null;
  signed_in_by: string | null;
  token_hash: string;
  user_id: string | null;
}

export interface AppForms {
  application_id: string;
  fields: JsonText;
  id: string;
  module_id: string;
  names: JsonText;
  order_no: Generated<number>;
}

export interface Applications {
  created_at: Generated<Timestamp>;
  description: Generated<string>;
  domain_id: string | null;
  id: string;
  manifest: JsonText | null;
  name: string;
  names: JsonText | null;
  package_id: string | null;
  updated_at: Timestamp | null;
  version: string | null;
}

export interface AppMenus {
  application_id: string;
  icon: string | null;
  id: string;
  kind: ClientKind;
  module_id: string | null;
  names: JsonText;
  order_no: Generated<number>;
  parent_id: string | null;
}

export interface AppModules {
  application_id: string;
  id: string;
  names: JsonText;
  order_no: Generated<number>;
}

export interface AppProcesses {
  application_id: string;
  bpmn: string;
  form_id: string;
  id: string;
  names: JsonText;
  order_no: Generated<number>;
}

export interface AppResources {
  application_id: string;
  id: string;
  module_id: string;
  names: JsonText;
  order_no: Generated<number>;
}

export interface AppRoles {
  application_id: string;
  created_at: Generated<Timestamp>;
  id: string;
  name: string;
  names: JsonText | null;
  package_role: string | null;
}

export interface CalendarSpecialDays {
  calendar_id: string;
  created_at: Generated<Timestamp>;
  end_date: string;
  id: string;
  kind: 'holiday' | 'workday';
  name: Generated<string>;
  ranges: Generated<JsonText<TimeRange[]>>;
  start_date: string;
}

export interface Captchas {
  expires_at: Timestamp;
  id: string;
  text: string;
}

export interface CloudAccounts {
  created_at: Generated<Timestamp>;
  domain_id: string;
  username: string;
}

export interface Config {
  key: string;
  value: JsonText;
}

export interface Departments {
  code: Generated<string>;
  created_at: Generated<Timestamp>;
  domain_id: string;
  ext: Generated<JsonText<ExtValues>>;
  id: string;
  level: Generated<number>;
  name: string;
  order_no: Generated<number>;
  superior_id: string | null;
  updated_at: Generated<Timestamp>;
  valid: Generated<boolean>;
}

export interface DomainApplications {
  application_id: string;
  bound_at: Generated<Timestamp>;
  disabled_modules: Generated<string[]>;
  domain_id: string;
  enabled: Generated<boolean>;
  is_default: Generated<boolean>;
}

export interface DomainImAppAgents {
  application_id: string;
  domain_id: string;
  service: ImService;
  settings: JsonText<Record<string, string>>;
  updated_at: Generated<Timestamp>;
}

export interface DomainImSettings {
  domain_id: string;
  service: ImService;
  settings: JsonText<Record<string, number | string>>;
  updated_at: Generated<Timestamp>;
}

export interface DomainMailSettings {
  account: Generated<string>;
  address: string;
  allow_attachment: Generated<boolean>;
  cc_address: Generated<string>;
  domain_id: string;
  enabled: Generated<boolean>;
  fetch_port: Generated<number>;
  fetch_server: Generated<string>;
  password: Generated<string>;
  protocol: Generated<string>;
  send_host: Generated<string>;
  smtp_port: number;
  smtp_server: string;
  ssl: Generated<boolean>;
  updated_at: Generated<Timestamp>;
}

export interface DomainNodeApprovers {
  application_id: string;
  approvers: string;
  domain_id: string;
  node_id: string;
  process_id: string;
  updated_at: Generated<Timestamp>;
}

export interface Domains {
  created_at: Generated<Timestamp>;
  description: Generated<string>;
  ext: Generated<JsonText<ExtValues>>;
  id: string;
  logo_url: Generated<string>;
  name: string;
  sms_member_code: Generated<string>;
  sms_member_pwd: Generated<string>;
  status: Generated<number>;
  system_name: Generated<string>;
  updated_at: Generated<Timestamp>;
}

export interface DomainSecrets {
  created_at: Generated<Timestamp>;
  domain_id: string;
  hint: string;
  secret_hash: string;
}

export interface FieldExtends {
  created_at: Generated<Timestamp>;
  domain_id: string | null;
  enabel: Generated<boolean>;
  fid: string;
  for_table: string;
  is_not_null: Generated<boolean>;
  is_readonly: Generated<boolean>;
  is_support_search: Generated<boolean>;
  label: string;
  name: string;
  options: Generated<string>;
  sort_number: Generated<number>;
  type: string;
}

export interface FlowBatches {
  admin_id: string | null;
  comment: Generated<string>;
  created_at: Generated<Timestamp>;
  domain_id: string;
  id: string;
  undone_at: Timestamp | null;
}

export interface FlowFigureChanges {
  application_id: string;
  changes: Generated<Int8Value>;
  domain_id: string;
  hour: Int8Value;
}

export interface FlowFigureDays {
  application_id: string;
  changes: Int8Value;
  day_end: Timestamp;
  day_start: Timestamp;
  domain_id: string;
  figures: JsonText;
  hours_key: string;
  slowest: JsonText;
}

export interface FlowHistory {
  action: FlowAction;
  actor_id: string | null;
  admin_id: string | null;
  at: Generated<Timestamp>;
  comment: Generated<string>;
  id: Generated<Int8Value>;
  instance_id: string;
  node_id: string | null;
  to_nodes: Generated<JsonText<string[]>>;
}

export interface FlowInstances {
  application_id: string;
  auditor_names: Generated<string>;
  business_key: string | null;
  call_depth: Generated<number>;
  completed_at: Timestamp | null;
  domain_id: string;
  form_data: Generated<JsonText<Record<string, unknown>>>;
  id: string;
  initiator_id: string;
  last_actor_id: string | null;
  parent_id: string | null;
  parent_token_id: string | null;
  process_id: string;
  started_at: Generated<Timestamp>;
  state_label: Generated<string>;
  state_nodes: Generated<string[]>;
  status: InstanceStatus;
  summary: Generated<string>;
  title: Generated<string>;
  updated_at: Generated<Timestamp>;
  version_id: string;
}

export interface FlowJobs {
  application_id: string | null;
  correlation_key: string | null;
  created_at: Generated<Timestamp>;
  due_at: Timestamp | null;
  error: Generated<string>;
  failed_at: Timestamp | null;
  id: string;
  instance_id: string | null;
  kind: string;
  locked_by: string | null;
  locked_until: Timestamp | null;
  node_id: string;
  process_id: string | null;
  repeats_left: number | null;
  retries: Generated<number>;
  suspended_at: Timestamp | null;
  token_id: string | null;
  topic: string | null;
}

export interface FlowTasks {
  application_id: string | null;
  assignee_id: string;
  cancelled_by_batch: string | null;
  comment: Generated<string>;
  created_at: Generated<Timestamp>;
  created_by_action: Int8Value | null;
  domain_id: string | null;
  done_at: Timestamp | null;
  id: string;
  instance_id: string;
  locals: JsonText<Record<string, unknown>> | null;
  made_by_batch: string | null;
  node_id: string;
  output: JsonText<{
    for?: string;
    index?: number;
    chosen?: Array<{ user: string; index: number }>;
    value?: unknown;
    set?: { before?: unknown };
    ended?: number;
  }> | null;
  process_id: string | null;
  status: TaskStatus;
  token_id: string | null;
}

export interface FlowTokens {
  conditions_held: string[] | null;
  created_at: Generated<Timestamp>;
  id: string;
  inner_index: number | null;
  instance_id: string;
  locals: JsonText<Record<string, unknown>> | null;
  loop_done: number | null;
  loop_index: number | null;
  loop_items: string | null;
  loop_output: JsonText<{ list: unknown[]; locals: Record<string, Record<string, unknown>> }> | null;
  node_id: string;
  state: 'active' | 'joining';
  via_flow: string | null;
}

export interface KmManagers {
  application_id: string;
  domain_id: string;
  kind: KmKind;
  user_id: string;
}

export interface KmSettings {
  application_id: string;
  domain_id: string;
  enabled: Generated<boolean>;
  updated_at: Generated<Timestamp>;
}

export interface MaintenanceJobs {
  finished_at: Timestamp | null;
  heartbeat_at: Generated<Timestamp>;
  id: string;
  job: string;
  message: Generated<string>;
  progress: Generated<number>;
  run_id: string;
  started_at: Generated<Timestamp>;
  status: string;
}

export interface Messages {
  body: string;
  created_at: Generated<Timestamp>;
  id: string;
  read_at: Timestamp | null;
  superuser_id: string;
  title: string;
}

export interface NamePieceTenants {
  after_id: string | null;
  after_name: string | null;
  after_order_no: number | null;
  complete: Generated<boolean>;
  completed_at: Timestamp | null;
  domain_id: string;
  listed_at: Generated<Timestamp>;
}

export interface OperationLog {
  at: Timestamp;
  call_id: string;
  chain: string;
  change: JsonText | null;
  domain_id: string | null;
  errcode: number;
  hash: string;
  ip: Generated<string>;
  message: Generated<string>;
  method: string;
  path: string;
  prev_hash: string;
  remark: Generated<string>;
  reviewed: Generated<boolean>;
  reviewed_at: Timestamp | null;
  reviewed_by: Generated<string>;
  seq: Int8Value;
  target_id: Generated<string>;
  user_id: string | null;
  user_kind: Generated<string>;
  user_name: Generated<string>;
}

export interface OperationLogCheckpoints {
  at: Timestamp;
  by_user: string;
  chain: string;
  deleted: number;
  last_hash: string;
  signature: string;
  up_to_seq: Int8Value;
}

export interface OperationLogCounts {
  chain: string;
  changes: Generated<Int8Value>;
  entries: Int8Value;
  removed: Generated<Int8Value>;
}

export interface OperationLogHeads {
  chain: string;
  entries: Int8Value;
  key_id: string;
  keyed_from: Int8Value;
  last_hash: string;
  last_seq: Int8Value;
  signature: string;
}

export interface OperationLogKey {
  id: number;
  secret: string;
}

export interface OperationLogOperators {
  chain: string;
  user_name: string;
}

export interface PasswordNotices {
  created_at: Generated<Timestamp>;
  detail: Generated<string>;
  id: string;
  method: 'sms' | 'messageCenter' | 'email';
  password_changed_at: Timestamp;
  status: 'sent' | 'failed' | 'skipped';
  superuser_id: string;
}

export interface ProcessVersions {
  application_id: string;
  bpmn: string;
  created_at: Generated<Timestamp>;
  graph: JsonText;
  id: string;
  process_id: string;
  version: number;
}

export interface RateLimitHits {
  hits: Generated<number>;
  key: string;
  window_start: Generated<Timestamp>;
}

export interface RoleMenus {
  kind: ClientKind;
  menu_id: string;
  role_id: string;
}

export interface RoleResources {
  resource_id: string;
  role_id: string;
}

export interface RoleUsers {
  role_id: string;
  user_id: string;
}

export interface ServerSamples {
  at: Timestamp;
  cpu_load: number;
  heap_used: number;
  instance: string;
  non_heap_used: number;
  rss: number;
  thread_num: number;
}

export interface Sessions {
  created_at: Generated<Timestamp>;
  csrf_token: string;
  expires_at: Timestamp;
  id: string;
  ip: Generated<string>;
  last_seen_at: Generated<Timestamp>;
  superuser_id: string;
  user_agent: Generated<string>;
}

export interface StoreRecords {
  collection: string;
  created_at: Generated<Timestamp>;
  data: JsonText<Record<string, unknown>>;
  domain_id: string | null;
  id: string;
  seq: Generated<Int8Value>;
  updated_at: Generated<Timestamp>;
}

export interface SuperuserApplications {
  application_id: string;
  superuser_id: string;
}

export interface SuperuserDepartments {
  department_id: string;
  superuser_id: string;
}

export interface SuperuserDomains {
  domain_id: string;
  superuser_id: string;
}

export interface Superusers {
  builtin: Generated<boolean>;
  created_at: Generated<Timestamp>;
  developer: Generated<boolean>;
  domain_admin: Generated<boolean>;
  email: Generated<string>;
  failed_logins: Generated<number>;
  id: string;
  language: Generated<string>;
  locked_until: Timestamp | null;
  loginno: string;
  must_change_password: Generated<boolean>;
  name: string;
  password_changed_at: Generated<Timestamp>;
  password_hash: string;
  status: Generated<number>;
  super_admin: Generated<boolean>;
  telephone: Generated<string>;
  type: Generated<string>;
  updated_at: Generated<Timestamp>;
}

export interface SyncDepartmentLinks {
  department_id: string;
  domain_id: string;
  external_id: string;
  kind: string;
}

export interface SyncRuns {
  changes: Generated<JsonText<unknown[]>>;
  counts: Generated<JsonText<Record<string, number>>>;
  domain_id: string;
  dry_run: boolean;
  ended_at: Timestamp | null;
  errors: Generated<JsonText<unknown[]>>;
  id: string;
  kind: string;
  message: Generated<string>;
  mode: 'full' | 'incremental';
  phase: Generated<string>;
  read_count: Generated<number>;
  started_at: Generated<Timestamp>;
  started_by: Generated<string>;
  status: Generated<SyncRunStatus>;
  trigger: Generated<'manual' | 'schedule'>;
}

export interface SyncSettings {
  domain_id: string;
  kind: string;
  options: Generated<JsonText<Record<string, unknown>>>;
  resign_cap: Generated<number>;
  scheduled: Generated<boolean>;
  updated_at: Generated<Timestamp>;
}

export interface SyncUserLinks {
  domain_id: string;
  external_id: string;
  kind: string;
  user_id: string;
}

export interface TaskMessages {
  created_at: Generated<Timestamp>;
  domain_id: string;
  id: string;
  instance_id: string;
  mail_at: Timestamp | null;
  mail_attempts: Generated<number>;
  mail_detail: Generated<string>;
  mail_status: Generated<MailStatus>;
  read_at: Timestamp | null;
  task_id: string;
  user_id: string;
}

export interface TimedTaskRuns {
  due_at: Timestamp;
  finished_at: Timestamp | null;
  heartbeat_at: Generated<Timestamp>;
  id: string;
  instance: string;
  message: Generated<string>;
  outcome: Generated<TimedRunOutcome>;
  started_at: Generated<Timestamp>;
  task_id: string;
}

export interface TimedTasks {
  creator: string;
  id: string;
  next_run_at: Timestamp | null;
  period: TimedTaskPeriod;
  run_count: Generated<number>;
  run_date: string | null;
  run_time: string;
  start_type: TimedTaskStartType;
  state: Generated<'stopped' | 'run'>;
  updated_at: Generated<Timestamp>;
  version: Generated<number>;
}

export interface UserCounts {
  changes: Generated<Int8Value>;
  department_id: string;
  domain_id: string;
  users: number;
}

export interface UserNamePieces {
  domain_id: string;
  name: string;
  order_no: number;
  piece: string;
  user_id: string;
}

export interface Users {
  calendar_id: string | null;
  created_at: Generated<Timestamp>;
  department_id: string | null;
  domain_admin: Generated<boolean>;
  domain_id: string;
  email: Generated<string>;
  ext: Generated<JsonText<ExtValues>>;
  id: string;
  liaison: Generated<boolean>;
  login_locked: Generated<boolean>;
  loginno: string;
  name: string;
  order_no: Generated<number>;
  password_hash: string | null;
  proxy_end: Timestamp | null;
  proxy_start: Timestamp | null;
  proxy_user_id: string | null;
  status: Generated<number>;
  telephone: Generated<string>;
  updated_at: Generated<Timestamp>;
  use_im: Generated<boolean>;
}

export interface UserTotals {
  changes: Generated<Int8Value>;
  domain_id: string;
  users: number;
}

export interface WorkCalendars {
  created_at: Generated<Timestamp>;
  domain_id: string;
  id: string;
  is_default: Generated<boolean>;
  name: string;
  time_zone: Generated<string>;
  updated_at: Generated<Timestamp>;
  week: JsonText<WorkDay[]>;
}

export interface DB {
  api_tokens: ApiTokens;
  app_forms: AppForms;
  app_menus: AppMenus;
  app_modules: AppModules;
  app_processes: AppProcesses;
  app_resources: AppResources;
  app_roles: AppRoles;
  applications: Applications;
  calendar_special_days: CalendarSpecialDays;
  captchas: Captchas;
  cloud_accounts: CloudAccounts;
  config: Config;
  departments: Departments;
  domain_applications: DomainApplications;
  domain_im_app_agents: DomainImAppAgents;
  domain_im_settings: DomainImSettings;
  domain_mail_settings: DomainMailSettings;
  domain_node_approvers: DomainNodeApprovers;
  domain_secrets: DomainSecrets;
  domains: Domains;
  field_extends: FieldExtends;
  flow_batches: FlowBatches;
  flow_figure_changes: FlowFigureChanges;
  flow_figure_days: FlowFigureDays;
  flow_history: FlowHistory;
  flow_instances: FlowInstances;
  flow_jobs: FlowJobs;
  flow_tasks: FlowTasks;
  flow_tokens: FlowTokens;
  km_managers: KmManagers;
  km_settings: KmSettings;
  maintenance_jobs: MaintenanceJobs;
  messages: Messages;
  name_piece_tenants: NamePieceTenants;
  operation_log: OperationLog;
  operation_log_checkpoints: OperationLogCheckpoints;
  operation_log_counts: OperationLogCounts;
  operation_log_heads: OperationLogHeads;
  operation_log_key: OperationLogKey;
  operation_log_operators: OperationLogOperators;
  password_notices: PasswordNotices;
  process_versions: ProcessVersions;
  rate_limit_hits: RateLimitHits;
  role_menus: RoleMenus;
  role_resources: RoleResources;
  role_users: RoleUsers;
  server_samples: ServerSamples;
  sessions: Sessions;
  store_records: StoreRecords;
  superuser_applications: SuperuserApplications;
  superuser_departments: SuperuserDepartments;
  superuser_domains: SuperuserDomains;
  superusers: Superusers;
  sync_department_links: SyncDepartmentLinks;
  sync_runs: SyncRuns;
  sync_settings: SyncSettings;
  sync_user_links: SyncUserLinks;
  task_messages: TaskMessages;
  timed_task_runs: TimedTaskRuns;
  timed_tasks: TimedTasks;
  user_counts: UserCounts;
  user_name_pieces: UserNamePieces;
  user_totals: UserTotals;
  users: Users;
  work_calendars: WorkCalendars;
}

export type Db = Kysely<DB>;
