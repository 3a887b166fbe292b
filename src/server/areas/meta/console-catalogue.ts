// The catalogue as the console receives it: no file origins, calls reduced to id/method/path
// (and `effects`, so the client knows which GETs need the CSRF token).
import type { Catalogue, ConsoleCatalogue } from '../../../core/catalogue/types.ts';

const withoutOrigin = <T extends { origin: unknown }>({ origin: _origin, ...rest }: T): Omit<T, 'origin'> => rest;

const cache = new WeakMap<Catalogue, ConsoleCatalogue>();

/** Drops the derived console catalogue (the maintenance cache clear); the next request rebuilds it. */
export function forgetConsoleCatalogue(catalogue: Catalogue): void {
  cache.delete(catalogue);
}

export function toConsoleCatalogue(catalogue: Catalogue): ConsoleCatalogue {
  let out = cache.get(catalogue);
  if (!out) {
    const mapValues = <T, U>(record: Record<string, T>, fn: (value: T) => U) =>
      Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(v)]));
    out = {
      version: catalogue.version,
      entities: mapValues(catalogue.entities, withoutOrigin),
      calls: mapValues(catalogue.calls, ({ id, method, path, effects }) =>
        effects ? { id, method, path, effects } : { id, method, path },
      ),
      screens: mapValues(catalogue.screens, withoutOrigin),
      routes: catalogue.routes.map(withoutOrigin),
    };
    cache.set(catalogue, out);
  }
  return out;
}
