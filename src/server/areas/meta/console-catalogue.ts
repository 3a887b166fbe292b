// The catalogue as the console receives it: no file origins, calls reduced to id/method/path
// (and `effects` when stated: the client sends the CSRF token by it and its data layer reads the
// screen again after a call with effects, so a search made a POST must say it has none), and the names
// of their query fields (a list's download sends the list's search and sort where its call accepts them).
import type { CallDef, Catalogue, ConsoleCall, ConsoleCatalogue } from '../../../core/catalogue/types.ts';

const withoutOrigin = <T extends { origin: unknown }>({ origin: _origin, ...rest }: T): Omit<T, 'origin'> => rest;

const cache = new WeakMap<Catalogue, ConsoleCatalogue>();

/** Drops the derived console catalogue (the maintenance cache clear); the next request rebuilds it. */
export function forgetConsoleCatalogue(catalogue: Catalogue): void {
  cache.delete(catalogue);
}

function toConsoleCall({ id, method, path, effects, query }: CallDef): ConsoleCall {
  const queryNames = Object.keys((query?.properties ?? {}) as Record<string, unknown>);
  return {
    id,
    method,
    path,
    ...(effects === undefined ? {} : { effects }),
    ...(queryNames.length ? { queryNames } : {}),
  };
}

export function toConsoleCatalogue(catalogue: Catalogue): ConsoleCatalogue {
  let out = cache.get(catalogue);
  if (!out) {
    const mapValues = <T, U>(record: Record<string, T>, fn: (value: T) => U) =>
      Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(v)]));
    out = {
      version: catalogue.version,
      entities: mapValues(catalogue.entities, withoutOrigin),
      calls: mapValues(catalogue.calls, toConsoleCall),
      screens: mapValues(catalogue.screens, withoutOrigin),
      routes: catalogue.routes.map(withoutOrigin),
    };
    cache.set(catalogue, out);
  }
  return out;
}
