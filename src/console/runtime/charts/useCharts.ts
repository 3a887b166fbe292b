// A charts screen's controller (docs/adr/0133-charts-screen-kind.md): the controls' values from the URL
// (else their default, the first option, or the answer's own choice), each read made once the route
// values and choices it takes are known, all read again every `every` ms; out come the answers by read
// name, the first failure, whether anything is still loading, and `choose`, which writes a choice to the
// URL (a history entry, so Back returns to the previous choice).
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ChartsControl, ChartsRead, ChartsScreen } from '../../../core/catalogue/types.ts';
import { useCallReads } from '../../api/queries.ts';
import { withParams } from '../query-params.ts';
import { rowsAt, textAt } from './field-path.ts';

export type Answers = Record<string, unknown>;

/** A control's value before the reads: the URL's, else its default; undefined while it waits for the
 *  rows of its read; '' leaves the query value out (the call's own default, or the answer's choice). */
function valueBefore(control: ChartsControl, url: URLSearchParams): string | undefined {
  const asked = url.get(control.param);
  if (control.options) {
    const values = control.options.map((o) => o.value);
    return asked !== null && values.includes(asked) ? asked : (control.default ?? values[0]);
  }
  if (asked) return asked;
  return control.default ?? (control.from?.chosen ? '' : undefined);
}

interface Resolved {
  args: { params?: Record<string, string>; query?: Record<string, unknown>; body?: Record<string, unknown> };
  enabled: boolean;
}

function resolveRead(read: ChartsRead, values: (name: string) => string | undefined): Resolved {
  let enabled = true;
  const part = (fixed: Record<string, unknown> | undefined, map: Record<string, string> | undefined) => {
    if (!fixed && !map) return undefined;
    const out: Record<string, unknown> = { ...fixed };
    for (const [name, from] of Object.entries(map ?? {})) {
      const value = values(from);
      if (value === undefined) enabled = false;
      else if (value !== '') out[name] = value;
    }
    return out;
  };
  const params = part(undefined, read.args?.params) as Record<string, string> | undefined;
  const args = { params, query: part(read.query, read.args?.query), body: part(read.body, read.args?.body) };
  return { args, enabled };
}

export function useCharts(screen: ChartsScreen) {
  const [url, setUrl] = useSearchParams();
  const controls = useMemo(() => screen.controls ?? [], [screen.controls]);
  const names = Object.keys(screen.reads);

  // Two passes: the reads a choice waits for (the enterprise's software) are made first; a choice read
  // from them (the first software) then lets the reads that take it go.
  const before = Object.fromEntries(controls.map((c) => [c.param, valueBefore(c, url)]));
  const valueOf = (chosen: Record<string, string | undefined>) => (name: string) =>
    Object.hasOwn(chosen, name) ? chosen[name] : (url.get(name) ?? undefined) || undefined;
  const first = names.map((name) => resolveRead(screen.reads[name], valueOf(before)));
  const answersBefore: Answers = {};
  const chosen = { ...before };
  const results = useCallReads(
    names.map((name, i) => ({
      callId: screen.reads[name].call,
      args: { ...first[i].args, silent: true },
      enabled: first[i].enabled,
    })),
    screen.every,
  );
  names.forEach((name, i) => (answersBefore[name] = results[i].data));
  for (const c of controls)
    if (chosen[c.param] === undefined && c.from) {
      const row = rowsAt(answersBefore[c.from.read], c.from.rows)[0];
      if (row !== undefined) chosen[c.param] = textAt(row, c.from.value);
    }
  const second = names.map((name) => resolveRead(screen.reads[name], valueOf(chosen)));
  const later = useCallReads(
    names.map((name, i) => ({
      callId: screen.reads[name].call,
      args: { ...second[i].args, silent: true },
      enabled: !first[i].enabled && second[i].enabled,
    })),
    screen.every,
  );
  const all = names.map((_, i) => (first[i].enabled ? results[i] : later[i]));
  const answers: Answers = Object.fromEntries(names.map((name, i) => [name, all[i].data]));
  const error = all.find((r) => r.error)?.error?.message ?? null;
  const loading = all.some((r, i) => (first[i].enabled || second[i].enabled) && r.data === undefined && !r.error);
  const readAt = Math.max(0, ...all.map((r) => r.dataUpdatedAt));

  /** A new choice drops the values that belonged to the old one (`clears`: the enterprise's user). */
  const choose = useCallback(
    (param: string, value: string, clears: readonly string[] = []) =>
      setUrl((now) =>
        withParams(now, { ...Object.fromEntries(clears.map((name) => [name, undefined])), [param]: value }),
      ),
    [setUrl],
  );
  const refresh = () => void Promise.all(all.map((r) => r.refetch()));
  return { answers, chosen, error, loading, readAt, choose, refresh };
}
