// Reads of the log: the search filters shared by the list and the export, a page, one entry, and the
// batches an export streams. Every read first waits for this instance's queued entries.
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { containsText } from '../../db/contains-text.ts';
import type { LogScope } from './log-scope.ts';
import { actionOf, outcomeTextOf, targetNameOf, targetNames, type TargetNameCache } from './readable-entries.ts';
import { int8 } from '../../db/int8.ts';
import { chainState, type LogPages } from './log-pages.ts';
import { logPageStart } from './log-anchors.ts';
import { listTotal, plannedRows, withPage, type TotalPolicy } from '../../db/list-total.ts';
import { operatorMatches, operatorNames, operatorPage } from './log-operators.ts';

export interface LogFilter {
  operator?: string;
  ip?: string;
  call?: string;
  target?: string;
  /** yyyy-MM-dd, UTC days, both included. */
  dateFrom?: string;
  dateTo?: string;
  outcome?: '' | 'success' | 'refused';
}

const COLUMNS = [
  'seq',
  'at',
  'domain_id',
  'user_id',
  'user_name',
  'user_kind',
  'ip',
  'call_id',
  'method',
  'path',
  'target_id',
  'change',
  'errcode',
  'message',
  'hash',
  'prev_hash',
  'remark',
  'reviewed',
  'reviewed_by',
  'reviewed_at',
] as const;

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

export function filtered(db: Db, scope: LogScope, filter: LogFilter) {
  let query = db.selectFrom('operation_log').$if(scope.chain !== null, (q) => q.where('chain', '=', scope.chain!));
  const text = (v?: string) => v?.trim() || undefined;
  const operator = text(filter.operator);
  if (operator)
    query = query.where((eb) => eb.or([containsText(eb.ref('user_name'), operator), eb('user_id', '=', operator)]));
  const ip = text(filter.ip);
  if (ip) query = query.where((eb) => containsText(eb.ref('ip'), ip));
  const call = text(filter.call);
  if (call)
    query = query.where((eb) => eb.or([containsText(eb.ref('call_id'), call), containsText(eb.ref('path'), call)]));
  const target = text(filter.target);
  if (target) query = query.where((eb) => containsText(eb.ref('target_id'), target));
  if (filter.dateFrom) query = query.where('at', '>=', dayStart(filter.dateFrom));
  if (filter.dateTo) query = query.where('at', '<', nextDay(filter.dateTo));
  if (filter.outcome === 'success') query = query.where('errcode', '=', 0);
  // Written out, not bound: the planner matches it to the index of refused entries (migration 0046).
  if (filter.outcome === 'refused') query = query.where(sql<SqlBool>`errcode <> 0`);
  return query;
}

const unfiltered = (filter: LogFilter) =>
  !filter.operator?.trim() &&
  !filter.ip?.trim() &&
  !filter.call?.trim() &&
  !filter.target?.trim() &&
  !filter.dateFrom &&
  !filter.dateTo &&
  (filter.outcome ?? '') === '';

/** A search as kept pages and totals know it: its scope and what it filters by. */
const searchKey = (scope: LogScope, filter: LogFilter) =>
  JSON.stringify([
    scope.chain,
    ...[filter.operator, filter.ip, filter.call, filter.target].map((v) => v?.trim() ?? ''),
    filter.dateFrom ?? '',
    filter.dateTo ?? '',
    filter.outcome ?? '',
  ]);

type Row = Record<(typeof COLUMNS)[number], unknown>;

type Labels = Readonly<Record<string, string>>;

/** An entry as its reader gets it: the stored content, with the call, target and outcome readable
 *  (readable-entries.ts); `names`: the targets' record names. */
export function entryReply(row: Row, labels: Labels, names: ReadonlyMap<string, string>) {
  const errcode = Number(row.errcode);
  return {
    id: String(row.seq),
    at: new Date(row.at as Date).toISOString(),
    domainid: (row.domain_id as string | null) ?? null,
    userId: (row.user_id as string | null) ?? null,
    operator: String(row.user_name),
    userKind: String(row.user_kind),
    ip: String(row.ip),
    call: String(row.call_id),
    action: actionOf(labels, String(row.call_id)),
    method: String(row.method),
    path: String(row.path),
    target: String(row.target_id),
    targetName: targetNameOf(names, String(row.target_id)),
    change: (row.change ?? null) as Record<string, unknown> | unknown[] | null,
    errcode,
    message: String(row.message),
    outcome: errcode === 0 ? ('success' as const) : ('refused' as const),
    outcomeText: outcomeTextOf(labels, errcode),
    hash: String(row.hash),
    prevHash: String(row.prev_hash),
    remark: String(row.remark),
    reviewed: Boolean(row.reviewed),
    reviewedBy: String(row.reviewed_by),
    reviewedAt: row.reviewed_at ? new Date(row.reviewed_at as Date).toISOString() : null,
  };
}

export type EntryReply = ReturnType<typeof entryReply>;

async function replies(db: Db, rows: readonly Row[], labels: Labels, kept?: TargetNameCache): Promise<EntryReply[]> {
  const names = await targetNames(
    db,
    rows.map((r) => String(r.target_id)),
    kept,
  );
  return rows.map((r) => entryReply(r, labels, names));
}

/** A search's page numbers and exact total from one read of its matches: the bitmap of a trigram
 *  search is built once, where a page and a count built it twice. The order names `m.seq`: a bare `seq`
 *  would be the text output column and sort "854" above "3959". */
