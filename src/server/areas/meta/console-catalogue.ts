// The catalogue as the console receives it: no file origins, calls reduced to id/method/path
// (and `effects` when stated: the client sends the CSRF token by it and its data layer reads the
// screen again after a call with effects, so a search made a POST must say it has none).
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
        effects === undefined ? { id, method, path } : { id, method, path, effects },
      ),
      screens: mapValues(catalogue.screens, withoutOrigin),
      routes: catalogue.routes.map(withoutOrigin),
    };
    cache.set(catalogue, out);
  }
  return out;
}
