// The choice a tab frame's tabs work within (catalogue `scope` of a tabs screen): its choices from the
// scope's call, the chosen one in the route query (the first choice when the URL names none, put in
// the URL without a history entry so back leaves the screen rather than undoing the default).
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TabsScreen } from '../../../core/catalogue/types.ts';
import { ApiError } from '../../api/ApiError.ts';
import { callAny } from '../../api/client.ts';
import { useRouteArgs } from '../call-args.ts';

export interface ScopeChoice {
  value: string;
  text: string;
}

type Scope = NonNullable<TabsScreen['scope']>;

export function useScopeChoice(scope: Scope | undefined) {
  const [params, setParams] = useSearchParams();
  const args = useRouteArgs(scope?.args);
  const [choices, setChoices] = useState<ScopeChoice[] | null>(scope ? null : []);
  /** The server's refusal of the choices (another tenant's enterprise): said, not taken for "none". */
  const [error, setError] = useState<string | null>(null);
  const chosen = scope ? params.get(scope.param) : null;

  useEffect(() => {
    if (!scope || args.missing.length > 0) return;
    let live = true;
    callAny<unknown>(scope.call, {
      params: args.params,
      query: { ...scope.query, ...args.query },
      body: Object.keys(args.body).length > 0 ? args.body : undefined,
      silent: true,
    }).then(
      (data) => {
        const rows = (Array.isArray(data) ? data : ((data as { datas?: unknown[] } | null)?.datas ?? [])) as Array<
          Record<string, unknown>
        >;
        if (live)
          setChoices(
            rows.map((row) => ({ value: String(row[scope.value]), text: String(row[scope.text] ?? row[scope.value]) })),
          );
      },
      (failure: unknown) => {
        if (!live) return;
        setError(failure instanceof ApiError && failure.errmsg ? failure.errmsg : String(failure));
        setChoices([]);
      },
    );
    return () => {
      live = false;
    };
  }, [scope, args]);

  const choose = (value: string, replace = false) =>
    scope &&
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(scope.param, value);
        return next;
      },
      { replace },
    );

  // The first choice when the URL names none (or one no longer offered).
  const first = choices?.[0]?.value;
  const offered = choices?.some((c) => c.value === chosen) ?? false;
  useEffect(() => {
    if (first !== undefined && !offered) choose(first, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first, offered]);

  return { choices, error, chosen: offered ? chosen : null, choose };
}
