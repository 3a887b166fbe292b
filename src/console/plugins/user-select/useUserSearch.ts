// One page of a tenant's users for the selection dialog (users.list; a role's holders who may approve
// the approval through flows.selectApprovers; the API documentation's users through apiDocs.users):
// the query, the paging, and a request whenever either changes. A new query starts again at page 1. Loading is "the last answer is not for this request",
// as in the lists (runtime/list/useListData.ts).
import { useCallback, useEffect, useState } from 'react';
import { callAny } from '../../api/client.ts';
import type { DialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import type { ApprovalContext, UserQuery, UserRow } from './user-select-types.ts';

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

type UserPage = { datas: UserRow[]; rowCount: number };

const filled = (fields: object) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== ''));

/** The page the query asks for: for the API documentation the enterprise's on-job users, an approval
 *  role's holders who may approve there (then `approval` is set), else users.list. */
function fetchPage(
  domainId: string,
  query: UserQuery,
  paging: Paging,
  approval?: ApprovalContext,
  docs?: boolean,
): Promise<UserPage> {
  const { departmentid, roleid, ...body } = query;
  if (docs) {
    const { status: _onJobAnyway, ...search } = query;
    return callAny<UserPage>('apiDocs.users', {
      query: { domainid: domainId, currpage: paging.page + 1, pagelines: paging.pageSize, ...filled(search) },
      silent: true,
    });
  }
  if (roleid && approval) {
    const { docId, flowId, applicationId, nodeId } = approval;
    return callAny<{ datas: Array<Omit<UserRow, 'status'>>; rowCount: number }>('flows.selectApprovers', {
      params: { docId, flowId },
      query: { applicationId, nodeId, type: 2, selectId: roleid, pageNum: paging.page + 1, pageSize: paging.pageSize },
      silent: true,
    }).then((page) => ({ rowCount: page.rowCount, datas: page.datas.map((u) => ({ ...u, status: 1 })) })); // only on-job users may approve
  }
  return callAny<UserPage>('users.list', {
    params: { id: domainId },
    query: { currpage: paging.page + 1, pagelines: paging.pageSize, ...(departmentid ? { departmentid } : {}) },
    body: filled({ ...body, roleid }),
    silent: true,
  });
}

export function useUserSearch(
  domainId: string,
  pageSize: number,
  messages: DialogMessage,
  approval?: ApprovalContext,
  docs?: boolean,
) {
  const [query, setQueryState] = useState<UserQuery>({});
  const [paging, setPaging] = useState<Paging>({ page: 0, pageSize });
  const [settled, setSettled] = useState<Settled | null>(null);
  const { showFailure } = messages;
  const request = JSON.stringify([domainId, query, paging]);

  useEffect(() => {
    let current = true;
    fetchPage(domainId, query, paging, approval, docs).then(
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
  }, [domainId, query, paging, request, showFailure, approval, docs]);

  const setQuery = useCallback((next: UserQuery) => {
    setQueryState(next);
    setPaging((p) => ({ ...p, page: 0 }));
  }, []);

  return {
    query,
    setQuery,
    paging,
    setPaging,
    rows: settled?.rows ?? [],
    rowCount: settled?.rowCount ?? 0,
    loading: settled?.request !== request,
  };
}
