// Reads of the superusers area: the filtered page and one privileged user with links, both within
// the caller's reach (reach.ts).
import { sql } from 'kysely';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/schema.ts';
import { visibleTo } from './reach.ts';
import { toSuperuserReply, toSuperuserRow, type Links } from './superuser-record.ts';
import { containsText } from '../../db/contains-text.ts';

const COLUMNS = [
  's.id',
  's.name',
  's.loginno',
  's.email',
  's.telephone',
  's.status',
  's.type',
  's.super_admin',
  's.domain_admin',
  's.developer',
  's.builtin',
  's.locked_until',
] as const;

export interface SuperuserSearch {
  name?: string;
  loginno?: string;
}

export async function listSuperusers(
  db: Db,
  caller: CurrentUser,
  search: SuperuserSearch,
  page: { currpage: number; pagelines: number },
) {
  let query = db.selectFrom('superusers as s').where(visibleTo(caller));
  if (search.name?.trim()) query = query.where(containsText(sql.ref('s.name'), search.name.trim()));
  if (search.loginno?.trim()) query = query.where(containsText(sql.ref('s.loginno'), search.loginno.trim()));
  const { rowCount } = await query.select(sql<number>`count(*)::int`.as('rowCount')).executeTakeFirstOrThrow();
  const rows = await query
    .select(COLUMNS)
    .select([
      sql<boolean>`exists (select 1 from superuser_domains l where l.superuser_id = s.id)`.as('hasDomains'),
      sql<boolean>`exists (select 1 from superuser_departments l where l.superuser_id = s.id)`.as('hasDepartments'),
    ])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(page.pagelines)
    .offset((page.currpage - 1) * page.pagelines)
    .execute();
  return { datas: rows.map((row) => toSuperuserRow(row, row)), rowCount };
}

export async function linksOf(db: Db, id: string): Promise<Links> {
  const [domains, applications, departments] = await Promise.all([
    db
      .selectFrom('superuser_domains')
      .select('domain_id as id')
      .where('superuser_id', '=', id)
      .orderBy('domain_id')
      .execute(),
    db
      .selectFrom('superuser_applications')
      .select('application_id as id')
      .where('superuser_id', '=', id)
      .orderBy('application_id')
      .execute(),
    db
      .selectFrom('superuser_departments')
      .select('department_id as id')
      .where('superuser_id', '=', id)
      .orderBy('department_id')
      .execute(),
  ]);
  const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);
  return { domains: ids(domains), applications: ids(applications), departments: ids(departments) };
}

/** One privileged user within reach, or undefined (missing and out of reach both answer 1404). */
export async function findSuperuser(db: Db, caller: CurrentUser, id: string) {
  const row = await db
    .selectFrom('superusers as s')
    .select(COLUMNS)
    .where('s.id', '=', id)
    .where(visibleTo(caller))
    .executeTakeFirst();
  return row ? toSuperuserReply(row, await linksOf(db, id)) : undefined;
}

/** Is the login number taken by another privileged user? (Unique regardless of case.) */
export async function loginnoTaken(db: Db, loginno: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('superusers')
    .select('id')
    .where(sql<boolean>`lower(loginno) = lower(${loginno.trim()})`);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}
