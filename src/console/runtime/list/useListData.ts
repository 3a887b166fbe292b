// Fetches one page of the list's source call whenever the search, the view or the paging changes;
// keeps the last answer (`reply`) because action rules read it, and shows it while the next loads.
import { useCallback, useEffect, useState } from 'react';
import { callAny } from '../../api/client.ts';
import { getBoot } from '../../shell/boot.ts';
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

export function useListData(source: string, search: Record<string, string>, page: PageRequest) {
  const [generation, setGeneration] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const { currpage, pagelines } = page;
  // Identifies one request: loading is simply "the last settled request is not this one".
  const request = JSON.stringify([source, search, currpage, pagelines, generation]);

  useEffect(() => {
    let current = true;
    // POST lists (the spec's) take the search as their body; GET lists take it in the query.
    const viaQuery = getBoot().catalogue.calls[source]?.method === 'GET';
    const args = viaQuery ? { query: { ...search, currpage, pagelines } } : { query: { currpage, pagelines }, body: search };
    callAny<ListReply>(source, args).then(
      (answer) => current && setSettled({ request, reply: { ...answer, datas: answer?.datas ?? [], rowCount: answer?.rowCount ?? 0 }, failed: false }),
      () => current && setSettled((prev) => ({ request, reply: prev?.reply ?? null, failed: true })), // the client showed errmsg
    );
    return () => {
      current = false;
    };
  }, [source, search, currpage, pagelines, request]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const reply = settled?.reply ?? null;
  return { reply, rows: reply?.datas ?? [], rowCount: reply?.rowCount ?? 0, loading: settled?.request !== request, failed: settled?.failed ?? false, reload };
}
