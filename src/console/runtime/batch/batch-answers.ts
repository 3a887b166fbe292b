// A batch sent in parts answers once per part (docs/adr/0168-batch-count-parts-summary-undo.md): the
// parts' answers are added into one (numbers summed, lists joined, anything else kept from the first,
// as the batch's key), and an answer is said by a label given its fields, a list as its length.
import type { Row } from '../screen-types.ts';

export function addedAnswers(a: Row, b: Row): Row {
  const sum: Row = { ...b, ...a };
  for (const [field, value] of Object.entries(b)) {
    const prior = a[field];
    if (typeof prior === 'number' && typeof value === 'number') sum[field] = prior + value;
    else if (Array.isArray(prior) && Array.isArray(value))
      sum[field] = [...(prior as unknown[]), ...(value as unknown[])];
  }
  return sum;
}

/** The answer's fields as a label's values: a list counted. */
export function spokenAnswer(answer: Row): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answer).map(([k, v]) => [k, Array.isArray(v) ? v.length : v]));
}

/** The ids in parts of `size` (all at once without one). */
export function partsOf<T>(ids: readonly T[], size: number | undefined): T[][] {
  if (!size || ids.length <= size) return [[...ids]];
  const parts: T[][] = [];
  for (let at = 0; at < ids.length; at += size) parts.push(ids.slice(at, at + size));
  return parts;
}
