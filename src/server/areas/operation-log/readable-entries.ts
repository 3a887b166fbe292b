// What makes an entry read like a log, resolved when it is read (the chain's hashed content stays as
// the call left it, docs/adr/0093-readable-operation-log.md): the call's name in the reader's language
// (the first clause of its documented summary), the name of the record it targeted (looked up by id in
// the tables calls name records of, one statement a page for the ids not kept,
// docs/adr/0266-log-target-names-kept.md) and the outcome in the reader's language.
import { sql } from 'kysely';
import { ErrorCodes } from '../../../core/envelope.ts';
import type { Db } from '../../db/schema.ts';
import { ChangeCache } from '../../db/change-cache.ts';
import type { TableChanges } from '../../db/table-changes.ts';
import { preparing } from '../../db/prepared-statements.ts';

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

/** Each language's readable names, by call: a page names the same few calls again and again. */
const actions = new WeakMap<Labels, Map<string, string>>();

/** A call's readable name: its summary's first clause (`apiDocs.openapi.call.<area>.<name>`), else its id. */
export function actionOf(labels: Labels, callId: string): string {
  let known = actions.get(labels);
  if (!known) actions.set(labels, (known = new Map()));
  let action = known.get(callId);
  if (action !== undefined) return action;
  action = readableAction(labels, callId);
  if (known.size < 5_000) known.set(callId, action); // the catalogue's calls: a bound, not a limit met
  return action;
}

function readableAction(labels: Labels, callId: string): string {
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

/** Each id's record name (null: no record names it), kept until a table of NAMED changes. */
export type TargetNameCache = ChangeCache<string | null>;

export const targetNameCache = (changes: TableChanges, on: boolean): TargetNameCache =>
  new ChangeCache(
    changes,
    NAMED.map((n) => n.table),
    { maxEntries: on ? 20_000 : 0, maxAgeMs: 60_000 },
  );

/** One statement of constant text (prepared): every named table probed by its key for the ids. */
const namesOf = (db: Db, ids: readonly string[]) =>
  sql<{ id: string; name: string | null }>`${sql.join(
    NAMED.map(
      (n) =>
        sql`select ${sql.ref(n.key)} as id, ${n.name} as name from ${sql.table(n.table)} where ${sql.ref(n.key)} = any(${ids}::text[])`,
    ),
    sql` union all `,
  )}`.execute(preparing(db));

/** Each target id's record name, for the targets of one page of entries: the ids `kept` does not know
 *  in one statement. */
export async function targetNames(
  db: Db,
  targets: readonly string[],
  kept?: TargetNameCache,
): Promise<Map<string, string>> {
  const ids = [...new Set(targets.flatMap(idsOf))].slice(0, 2000);
  const names = new Map<string, string>();
  const unknown = ids.filter((id) => {
    const name = kept?.get(id);
    if (name) names.set(id, name);
    return name === undefined;
  });
  if (unknown.length === 0) return names;
  const mark = kept?.mark();
  const { rows } = await namesOf(db, unknown);
  const read = new Map(rows.filter((r) => r.name).map((r) => [r.id, r.name!]));
  for (const id of unknown) {
    const name = read.get(id);
    if (name) names.set(id, name);
    kept?.put(id, name ?? null, mark!);
  }
  return names;
}

/** The target as a reader names it: each id by its record's name, an id of no record as it is. */
export const targetNameOf = (names: ReadonlyMap<string, string>, target: string): string =>
  idsOf(target)
    .map((id) => names.get(id) ?? id)
    .join(', ');