async function matchesOnce(
  db: Db,
  scope: LogScope,
  filter: LogFilter,
  page: { lines: number; offset: number },
): Promise<{ seqs: string[]; total: number }> {
  const { rows } = await sql<{ total: string | number; seqs: string[] }>`with m as materialized (${filtered(
    db,
    scope,
    filter,
  ).select('seq')})
    select (select count(*) from m) as total,
      array(select m.seq::text from m order by m.seq desc limit ${page.lines} offset ${page.offset}) as seqs`.execute(
    db,
  );
  return { seqs: rows[0].seqs, total: Number(rows[0].total) };
}

export async function listEntries(
  db: Db,
  scope: LogScope,
  filter: LogFilter,
  page: { currpage: number; pagelines: number },
  labels: Labels,
  kept: LogPages,
  policy: TotalPolicy,
  exact = false,
) {
  // The chain's count row first: its stamp says whether a kept page or total is still the chain's, its
  // entries are the plain list's total (docs/adr/0146-log-pages-kept-and-anchored.md).
  const state = await chainState(db, scope.chain);
  const search = searchKey(scope, filter);
  const plain = unfiltered(filter);
  const offset = (page.currpage - 1) * page.pagelines;
  const totalKey = `${search}|${exact}`;
  const answer = await kept.pages.through(`${search}|${offset}|${page.pagelines}|${exact}`, state.stamp, async () => {
    // An operator's few names: the page walks each name's entries in order (log-operators.ts).
    const names = await operatorNames(db, scope, filter.operator);
    // A search the planner expects few matches for, its total not kept: the matches read once for the
    // page and the exact total (docs/adr/0179-list-plans-read-and-past-the-end-pages.md).
    let planned: number | undefined;
    if (!names && !plain && !exact && policy.estimateAbove > 0 && !kept.totals.has(totalKey, state.stamp)) {
      planned = await plannedRows(db, filtered(db, scope, filter));
      if (planned <= policy.estimateAbove) {
        const once = await matchesOnce(db, scope, filter, { lines: page.pagelines, offset });
        const total = await kept.totals.through(totalKey, state.stamp, async () => ({
          total: once.total,
          estimated: false,
        }));
        const read = once.seqs.length
          ? await db
              .selectFrom('operation_log')
              .select(COLUMNS)
              .where(
                'seq',
                'in',
                once.seqs.map((seq) => int8(seq)),
              )
              .orderBy('seq', 'desc')
              .execute()
          : [];
        return { rows: read as Row[], rowCount: total.total, estimated: false };
      }
    }
    // The page's numbers first (an index-only walk, from the anchor above a deep page of one chain),
    // then its rows; a search's total counted once per stamp.
    const start =
      plain && scope.chain !== null ? await logPageStart(db, kept.anchors, scope.chain, state, offset) : undefined;
    const seqs = names
      ? db
          .selectFrom(
            operatorPage(filtered(db, scope, { ...filter, operator: undefined }), names, filter.operator!.trim(), {
              lines: page.pagelines,
              offset,
            }).as('p'),
          )
          .select(sql<number>`p.seq`.as('seq'))
      : filtered(db, scope, filter)
          .$if(start !== undefined, (q) => q.where('seq', '<=', int8(start!.upTo)))
          .select('seq')
          .orderBy('seq', 'desc')
          .limit(page.pagelines)
          .offset(start?.skip ?? offset);
    // Exact, or estimated above the bound (docs/adr/0173-estimated-totals-above-a-bound.md).
    const count = () =>
      listTotal(
        db,
        names
          ? operatorMatches(db, filtered(db, scope, { ...filter, operator: undefined }), names, filter.operator!.trim())
          : filtered(db, scope, filter),
        policy,
        exact,
        planned,
      );
    const [read, counted] = await Promise.all([
      db.selectFrom('operation_log').select(COLUMNS).where('seq', 'in', seqs).orderBy('seq', 'desc').execute(),
      plain ? { total: state.entries, estimated: false } : kept.totals.through(totalKey, state.stamp, count),
    ]);
    const total = withPage(counted, { offset, lines: page.pagelines, rows: read.length });
    return { rows: read as Row[], rowCount: total.total, estimated: total.estimated };
  });
  const { estimated } = answer;
  return {
    datas: await replies(db, answer.rows as Row[], labels, kept.names),
    rowCount: answer.rowCount,
    ...(estimated ? { totalEstimated: true } : {}),
  };
}

export async function findEntry(
  db: Db,
  scope: LogScope,
  seq: string,
  labels: Labels = {},
): Promise<EntryReply | undefined> {
  const row = await db
    .selectFrom('operation_log')
    .select(COLUMNS)
    .$if(scope.chain !== null, (q) => q.where('chain', '=', scope.chain!))
    .where('seq', '=', int8(seq))
    .executeTakeFirst();
  return row ? (await replies(db, [row as Row], labels))[0] : undefined;
}

/** The export's batches, newest first, keyed on seq. */
export function entryBatches(db: Db, scope: LogScope, filter: LogFilter, labels: Labels, size = 500) {
  return async (after: EntryReply | undefined): Promise<EntryReply[]> => {
    let query = filtered(db, scope, filter).select(COLUMNS);
    if (after) query = query.where('seq', '<', int8(after.id));
    return replies(db, (await query.orderBy('seq', 'desc').limit(size).execute()) as Row[], labels);
  };
}
