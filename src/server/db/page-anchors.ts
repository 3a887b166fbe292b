// Deep pages of a list in a stable order started from a kept boundary instead of an OFFSET
// (docs/adr/0115-short-fragment-search.md, docs/adr/0138-flow-list-and-log-plans.md): a list keeps
// every ANCHOR_EVERY-th row's sort key; a page whose offset reaches one reads the rows after it and
// skips only the rest of the offset, so page 50,000 costs about what page 1 does.

/** One anchor every this many rows: a deep page skips fewer than this many entries. */
export const ANCHOR_EVERY = 1_000;

/** Where a page starts: after the anchor `after`, which is the `skipped`-th row of the list. */
export interface PageStart<Key> {
  after: Key;
  skipped: number;
}

/** The last kept anchor at or before `offset` (anchors[k] is row (k + 1) × ANCHOR_EVERY), if any. */
export function startBefore<Key>(anchors: readonly Key[], offset: number): PageStart<Key> | undefined {
  const i = Math.min(Math.floor(offset / ANCHOR_EVERY), anchors.length) - 1;
  return i < 0 ? undefined : { after: anchors[i], skipped: (i + 1) * ANCHOR_EVERY };
}
