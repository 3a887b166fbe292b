// Searches of one or two characters (a Chinese given name, two letters typed) over users' names and
// login numbers (docs/adr/0115-short-fragment-search.md): a trigram index cannot serve them (no
// trigram in the pattern, so it reads its whole index), so each text also gets the set of its one- and
// two-character pieces in a GIN index. `lower(x) like '%ab%'` holds exactly when `ab` is one of
// lower(x)'s pieces, so the index finds every match and the LIKE kept beside it loses none.
// Enterprise names get the trigram index the users' have (migration 0012) when pg_trgm is installed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Immutable (a function of its argument alone), so an index may hold it; PL/pgSQL, so the planner
  // never inlines it and the query's expression stays the index's.
  await sql`create function search_grams(t text) returns text[] language plpgsql immutable strict parallel safe as $$
    declare
      n integer := length(t);
      grams text[] := '{}';
    begin
      for i in 1 .. n loop
        grams := grams || substr(t, i, 1);
        if i < n then grams := grams || substr(t, i, 2); end if;
      end loop;
      return grams;
    end $$`.execute(db);
  await sql`create index users_name_grams_idx on users using gin (search_grams(lower(name)))`.execute(db);
  await sql`create index users_loginno_grams_idx on users using gin (search_grams(lower(loginno)))`.execute(db);
  const { rows } = await sql<{
    schema: string;
  }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (rows.length > 0) {
    const opclass = sql.raw(`${rows[0].schema}.gin_trgm_ops`);
    await sql`create index domains_name_trgm_idx on domains using gin (lower(name) ${opclass})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists domains_name_trgm_idx`.execute(db);
  await sql`drop index users_loginno_grams_idx`.execute(db);
  await sql`drop index users_name_grams_idx`.execute(db);
  await sql`drop function search_grams(text)`.execute(db);
}
