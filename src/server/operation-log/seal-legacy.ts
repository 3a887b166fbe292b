// Seals the chains that have no head yet with the log's key (docs/adr/0087-operation-log-keyed-chain.md): their entries keep the plain
// SHA-256 hashes they were written with (below `keyedFrom`), and the signed head pins their count and
// last hash, so from the seal on neither an edit nor a deletion of them passes. Run once, by migration
// 0038: run again it would sign whatever the database holds, which is why nothing else calls it.
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { writeHeads } from './chain-head.ts';
import { logKeyOf } from './log-key.ts';

interface ChainEnd {
  chain: string;
  entries: number;
  last_seq: string | null;
  last_hash: string | null;
  checkpoint_seq: string | null;
  checkpoint_hash: string | null;
}

export async function sealLegacyChains(db: Db): Promise<number> {
  const { rows } = await sql<ChainEnd>`select c.chain,
      (select count(*)::int from operation_log l where l.chain = c.chain) as entries,
      last.seq::text as last_seq, last.hash as last_hash, cp.up_to_seq::text as checkpoint_seq, cp.last_hash as checkpoint_hash
    from (select chain from operation_log union select chain from operation_log_checkpoints) c
    left join lateral (select seq, hash from operation_log l where l.chain = c.chain order by seq desc limit 1) last on true
    left join lateral (select up_to_seq, last_hash from operation_log_checkpoints k where k.chain = c.chain order by up_to_seq desc limit 1) cp on true
    where not exists (select 1 from operation_log_heads h where h.chain = c.chain)`.execute(db);
  if (rows.length === 0) return 0;
  // Every entry written from here on is keyed; the sequence only grows.
  const {
    rows: [next],
  } = await sql<{ next: string }>`select (coalesce(max(seq), 0) + 1)::text as next from operation_log`.execute(db);
  const heads = rows.map((r) => ({
    chain: r.chain,
    entries: r.entries,
    lastSeq: r.last_seq ?? r.checkpoint_seq ?? '0',
    lastHash: r.last_hash ?? r.checkpoint_hash ?? '',
    keyedFrom: next.next,
  }));
  await writeHeads(db, await logKeyOf(db), heads);
  return heads.length;
}
