// Fetches one page of the list's source call whenever the search, the view or the paging changes;
// keeps the last answer (`reply`) because action rules read it, and shows it while the next loads.
import { useCallback, useEffect, useState } from 'react';
import { callAny } from '../../api/client.ts';
import { getBoot } from '../../shell/boot.ts';
import type { ResolvedArgs } from '../call-args.ts';
import type { Row } from '../screen-types.ts';

export interface ListReply {
  datas: Row[];
  rowCount: number;
  [flag: string]: unknown;
}

export interface PageRequest {
  currpage: number;
  pagelines: number;
}

interface Settled {
  request: string;
  reply: ListReply | null;
  failed: boolean;
}

const NO_ARGS: ResolvedArgs = { params: {}, query: {}, body: {}, missing: [] };

/** `args`: the route context of the source call (keep its identity stable: see useRouteArgs); while a
 *  value is missing nothing is asked. */
export function useListData(
  source: string,
  search: Record<string, string>,
  page: PageRequest,
  args: ResolvedArgs = NO_ARGS,
) {
  const [generation, setGeneration] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const { currpage, pagelines } = page;
  // Identifies one request: loading is simply "the last settled request is not this one".
  const { params, query, body, missing } = args;
  const waiting = missing.length > 0;
  const request = JSON.stringify([source, search, currpage, pagelines, generation, params, query, body, waiting]);

  useEffect(() => {
    let current = true;
    if (waiting) return;
    // POST lists (the spec's) take the search as their body; GET lists take it in the query.
    const viaQuery = getBoot().catalogue.calls[source]?.method === 'GET';
    const request_ = viaQuery
      ? { params, query: { ...search, ...query, currpage, pagelines } }
      : { params, query: { ...query, currpage, pagelines }, body: { ...search, ...body } };
    callAny<ListReply>(source, request_).then(
      (answer) =>
        current &&
        setSettled({
          request,
          reply: { ...answer, datas: answer?.datas ?? [], rowCount: answer?.rowCount ?? 0 },
          failed: false,
        }),
      () => current && setSettled((prev) => ({ request, reply: prev?.reply ?? null, failed: true })), // the client showed errmsg
    );
    return () => {
      current = false;
    };
  }, [source, search, currpage, pagelines, request, params, query, body, waiting]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const reply = waiting ? null : (settled?.reply ?? null);
  return {
    reply,
    rows: reply?.datas ?? [],
    rowCount: reply?.rowCount ?? 0,
    loading: !waiting && settled?.request !== request,
    failed: settled?.failed ?? false,
    reload,
  };
}
