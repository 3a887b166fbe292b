// The master side of a master-detail screen: the rows of its read (made once every route value its
// `args` name is in the URL), and the chosen row's value in the route query `param`. Choosing adds a
// history entry (back returns to the previous choice) and drops the detail's own URL state, kept
// under `<param>.`, so another row's detail starts on its first page, unsearched.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { MasterDetailScreen } from '../../../core/catalogue/types.ts';
import { useCallAny } from '../../api/queries.ts';
import { getBoot } from '../../shell/boot.ts';
import { useRouteArgs } from '../call-args.ts';
import { replyRows } from '../reply-rows.ts';
import type { Row } from '../screen-types.ts';

export function useMasterRows(master: MasterDetailScreen['master']) {
  const [url, setUrl] = useSearchParams();
  const args = useRouteArgs(master.args);
  const get = getBoot().catalogue.calls[master.call]?.method === 'GET';
  const read = useCallAny<unknown>(
    master.call,
    { params: args.params, query: { ...master.query, ...args.query }, body: get ? undefined : args.body, silent: true },
    { enabled: args.missing.length === 0 },
  );
  const rows = useMemo((): Row[] | null => {
    if (read.error) return [];
    return read.data === undefined ? null : replyRows(read.data);
  }, [read.data, read.error]);
  const chosen = url.get(master.param);
  const row = rows?.find((r) => String(r[master.value]) === chosen) ?? null;
  const { param } = master;
  // The chosen row again changes nothing (no second history entry).
  const choose = useCallback(
    (value: string) => {
      if (chosen === value) return;
      setUrl((now) => {
        const next = new URLSearchParams(now);
        for (const name of [...next.keys()]) if (name.startsWith(`${param}.`)) next.delete(name);
        next.set(param, value);
        return next;
      });
    },
    [setUrl, param, chosen],
  );
  const error = read.error ? read.error.errmsg || String(read.error) : null;
  return { rows, chosen, row, choose, error, missing: args.missing.length > 0 };
}
