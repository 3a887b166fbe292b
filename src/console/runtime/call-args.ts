// Route context (catalogue `sourceArgs`, an action's `args`, a tree's `args`): the host URL's query
// values put into a call's path parameters, query and body. A screen embedded in a tab of
// `/domain?domainid=…` reads the enterprise from the same URL as its host, so nothing is handed down.
// A value named `signIn.<field>` is read from the debug page's documentation sign-in instead, held in
// memory only (api/runtime-sign-in.ts): the task runtime's calls carry its accessToken and userCode.
// A value named with a trailing `?` is optional: the URL lacking it leaves the field out and the call is
// still made (the task runtime's panel names the task a "my tasks" row opened, and none from elsewhere,
// docs/adr/0255-runtime-actions-name-the-task.md).
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CallArgs } from '../../core/catalogue/types.ts';
import { runtimeCredential, useRuntimeCredential, type RuntimeCredential } from '../api/runtime-sign-in.ts';

const SIGN_IN = 'signIn.';
const OPTIONAL = '?';

/** A route value, or (`signIn.<field>`) a field of the documentation sign-in. */
function valueOf(from: string, url: URLSearchParams, signIn: RuntimeCredential | null): string | null {
  if (!from.startsWith(SIGN_IN)) return url.get(from);
  const value = signIn?.[from.slice(SIGN_IN.length) as keyof RuntimeCredential];
  return typeof value === 'string' ? value : null;
}

export interface ResolvedArgs {
  params: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, string>;
  /** Route query names the mapping reads that the URL lacks: the call cannot be made yet. */
  missing: string[];
}

export function resolveArgs(
  args: CallArgs | undefined,
  url: URLSearchParams,
  signIn: RuntimeCredential | null = runtimeCredential(),
): ResolvedArgs {
  const missing: string[] = [];
  const part = (map: Record<string, string> | undefined) =>
    Object.fromEntries(
      Object.entries(map ?? {}).flatMap(([name, named]) => {
        const optional = named.endsWith(OPTIONAL);
        const from = optional ? named.slice(0, -OPTIONAL.length) : named;
        const value = valueOf(from, url, signIn);
        if (value === null || value === '') {
          if (!optional) missing.push(from);
          return [];
        }
        return [[name, value]];
      }),
    );
  return { params: part(args?.params), query: part(args?.query), body: part(args?.body), missing };
}

/** `resolveArgs` over the current URL (or `context`: the data of a dialog drawing a panel), the same
 *  object until a value it reads changes. */
export function useRouteArgs(args: CallArgs | undefined, context?: URLSearchParams): ResolvedArgs {
  const [address] = useSearchParams();
  const url = context ?? address;
  const signIn = useRuntimeCredential();
  // Keyed by the values as text, so the object changes only when a value does.
  const key = JSON.stringify(resolveArgs(args, url, signIn));
  return useMemo(() => JSON.parse(key) as ResolvedArgs, [key]);
}
