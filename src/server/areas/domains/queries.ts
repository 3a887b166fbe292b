// Reads of the domains area: the filtered page, one domain within the caller's reach, administrators.
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { CurrentUser } from '../../auth/current-user.ts';
import { visibleDomains } from '../../auth/reach.ts';
import type { DomainSearch } from '../../../core/generated/api-types.ts';
import type { DB, Db, Domains } from '../../db/schema.ts';
import { toDomainReply, type DomainAdmin, type DomainReply } from './domain-record.ts';
import { containsText } from '../../db/contains-text.ts';
import { preparing } from '../../db/prepared-statements.ts';

type WithD = DB & { d: Domains };
type DomainQuery = SelectQueryBuilder<WithD, 'd', object>;
type DomainEb = ExpressionBuilder<WithD, 'd'>;

const SELECTION = [
  'd.id',
  'd.name',
  'd.system_name',
  'd.sms_member_code',
  'd.sms_member_pwd',
  'd.description',
  'd.logo_url',
  'd.status',
  'd.ext',
] as const;

const EXTENSION_KEY = /^field\d+$/;

/** The enterprises the caller's reach shows (auth/reach.ts): all, its tenants, or its departments' one.
 *  The ids are one array value, so the statement's text is the same however many the caller has. */
export function withinReach(query: DomainQuery, user: CurrentUser): DomainQuery {
  const ids = visibleDomains(user.reach);
  if (ids === null) return query;
  return ids.length === 0
    ? query.where(sql<boolean>`false`)
    : query.where('d.id', '=', sql<string>`any(${sql.val([...ids])}::text[])`);
}

function matching(query: DomainQuery, search: DomainSearch): DomainQuery {
  let q = query;
  if (search.name) q = q.where(containsText(sql.ref('d.name'), search.name));
  if (search.username) {
    const username = search.username;
    // `in (…)` rather than a correlated exists: the few matching administrators are found once.
    q = q.where((eb: DomainEb) =>
      eb(
        'd.id',
        'in',
        eb
          .selectFrom('superuser_domains as sd')
          .innerJoin('superusers as s', 's.id', 'sd.superuser_id')
          .select('sd.domain_id')
          .where(
            sql<boolean>`(${containsText(sql.ref('s.loginno'), username)} or ${containsText(sql.ref('s.name'), username)})`,
          ),
      ),
    );
  }
  // Extension fields arrive in fieldExtends or, from the catalogue's merged search form, at the top level.
  const extension = { ...search, ...search.fieldExtends } as Record<string, unknown>;
  for (const [key, value] of Object.entries(extension)) {
    if (EXTENSION_KEY.test(key) && typeof value === 'string' && value)
      q = q.where(containsText(sql`d.ext ->> ${key}`, value));
  }
  return q;
}

export async function adminsOf(db: Db, domainIds: readonly string[]): Promise<Map<string, DomainAdmin[]>> {
  const byDomain = new Map<string, DomainAdmin[]>(domainIds.map((id) => [id, []]));
  if (domainIds.length === 0) return byDomain;
  const rows = await db
    .selectFrom('superuser_domains as sd')
    .innerJoin('superusers as s', 's.id', 'sd.superuser_id')
    .select(['sd.domain_id', 's.id', 's.loginno'])
    .where('sd.domain_id', 'in', domainIds)
    .orderBy('s.loginno')
    .execute();
  for (const row of rows) byDomain.get(row.domain_id)?.push({ id: row.id, username: row.loginno });
  return byDomain;
}

/** The administrators of the row's domain as JSON, read in the same statement as the page. */
const adminsJson = sql<DomainAdmin[]>`coalesce((
  select json_agg(json_build_object('id', s.id, 'username', s.loginno) order by s.loginno)
  from superuser_domains sd join superusers s on s.id = sd.superuser_id
  where sd.domain_id = d.id), '[]'::json)`;

/**
 * One statement answers the total, the page and each row's administrators: on PGlite every statement
 * costs about half a millisecond before it does any work, and on PostgreSQL a round trip. The count is
 * its own subquery (a thousand enterprises at most are counted) rather than a window over the page's
 * rows, so a page past the end, which has no row to carry a window's total, still answers it in the
 * same statement (docs/adr/0183-list-request-cost.md).
 */
export async function listDomains(
  db: Db,
  user: CurrentUser,
  search: DomainSearch,
  page: { currpage: number; pagelines: number },
) {
  const filtered = matching(withinReach(db.selectFrom('domains as d'), user), search);
  const pageRows = filtered
    .select([...SELECTION, adminsJson.as('admins')])
    // By name, as the unique index domains_name_key (lower(name)) reads them: an enterprise is found
    // where its name puts it, in the cards and the table alike (docs/adr/0094-read-only-forms-and-small-console-rules.md).
    .orderBy(sql`lower(d.name)`)
    .limit(page.pagelines)
    .offset((page.currpage - 1) * page.pagelines);
  // A caller's own tenants searched by name are found by id whatever the text, so their page is
  // prepared: PostgreSQL plans it once per connection (measured 3 × cheaper). Every tenant searched by a
  // piece of its name is planned for that text: its generic plan measured twice as slow; the search by
  // administrator was not measured (docs/adr/0201-list-statements-prepared.md).
  const source = visibleDomains(user.reach) === null || search.username ? db : preparing(db);
  const rows = await source
    .selectFrom(filtered.select(sql<number>`count(*)::int`.as('total')).as('m'))
    .leftJoinLateral(pageRows.as('p'), (join) => join.onTrue())
    .selectAll('p')
    .select('m.total')
    // The page's rows again in the page's order (the join does not keep it).
    .orderBy(sql`lower(p.name)`)
    .execute();
  // A page past the end is the count's row alone, its page columns null from the outer join.
  const datas = rows.flatMap((r) => (r.id === null ? [] : [toDomainReply(r as PageRow, r.admins ?? [])]));
  return { datas, rowCount: Number(rows[0].total) };
}

type PageRow = Parameters<typeof toDomainReply>[0];

/** One domain if it exists and the caller may reach it; undefined otherwise (both answer 1404). */
export async function findDomain(db: Db, user: CurrentUser, id: string): Promise<DomainReply | undefined> {
  const row = await withinReach(db.selectFrom('domains as d'), user)
    .select(SELECTION)
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return toDomainReply(row, (await adminsOf(db, [id])).get(id));
}

/** Is the name taken by another domain? (Names are unique regardless of case.) */
export async function nameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('domains')
    .select('id')
    .where(sql<boolean>`lower(name) = lower(${name.trim()})`);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}
