// Route context (catalogue `sourceArgs`, an action's `args`, a tree's `args`): the host URL's query
// values put into a call's path parameters, query and body. A screen embedded in a tab of
// `/domain?domainid=…` reads the enterprise from the same URL as its host, so nothing is handed down.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CallArgs } from '../../core/catalogue/types.ts';

export interface ResolvedArgs {
  params: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, string>;
  /** Route query names the mapping reads that the URL lacks: the call cannot be made yet. */
  missing: string[];
}

export function resolveArgs(args: CallArgs | undefined, url: URLSearchParams): ResolvedArgs {
  const missing: string[] = [];
  const part = (map: Record<string, string> | undefined) =>
    Object.fromEntries(
      Object.entries(map ?? {}).flatMap(([name, from]) => {
        const value = url.get(from);
        if (value === null || value === '') {
          missing.push(from);
          return [];
        }
        return [[name, value]];
      }),
    );
  return { params: part(args?.params), query: part(args?.query), body: part(args?.body), missing };
}

/** `resolveArgs` over the current URL, the same object until a value it reads changes. */
export function useRouteArgs(args: CallArgs | undefined): ResolvedArgs {
  const [url] = useSearchParams();
  // Keyed by the values as text, so the object changes only when a value does.
  const key = JSON.stringify(resolveArgs(args, url));
  return useMemo(() => JSON.parse(key) as ResolvedArgs, [key]);
}
