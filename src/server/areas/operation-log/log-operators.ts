// A search of one chain's log by operator, read through the chain's operator names
// (docs/adr/0213-flow-people-and-log-operators-resolved-first.md, migration 0062): the text is first matched against
// the few distinct names the chain's entries carry, then the page is each name's newest entries from
// the index in the list's order (chain, user_name, seq), merged, beside the entries whose operator id
// is the text. Exactly the entries `user_name` contains the text or `user_id` equals it, as the LIKE
// over every entry found them (log-queries.ts `filtered`).
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { containsIndexedText } from '../../db/contains-text.ts';
import type { DB, Db } from '../../db/schema.ts';
import type { LogScope } from './log-scope.ts';

/** More names than this (a fragment most names contain): the LIKE over the entries, as before. */
const PAGED_NAMES = 50;

/** The chain's operator names that contain `text` (`[]`: none), or undefined where the search is not
 *  one chain's or names more than PAGED_NAMES. */
export async function operatorNames(db: Db, scope: LogScope, text: string | undefined): Promise<string[] | undefined> {
  const operator = text?.trim();
  if (!operator || scope.chain === null) return undefined;
  const rows = await db
    .selectFrom('operation_log_operators')
    .select('user_name')
    .where('chain', '=', scope.chain)
    // The pieces or trigram index of migration 0069 finds them in a chain of many operators.
    .where(containsIndexedText(sql.ref('user_name'), operator))
    .limit(PAGED_NAMES + 1)
    .execute();
  return rows.length > PAGED_NAMES ? undefined : rows.map((r) => r.user_name);
}

/**
 * The page's sequence numbers, newest first: each name's newest `offset + lines` entries (one backward
 * walk of operation_log_operator_idx each) and those of the operator id under another name (its own
 * index), merged. `rest`: the search's other conditions on `operation_log`, the chain's first.
 */
export function operatorPage(
  rest: SelectQueryBuilder<DB, 'operation_log', object>,
  names: readonly string[],
  operator: string,
  page: { lines: number; offset: number },
): RawBuilder<{ seq: string }> {
  const reach = page.offset + page.lines;
  const byName = rest
    .where(sql<boolean>`operation_log.user_name = n.name`)
    .select('seq')
    .orderBy('seq', 'desc')
    .limit(reach);
  const byId = rest
    .where('user_id', '=', operator)
    .$if(names.length > 0, (q) => q.where(sql<boolean>`user_name <> all(${sql.val(names)}::text[])`))
    .select('seq')
    .orderBy('seq', 'desc')
    .limit(reach);
  return sql<{ seq: string }>`(select u.seq from (
      (select x.seq from unnest(${sql.val(names)}::text[]) as n(name) cross join lateral (${byName}) as x)
      union all (${byId})) as u
    order by u.seq desc limit ${page.lines} offset ${page.offset})`;
}

/**
 * The entries operatorPage pages through, as one set for the total: each name's entries and those of the
 * operator id under another name, apart. The names' entries are then counted from
 * operation_log_operator_idx alone, where the OR of both conditions was a bitmap of the two indexes that
 * visited every match's row (docs/adr/0224-start-days-summary-words-log-operators.md). `rest`: as for operatorPage.
 */
export function operatorMatches(
  db: Db,
  rest: SelectQueryBuilder<DB, 'operation_log', object>,
  names: readonly string[],
  operator: string,
) {
  const byName = rest.where(sql<boolean>`user_name = any(${sql.val(names)}::text[])`).select(sql`1`.as('one'));
  const byId = rest
    .where('user_id', '=', operator)
    .$if(names.length > 0, (q) => q.where(sql<boolean>`user_name <> all(${sql.val(names)}::text[])`))
    .select(sql`1`.as('one'));
  return db.selectFrom(sql`(${byName} union all ${byId})`.as('m'));
}
