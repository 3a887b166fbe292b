// The types the generated db/schema.ts gives columns beyond what the database says: JSON shapes and
// closed sets of text values (docs/adr/0101-database-types-generated.md). Keyed `table.column`; the
// generator adds Generated<> and `| null` from the database itself and fails on a key naming no column.

/** A json/jsonb column not listed here reads as `unknown` (`JsonText`), an int8 one as `Int8Value`. */
export const COLUMN_SHAPES: Record<string, string> = {
  'domains.ext': 'JsonText<ExtValues>',
  'departments.ext': 'JsonText<ExtValues>',
  'users.ext': 'JsonText<ExtValues>',
  'km_managers.kind': 'KmKind',
  'app_menus.kind': 'ClientKind',
  'role_menus.kind': 'ClientKind',
  'store_records.data': 'JsonText<Record<string, unknown>>',
  'password_notices.method': "'sms' | 'messageCenter' | 'email'",
  'password_notices.status': "'sent' | 'failed' | 'skipped'",
  'flow_instances.form_data': 'JsonText<Record<string, unknown>>',
  'flow_instances.status': 'InstanceStatus',
  'flow_tokens.state': "'active' | 'joining'",
  'flow_tokens.loop_output': 'JsonText<{ list: unknown[]; locals: Record<string, Record<string, unknown>> }>',
  'flow_tasks.status': 'TaskStatus',
  'flow_tasks.output':
    'JsonText<{ for?: string; index?: number; value?: unknown; set?: { before?: unknown }; ended?: number }>',
  'flow_history.action': 'FlowAction',
  'flow_history.to_nodes': 'JsonText<string[]>',
  'task_messages.mail_status': 'MailStatus',
  'work_calendars.week': 'JsonText<WorkDay[]>',
  'calendar_special_days.kind': "'holiday' | 'workday'",
  'calendar_special_days.ranges': 'JsonText<TimeRange[]>',
  'domain_im_settings.service': 'ImService',
  'domain_im_settings.settings': 'JsonText<Record<string, string | number>>',
  'domain_im_app_agents.service': 'ImService',
  'domain_im_app_agents.settings': 'JsonText<Record<string, string>>',
  'timed_tasks.start_type': 'TimedTaskStartType',
  'timed_tasks.state': "'stopped' | 'run'",
  'timed_tasks.period': 'TimedTaskPeriod',
  'timed_task_runs.outcome': 'TimedRunOutcome',
  'sync_settings.options': 'JsonText<Record<string, unknown>>',
  'sync_runs.mode': "'full' | 'incremental'",
  'sync_runs.trigger': "'manual' | 'schedule'",
  'sync_runs.status': 'SyncRunStatus',
  'sync_runs.counts': 'JsonText<Record<string, number>>',
  'sync_runs.errors': 'JsonText<unknown[]>',
  'sync_runs.changes': 'JsonText<unknown[]>',
};

/** Where the names used above come from, relative to src/server/db/. */
export const SHAPE_IMPORTS: Record<string, string> = {
  JsonText: './column-types.ts',
  Int8Value: './column-types.ts',
  ExtValues: './column-types.ts',
  KmKind: './column-types.ts',
  ClientKind: './column-types.ts',
  InstanceStatus: './column-types.ts',
  TaskStatus: './column-types.ts',
  FlowAction: './column-types.ts',
  MailStatus: './column-types.ts',
  ImService: './column-types.ts',
  TimedTaskStartType: './column-types.ts',
  TimedTaskPeriod: './column-types.ts',
  TimedRunOutcome: './column-types.ts',
  SyncRunStatus: './column-types.ts',
  WorkDay: '../../core/calendar/work-calendar.ts',
  TimeRange: '../../core/calendar/time-ranges.ts',
};
