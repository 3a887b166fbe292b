// The choice a tab frame's tabs work within (catalogue `scope` of a tabs screen): its choices from the
// scope's call, the chosen one in the route query (the `preferred` choice, else the first, when the URL
// names none, put in the URL without a history entry so back leaves the screen rather than undoing the
// default); a new choice drops the route values that belonged to the old one (`clears`).
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TabsScreen } from '../../../core/catalogue/types.ts';
import { useCallAny } from '../../api/queries.ts';
import { useRouteArgs } from '../call-args.ts';
import { replyRows } from '../reply-rows.ts';

export interface ScopeChoice {
  value: string;
  text: string;
  /** The row's `preferred` field holds (the enterprise's default application). */
  preferred?: boolean;
}

type Scope = NonNullable<TabsScreen['scope']>;

export function useScopeChoice(scope: Scope | undefined) {
  const [params, setParams] = useSearchParams();
  const args = useRouteArgs(scope?.args);
  const chosen = scope ? params.get(scope.param) : null;
  const read = useCallAny<unknown>(
    scope?.call ?? '',
    {
      params: args.params,
      query: { ...scope?.query, ...args.query },
      body: Object.keys(args.body).length > 0 ? args.body : undefined,
      silent: true,
    },
    { enabled: scope !== undefined && args.missing.length === 0 },
  );
  /** The server's refusal of the choices (another tenant's enterprise): said, not taken for "none". */
  const error = read.error ? read.error.errmsg || String(read.error) : null;
  // The address lacks what the choices are read for (an enterprise's page opened without it): said,
  // not waited for.
  const missing = scope !== undefined && args.missing.length > 0;
  const choices = useMemo((): ScopeChoice[] | null => {
    if (!scope || read.error || missing) return [];
    if (read.data === undefined) return null;
    return replyRows(read.data).map((row) => ({
      value: String(row[scope.value]),
      text: String(row[scope.text] ?? row[scope.value]),
      ...(scope.preferred && row[scope.preferred] === true ? { preferred: true } : {}),
    }));
  }, [scope, read.data, read.error, missing]);

  const choose = (value: string, replace = false) =>
    scope &&
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(scope.param, value);
        for (const name of scope.clears ?? []) next.delete(name);
        return next;
      },
      { replace },
    );

  // The preferred (else the first) choice when the URL names none (or one no longer offered).
  const first = (choices?.find((c) => c.preferred) ?? choices?.[0])?.value;
  const offered = choices?.some((c) => c.value === chosen) ?? false;
  useEffect(() => {
    if (first !== undefined && !offered) choose(first, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first, offered]);

  return { choices, error, missing, chosen: offered ? chosen : null, choose };
}
