// The Open API of an enterprise (docs/adr/0040-open-api-secret-and-tokens.md): one secret per enterprise, kept only as its SHA-256
// (it is 256 random bits, so a fast hash is enough to make the stored value useless), with the first
// characters as a hint; and the short-lived access tokens it is exchanged for, kept the same way. A new
// secret deletes the enterprise's tokens, so they stop working at once.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table domain_secrets (
    domain_id text primary key references domains (id) on delete cascade,
    secret_hash text not null unique,
    hint text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table api_tokens (
    token_hash text primary key,
    domain_id text not null references domains (id) on delete cascade,
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index api_tokens_domain_idx on api_tokens (domain_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_tokens, domain_secrets`.execute(db);
}
