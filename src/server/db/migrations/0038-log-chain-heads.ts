// The operation log's signed heads (docs/adr/0087-operation-log-keyed-chain.md): one row per chain with its entry count, its last entry's
// number and hash, where its keyed hashes begin and the fingerprint of the key that signed it. Chains
// already written (plain SHA-256 hashes) are sealed here, once, with the log's key; what was changed
// in them before this seal cannot be told (recorded in docs/adr/0087-operation-log-keyed-chain.md).
import { sql, type Kysely } from 'kysely';
import type { Db } from '../schema.ts';
import { sealLegacyChains } from '../../operation-log/seal-legacy.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table operation_log_heads (
    chain text primary key,
    entries bigint not null,
    last_seq bigint not null,
    last_hash text not null,
    keyed_from bigint not null,
    key_id text not null,
    signature text not null
  )`.execute(db);
  await sealLegacyChains(db as unknown as Db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table operation_log_heads`.execute(db);
}
