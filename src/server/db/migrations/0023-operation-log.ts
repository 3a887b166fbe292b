// The operation log (docs/adr/0056-operation-log.md): one row per call with effects, written after its reply by the route loop
// (plugins/catalogue-routes.ts). Each row's hash covers its content and the previous row's hash of the
// same chain (one chain per enterprise, '' for the platform), so an edited or removed row is found by
// `verify`. The reviewer's remark lives beside the hashed content. A retention delete removes a prefix of
// a chain and leaves a checkpoint, signed with the log's key, naming the last hash it removed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table operation_log (
    seq bigint primary key,
    chain text not null,
    at timestamptz not null,
    domain_id text,
    user_id text,
    user_name text not null default '',
    user_kind text not null default '',
    ip text not null default '',
    call_id text not null,
    method text not null,
    path text not null,
    target_id text not null default '',
    change jsonb,
    errcode integer not null,
    message text not null default '',
    prev_hash text not null,
    hash text not null,
    remark text not null default '',
    reviewed boolean not null default false,
    reviewed_by text not null default '',
    reviewed_at timestamptz
  )`.execute(db);
  await sql`create sequence operation_log_seq`.execute(db);
  await sql`create index operation_log_chain on operation_log (chain, seq)`.execute(db);
  await sql`create index operation_log_domain_at on operation_log (domain_id, at desc)`.execute(db);
  await sql`create table operation_log_checkpoints (
    chain text not null,
    up_to_seq bigint not null,
    last_hash text not null,
    deleted integer not null,
    at timestamptz not null,
    by_user text not null,
    signature text not null,
    primary key (chain, up_to_seq)
  )`.execute(db);
  // The key that signs checkpoints: made once per deployment unless ATRIUM_LOG_KEY gives one.
  await sql`create table operation_log_key (id integer primary key check (id = 1), secret text not null)`.execute(db);
  await sql`insert into operation_log_key (id, secret) values (1, encode(sha256(gen_random_uuid()::text::bytea || clock_timestamp()::text::bytea), 'hex'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table operation_log_key`.execute(db);
  await sql`drop table operation_log_checkpoints`.execute(db);
  await sql`drop table operation_log`.execute(db);
  await sql`drop sequence operation_log_seq`.execute(db);
}
