// One page of a tenant's users for the selection dialog (users.list): the query, the paging, and a
// request whenever either changes. A new query starts again at page 1. Loading is "the last answer
// is not for this request", as in the lists (runtime/list/useListData.ts).
import { useCallback, useEffect, useState } from 'react';
import { callAny } from '../../api/client.ts';
import type { DialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import type { UserQuery, UserRow } from './user-select-types.ts';

export interface Paging {
  /** From 0, as the DataGrid counts. */
  page: number;
  pageSize: number;
}

interface Settled {
  request: string;
  rows: UserRow[];
  rowCount: number;
}

export function useUserSearch(domainId: string, pageSize: number, messages: DialogMessage) {
  const [query, setQueryState] = useState<UserQuery>({});
  const [paging, setPaging] = useState<Paging>({ page: 0, pageSize });
  const [settled, setSettled] = useState<Settled | null>(null);
  const { showFailure } = messages;
  const request = JSON.stringify([domainId, query, paging]);

  useEffect(() => {
    let current = true;
    const { departmentid, ...body } = query;
    const filled = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined && v !== ''));
    callAny<{ datas: UserRow[]; rowCount: number }>('users.list', {
      params: { id: domainId },
      query: { currpage: paging.page + 1, pagelines: paging.pageSize, ...(departmentid ? { departmentid } : {}) },
      body: filled,
      silent: true,
    }).then(
      (page) => current && setSettled({ request, rows: page.datas, rowCount: page.rowCount }),
      (e: unknown) => {
        if (!current) return;
        showFailure(e);
        setSettled((prior) => ({ request, rows: prior?.rows ?? [], rowCount: prior?.rowCount ?? 0 }));
      },
    );
    return () => {
      current = false;
    };
  }, [domainId, query, paging, request, showFailure]);

  const setQuery = useCallback((next: UserQuery) => {
    setQueryState(next);
    setPaging((p) => ({ ...p, page: 0 }));
  }, []);

  return { query, setQuery, paging, setPaging, rows: settled?.rows ?? [], rowCount: settled?.rowCount ?? 0, loading: settled?.request !== request };
}
