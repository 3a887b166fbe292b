// Deep pages of one chain's log (docs/adr/0146-log-pages-kept-and-anchored.md): the chain keeps the number
// of every ANCHOR_EVERY-th entry counted from its oldest. A chain only grows at its newest end (its
// writer appends under the chain's lock, numbers rising), so an entry's place counted from the oldest
// stays put until entries are removed (a retention delete, which moves the chain's `removed`, migration
// 0046). Page N of the newest-first list is then the entries below the anchor just above it, skipping
// fewer than ANCHOR_EVERY index entries instead of (N − 1) × lines; new entries extend the anchors by
// reading only what came after the last one.
import { sql } from 'kysely';
import { ANCHOR_EVERY } from '../../db/page-anchors.ts';
import type { Db } from '../../db/schema.ts';
import { int8 } from '../../db/int8.ts';
import type { ChainAnchors, ChainState } from './log-pages.ts';

/** Chains whose anchors are kept at most (the least recently read go first). */
const CHAINS = 100;

/** The numbers of the anchors after the last one kept (all of them when none is kept yet). */
async function anchorsAfter(db: Db, chain: string, seqs: readonly string[]): Promise<string[]> {
  const last = seqs.at(-1);
  // r counts from 1 after the last anchor (itself a multiple of ANCHOR_EVERY), or from 1 at the oldest (place 0).
  const shift = last === undefined ? -1 : 0;
  const { rows } = await sql<{ seq: string }>`select seq from (
      select seq, row_number() over (order by seq) as r from operation_log
      where chain = ${chain} and seq > ${int8(last ?? '-1')}) numbered
    where (r + ${shift}) % ${ANCHOR_EVERY} = 0 order by seq`.execute(db);
  return rows.map((r) => String(r.seq));
}

/** The chain's anchors, read or extended until anchor `k` is among them if the chain has it. */
async function anchorsTo(
  db: Db,
  kept: Map<string, ChainAnchors>,
  chain: string,
  removed: string,
  k: number,
): Promise<string[]> {
  let anchors = kept.get(chain);
  kept.delete(chain);
  if (!anchors || anchors.removed !== removed) anchors = { removed, seqs: [] };
  if (kept.size >= CHAINS) kept.delete(kept.keys().next().value!);
  kept.set(chain, anchors);
  while (anchors.seqs.length <= k) {
    const had = anchors.seqs.length;
    // Deep pages asked at once share one read.
    const current = anchors;
    current.reading ??= anchorsAfter(db, chain, current.seqs)
      .then((more) => void current.seqs.push(...more))
      .finally(() => (current.reading = undefined));
    await current.reading;
    if (current.seqs.length === had) break;
  }
  return anchors.seqs;
}

/** Where a page at `offset` of the chain's newest-first list starts: at or below the entry numbered
 *  `upTo`, skipping `skip` entries; undefined when the plain offset is as short. */
export async function logPageStart(
  db: Db,
  kept: Map<string, ChainAnchors> | null,
  chain: string,
  state: ChainState,
  offset: number,
): Promise<{ upTo: string; skip: number } | undefined> {
  if (!kept || offset < ANCHOR_EVERY) return undefined;
  const top = state.entries - 1 - offset; // the page's newest entry, counted from the oldest
  const k = Math.ceil(top / ANCHOR_EVERY);
  if (top < 0 || k * ANCHOR_EVERY > state.entries - 1) return undefined;
  const seqs = await anchorsTo(db, kept, chain, state.removed, k);
  return k < seqs.length ? { upTo: seqs[k], skip: k * ANCHOR_EVERY - top } : undefined;
}
