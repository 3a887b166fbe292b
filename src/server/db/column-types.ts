// What the database cannot say about its columns: the shapes of JSON values and the closed sets of
// text values. generator/db-types/column-shapes.ts puts them on the generated schema.ts (docs/adr/0101-database-types-generated.md).
import type { ColumnType } from 'kysely';

/** A json/jsonb column: read as its parsed value, written as JSON text (pg would send a JS array as a
 *  PostgreSQL array, so every write goes through JSON.stringify). */
export type JsonText<T = unknown> = ColumnType<T, string, string>;

/** Extension field values under their spare column: text, or the choices of a checkbox field. */
export type ExtValues = Record<string, string | string[]>;

export type KmKind = 'enterprise' | 'committee' | 'department';
export type ClientKind = 'pc' | 'mobile';
export type InstanceStatus = 'running' | 'completed' | 'deleted';
export type TaskStatus = 'open' | 'done' | 'cancelled';
export type FlowAction =
  | 'start'
  | 'submit'
  | 'back'
  | 'retract'
  | 'auto'
  | 'complete'
  | 'delete'
  | 'intervene'
  | 'reassign'
  | 'retryJob'
  | 'cancelJob'
  | 'interrupted';
export type MailStatus = 'pending' | 'sent' | 'skipped' | 'failed';
export type ImService = 'wechat' | 'dingding' | 'feishu';
export type TimedTaskStartType = 'manual' | 'auto' | 'banned';
export type TimedTaskPeriod = 'none' | 'immediately' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'weekday';
export type TimedRunOutcome = 'running' | 'done' | 'failed' | 'interrupted';
export type SyncRunStatus = 'running' | 'succeeded' | 'failed' | 'refused';

/** An int8 (bigint, bigserial) column: pg and PGlite hand this server numbers (db/connect.ts); a write
 *  or comparison may give the decimal text, which PostgreSQL converts exactly (db/int8.ts). */
export type Int8Value = ColumnType<number, number | string, number | string>;
