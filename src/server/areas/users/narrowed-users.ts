// The users a list shows, as its filter narrows them (the users list, its searches, the selection
// dialog's keyword): the statement's FROM and WHERE, shared by the page, its count and its estimate.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { containsIndexedText, containsIndexedTextInAny, containsText, estimatedText } from '../../db/contains-text.ts';
import { tenantFields } from '../field-extends/stored-fields.ts';

/** Users of departments in `reachable` (null = every user of the tenant). */
export const inDepartments = (reachable: readonly string[] | null): Expression<SqlBool> =>
  reachable === null
    ? sql<SqlBool>`true`
    : reachable.length === 0
      ? sql<SqlBool>`false`
      : sql<SqlBool>`u.department_id = any(${sql.val([...reachable])}::text[])`;

export interface UserFilter {
  departmentId?: string;
  /** A part of the name or of the login number (the selection dialog's search over thousands of users). */
  keyword?: string;
  name?: string;
  loginno?: string;
  superiorname?: string;
  /** Only the holders of this application role. */
  roleId?: string;
  status?: number;
  domainAdmin?: boolean;
  /** Extension values by spare column (only the searchable fields are applied). */
  extension?: Record<string, unknown>;
}

/** `users as u`, narrowed by conditions, nothing selected. */
export type UsersQuery = ReturnType<typeof usersOf>;
const usersOf = (db: Db) => db.selectFrom('users as u');

/** The list's rows as a filter narrows them (FROM users u and its WHERE, nothing selected), and how. */
export interface NarrowedUsers {
  query: UsersQuery;
  /** Only reach and department narrow: user_counts knows the count. */
  counted: boolean;
  /** A text narrows (name, login number, keyword, department name, extension field). */
  searched: boolean;
  /** The same rows written as the planner estimates them best: a fragment of one or two characters by
   *  its pieces alone (the same rows as its LIKE, docs/adr/0115-short-fragment-search.md), whose
   *  statistics are the pieces index's; ANDed with the LIKE the planner multiplies two selectivities
   *  of one condition. */
  estimated: UsersQuery;
  /** When only name and login number texts narrow beside reach, department and status: the rows
   *  without the texts (`window`) and the texts, for a walk of the list's order that stops at the
   *  page's last match (searched-page.ts). */
  walk?: { window: UsersQuery; texts: Array<['name' | 'loginno', string]> };
  /** The name's text when it alone narrows the whole tenant (no reach limit, department or other
   *  condition): a large tenant's names' pieces answer it (name-pieces.ts). */
  nameAlone?: string;
}

/** The users of the tenant within reach narrowed by `filter` (userPageStatement, searched-page.ts). */
export async function narrowedUsers(
  db: Db,
  domainId: string,
  reachable: readonly string[] | null,
  filter: UserFilter,
): Promise<NarrowedUsers> {
  let query = usersOf(db).where('u.domain_id', '=', domainId).where(inDepartments(reachable));
  if (filter.departmentId) query = query.where('u.department_id', '=', filter.departmentId);
  let window = query;
  let estimated = query;
  const texts: Array<['name' | 'loginno', string]> = [];
  let walkable = true;
  let counted = true; // only reach and department apply so far: user_counts knows the count
  let searched = false; // a text narrows: its matches are read once, for the count and the page
  let narrowings = 0;
  const narrow = (where: Expression<SqlBool>, text = true, estimate = where) => {
    narrowings += 1;
    counted = false;
    searched ||= text;
    query = query.where(where);
    estimated = estimated.where(estimate);
  };
  const keyword = filter.keyword?.trim();
  if (keyword) {
    walkable = false;
    narrow(containsIndexedTextInAny([sql.ref('u.name'), sql.ref('u.loginno')], keyword));
  }
  for (const column of ['name', 'loginno'] as const) {
    const text = filter[column]?.trim();
    if (!text) continue;
    texts.push([column, text]);
    narrow(containsIndexedText(sql.ref(`u.${column}`), text), true, estimatedText(sql.ref(`u.${column}`), text));
  }
  if (filter.status !== undefined) {
    narrow(sql<SqlBool>`u.status = ${filter.status}`, false);
    window = window.where(sql<SqlBool>`u.status = ${filter.status}`);
  }
  if (filter.roleId?.trim()) {
    walkable = false;
    narrow(sql<SqlBool>`u.id in (select user_id from role_users where role_id = ${filter.roleId.trim()})`, false);
  }
  if (filter.domainAdmin !== undefined) {
    walkable = false;
    narrow(sql<SqlBool>`u.domain_admin = ${filter.domainAdmin}`, false);
  }
  if (filter.superiorname?.trim()) {
    walkable = false;
    const text = filter.superiorname.trim();
    narrow(
      sql<SqlBool>`u.department_id in (${db
        .selectFrom('departments as d')
        .select('d.id')
        .where('d.domain_id', '=', domainId)
        .where(containsText(sql.ref('d.name'), text))})`,
    );
  }
  const extension = Object.entries(filter.extension ?? {}).filter(
    (e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '',
  );
  if (extension.length > 0) {
    const searchable = new Set(
      (await tenantFields(db, 'tableUser', domainId)).filter((f) => f.isSupportSearch).map((f) => f.name),
    );
    for (const [key, value] of extension)
      if (searchable.has(key)) {
        walkable = false;
        narrow(containsText(sql`u.ext ->> ${key}`, value.trim()));
      }
  }
  return {
    query,
    counted,
    searched,
    estimated,
    ...(walkable && texts.length > 0 ? { walk: { window, texts } } : {}),
    ...(reachable === null && !filter.departmentId && narrowings === 1 && texts[0]?.[0] === 'name'
      ? { nameAlone: texts[0][1] }
      : {}),
  };
}
