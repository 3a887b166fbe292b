// One page of a tenant's users for the selection dialog (users.list; a role's holders who may approve
// the approval through flows.selectApprovers; the API documentation's users through apiDocs.users):
// the query, the paging, and a request whenever either changes. A new query starts again at page 1; the
// last page stays shown while the next loads, as in the lists (runtime/list/useListData.ts).
import { useCallback, useState } from 'react';
import { callAny } from '../../api/client.ts';
import { useRead } from '../../api/queries.ts';
import type { DialogMessage } from '../dialog/useDialogMessage.ts';
import type { ApprovalContext, UserQuery, UserRow } from './user-select-types.ts';

export interface Paging {
  /** From 0, as the DataGrid counts. */
  page: number;
  pageSize: number;
}

type UserPage = { datas: UserRow[]; rowCount: number };

const filled = (fields: object) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== ''));

/** The page the query asks for: for the API documentation the enterprise's on-job users, an approval
 *  role's holders who may approve there (then `approval` is set), else users.list. */
function fetchPage(
  signal: AbortSignal,
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
      signal,
    });
  }
  if (roleid && approval) {
    const { docId, flowId, applicationId, nodeId } = approval;
    return callAny<{ datas: Array<Omit<UserRow, 'status'>>; rowCount: number }>('flows.selectApprovers', {
      params: { docId, flowId },
      query: { applicationId, nodeId, type: 2, selectId: roleid, pageNum: paging.page + 1, pageSize: paging.pageSize },
      silent: true,
      signal,
    }).then((page) => ({ rowCount: page.rowCount, datas: page.datas.map((u) => ({ ...u, status: 1 })) })); // only on-job users may approve
  }
  return callAny<UserPage>('users.list', {
    params: { id: domainId },
    query: { currpage: paging.page + 1, pagelines: paging.pageSize, ...(departmentid ? { departmentid } : {}) },
    body: filled({ ...body, roleid }),
    silent: true,
    signal,
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
  const { showFailure } = messages;
  const read = useRead(
    ['userSearch', domainId, query, paging, approval ?? null, Boolean(docs)],
    (signal) => fetchPage(signal, domainId, query, paging, approval, docs),
    { keepPrevious: true, onFailure: showFailure },
  );

  const setQuery = useCallback((next: UserQuery) => {
    setQueryState(next);
    setPaging((p) => ({ ...p, page: 0 }));
  }, []);

  return {
    query,
    setQuery,
    paging,
    setPaging,
    rows: read.data?.datas ?? [],
    rowCount: read.data?.rowCount ?? 0,
    loading: read.isFetching,
  };
}
