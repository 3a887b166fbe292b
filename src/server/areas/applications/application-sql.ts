// SQL pieces every application query shares (alias `a` for applications): which applications a caller
// reaches, a name search over every language, and a stored text in the caller's language; and whose
// holdings of an application's roles the caller may see (alias `u` for users).
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Language } from '../../../core/catalogue/types.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import { isPlatform, visibleDomains } from '../../auth/reach.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { reachableDepartments } from '../organisation/department-reach.ts';
import { containsText } from '../../db/contains-text.ts';

/** All for the platform; else those bound to or owned by an enterprise the caller sees, and its own. */
export function applicationsInReach(user: CurrentUser): Expression<SqlBool> {
  const domains = visibleDomains(user.reach);
  if (domains === null) return sql<SqlBool>`true`;
  const list = sql.val([...domains]);
  return sql<SqlBool>`(a.domain_id = any(${list}::text[])
    or exists (select 1 from domain_applications b where b.application_id = a.id and b.domain_id = any(${list}::text[]))
    or exists (select 1 from superuser_applications g where g.application_id = a.id and g.superuser_id = ${user.id}))`;
}

/** The name (in any language) contains the text; no filter for an empty one. */
export const nameContains = (name: string | undefined): Expression<SqlBool> =>
  name?.trim()
    ? sql<SqlBool>`(${containsText(sql.ref('a.name'), name.trim())} or ${containsText(sql`a.names::text`, name.trim())})`
    : sql<SqlBool>`true`;

/** A {en, zh, cn} jsonb text in the caller's language, else `fallback` (the stored single text). */
export const inLanguage = (texts: Expression<unknown>, fallback: Expression<unknown>, language: Language) =>
  sql<string>`coalesce(${texts} ->> ${language}, ${fallback})`;

/** The application, when the caller reaches it; else 1404. */
export async function visibleApplication(db: Db, user: CurrentUser, applicationId: string): Promise<void> {
  if (
    !(await db
      .selectFrom('applications as a')
      .select('a.id')
      .where('a.id', '=', applicationId)
      .where(applicationsInReach(user))
      .executeTakeFirst())
  )
    throw new AppError('notFound');
}

/** The users whose holdings the caller may count: all (platform), its enterprises', or its departments'. */
export async function holdersInReach(db: Db, user: CurrentUser): Promise<Expression<SqlBool>> {
  if (isPlatform(user.reach)) return sql<SqlBool>`true`;
  if (user.reach.kind === 'departments') {
    const departments = (await reachableDepartments(db, user.reach, user.reach.domain)) ?? [];
    return sql<SqlBool>`u.department_id = any(${sql.val(departments)}::text[])`;
  }
  return sql<SqlBool>`u.domain_id = any(${sql.val([...(visibleDomains(user.reach) ?? [])])}::text[])`;
}

/** The binding of an application to an enterprise (its module switches); 1404 when it is not bound. */
export async function bindingOf(db: Db, domainId: string, applicationId: string) {
  const row = await db
    .selectFrom('domain_applications')
    .select('disabled_modules')
    .where('domain_id', '=', domainId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row;
}
