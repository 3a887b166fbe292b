// A screen's choices kept in the URL's query: one change sets some names and removes the emptied ones,
// leaving the rest of the query (the tab, the enterprise) as it was.

export function withParams(now: URLSearchParams, next: Readonly<Record<string, string | undefined>>): URLSearchParams {
  const copy = new URLSearchParams(now);
  for (const [key, value] of Object.entries(next)) {
    if (value) copy.set(key, value);
    else copy.delete(key);
  }
  return copy;
}
