// Fetches one page of the list's source call whenever the search, the view or the paging changes;
// keeps the last answer (`reply`) because action rules read it.
import { useCallback, useEffect, useState } from 'react';
import { callAny } from '../../api/client.ts';
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

export function useListData(source: string, search: Record<string, string>, page: PageRequest) {
  const [reply, setReply] = useState<ListReply | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    setLoading(true);
    callAny<ListReply>(source, { query: { ...page }, body: search })
      .then((answer) => {
        if (!current) return;
        setReply({ ...answer, datas: answer?.datas ?? [], rowCount: answer?.rowCount ?? 0 });
        setFailed(false);
      })
      .catch(() => current && setFailed(true)) // the client already showed errmsg
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
    // page fields are listed one by one so an equal page object does not refetch
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, search, page.currpage, page.pagelines, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { reply, rows: reply?.datas ?? [], rowCount: reply?.rowCount ?? 0, loading, failed, reload };
}
