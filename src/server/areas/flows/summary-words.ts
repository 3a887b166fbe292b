// The summary search served by its rare words (docs/adr/0224-start-days-summary-words-log-operators.md).
// The trigram index (migration 0044) is asked for every trigram of the text; a word most summaries carry
// ("Request" in "Request 4217") has trigrams whose posting lists hold nearly every instance, and the
// index visits them for each candidate: ~1,900 buffers for 99 matches at a million instances. Every
// summary containing the text contains each of its words, so the index is asked only for the words the
// planner expects to be rare, and the whole text is then checked on the candidates by strpos, which no
// index serves (the same rows as containsText's LIKE: a literal, case-folded "contains").
import { sql, type SqlBool } from 'kysely';
import { containsText } from '../../db/contains-text.ts';
import { plannedRows } from '../../db/list-total.ts';
import type { Db } from '../../db/schema.ts';

/** Runs of letters and digits, as pg_trgm splits words (a word under three characters has no trigram of
 *  its own), each with the character before and after it in the text: a word's edge is a trigram of its
 *  own (" 42" for " 4217"), far rarer than the word's inner ones, and still a part of the text. */
const wordsOf = (text: string) =>
  [...text.matchAll(/[\p{L}\p{N}]+/gu)]
    .filter(({ 0: word }) => [...word].length >= 3)
    .map(({ 0: word, index }) => {
      // Whole characters (code points), never half of a surrogate pair.
      const before = [...text.slice(0, index)].pop() ?? '';
      const after = [...text.slice(index + word.length)][0] ?? '';
      return `${before}${word}${after}`;
    });

/** A word this many times as frequent as the rarest still narrows the index's candidates cheaply. */
const KEPT_RATIO = 10;

/** `i.summary` contains `text` (containsText), with the index asked for its rare words only. */
export async function bySummary(db: Db, text: string) {
  const words = [...new Set(wordsOf(text).map((word) => word.toLowerCase()))];
  if (words.length < 2) return containsText(sql.ref('i.summary'), text);
  const planned = await Promise.all(
    words.map((word) =>
      plannedRows(db, db.selectFrom('flow_instances as i').where(containsText(sql.ref('i.summary'), word))),
    ),
  );
  const rarest = Math.min(...planned);
  const rare = words.filter((_, k) => planned[k] <= Math.max(1, rarest) * KEPT_RATIO);
  if (rare.length === words.length) return containsText(sql.ref('i.summary'), text);
  const indexed = rare.map((word) => containsText(sql.ref('i.summary'), word));
  return sql<SqlBool>`(${sql.join(indexed, sql` and `)} and strpos(lower(i.summary), lower(${text})) > 0)`;
}
