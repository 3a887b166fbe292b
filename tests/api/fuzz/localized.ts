// Is an errmsg a text of the language asked for? It must match one of that locale's labels (each
// {{placeholder}} standing for any text), and never be a bare label key or an ajv English message.
import type { Catalogue } from '../../../src/core/catalogue/types.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function localizedTextCheck(catalogue: Catalogue, language: string): (errmsg: string) => boolean {
  const labels = catalogue.labels[language];
  const patterns = Object.values(labels).map(
    (text) => new RegExp(`^${escape(text).replace(/\\\{\\\{\s*[A-Za-z0-9_.]+\s*\\\}\\\}/g, '[\\s\\S]*')}$`),
  );
  const keys = new Set(Object.keys(labels));
  const seen = new Map<string, boolean>();
  return (errmsg) => {
    let ok = seen.get(errmsg);
    if (ok === undefined) {
      ok = !keys.has(errmsg) && !/\bmust (be|have|NOT|match)\b/.test(errmsg) && patterns.some((p) => p.test(errmsg));
      seen.set(errmsg, ok);
    }
    return ok;
  };
}
