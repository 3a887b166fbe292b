// SQL pieces every application query shares (alias `a` for applications): which applications a caller
// reaches, a name search over every language, and a stored text in the caller's language.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Language } from '../../../core/catalogue/types.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import { visibleDomains } from '../../auth/reach.ts';
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
  name?.trim() ? sql<SqlBool>`(${containsText(sql.ref('a.name'), name.trim())} or ${containsText(sql`a.names::text`, name.trim())})` : sql<SqlBool>`true`;

/** A {en, zh, cn} jsonb text in the caller's language, else `fallback` (the stored single text). */
export const inLanguage = (texts: Expression<unknown>, fallback: Expression<unknown>, language: Language) => sql<string>`coalesce(${texts} ->> ${language}, ${fallback})`;
