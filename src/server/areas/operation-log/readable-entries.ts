// What makes an entry read like a log, resolved when it is read (the chain's hashed content stays as
// the call left it, docs/adr/0093-readable-operation-log.md): the call's name in the reader's language
// (the first clause of its documented summary), the name of the record it targeted (looked up by id in
// the tables calls name records of, one statement a page) and the outcome in the reader's language.
import { sql } from 'kysely';
import { ErrorCodes } from '../../../core/envelope.ts';
import type { Db } from '../../db/schema.ts';

type Labels = Readonly<Record<string, string>>;

/** Where a target id may name a record, and the name a reader knows it by. */
const NAMED = [
  { table: 'domains', key: 'id', name: sql`name` },
  { table: 'departments', key: 'id', name: sql`name` },
  { table: 'users', key: 'id', name: sql`name || coalesce(' (' || loginno || ')', '')` },
  { table: 'superusers', key: 'id', name: sql`name` },
  { table: 'applications', key: 'id', name: sql`name` },
  { table: 'app_roles', key: 'id', name: sql`name` },
  { table: 'work_calendars', key: 'id', name: sql`name` },
  { table: 'field_extends', key: 'fid', name: sql`label` },
] as const;

/** A call's readable name: its summary's first clause (`apiDocs.openapi.call.<area>.<name>`), else its id. */
export function actionOf(labels: Labels, callId: string): string {
  const dot = callId.indexOf('.');
  const summary = labels[`apiDocs.openapi.call.${callId.slice(0, dot)}.${callId.slice(dot + 1)}`];
  if (!summary) return callId;
  const clause = summary
    .replaceAll('`', '')
    .split(/(?:[.;:](?:\s|$)|[。；：（(]| — )/)[0]
    .trim();
  return clause.length > 80 ? `${clause.slice(0, 79)}…` : clause;
}

const CODE_KEYS: ReadonlyMap<number, string> = new Map(Object.values(ErrorCodes).map((c) => [c.errcode, c.key]));

/** The outcome as the reader's language says it: the error code's message (0: done). */
export const outcomeTextOf = (labels: Labels, errcode: number): string =>
  labels[errcode === 0 ? 'oplog.outcome.success' : (CODE_KEYS.get(errcode) ?? 'error.internal')] ?? String(errcode);

/** The ids a target names (a batch names several, comma-separated). */
const idsOf = (target: string): string[] =>
  target
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Each target id's record name, for the targets of one page of entries: one statement. */
export async function targetNames(db: Db, targets: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(targets.flatMap(idsOf))].slice(0, 2000);
  if (ids.length === 0) return new Map();
  const parts = NAMED.map(
    (n) =>
      sql`select ${sql.ref(n.key)}::text as id, ${n.name} as name from ${sql.table(n.table)} where ${sql.ref(n.key)}::text in (${sql.join(ids)})`,
  );
  const { rows } = await sql<{ id: string; name: string | null }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return new Map(rows.filter((r) => r.name).map((r) => [r.id, r.name!]));
}

/** The target as a reader names it: each id by its record's name, an id of no record as it is. */
export const targetNameOf = (names: ReadonlyMap<string, string>, target: string): string =>
  idsOf(target)
    .map((id) => names.get(id) ?? id)
    .join(', ');
