// The role assignment of one enterprise (issue 11, docs/adr/0038-applications-from-packages.md): the application and role chosen in the URL
// (`app`, `role`: a refresh or a shared link opens the same), the enterprise's bound applications, the
// application's roles with their holders, and one page of the chosen role's holders in the enterprise.
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readAgain, useCall } from '../../api/queries.ts';
import { withParams } from '../../runtime/query-params.ts';
import { useBoundApplications } from '../../runtime/user-picker/useBoundApplications.ts';
import type { Calls } from '../../../core/generated/api-types.ts';

type Role = Calls['roles.list']['reply']['datas'][number];
const NO_ROLES: Role[] = [];
export type Holder = Calls['users.list']['reply']['datas'][number];

export function useRoleAssignment(domainId: string) {
  const [params, setParams] = useSearchParams();
  const { applications, appId } = useBoundApplications(domainId, params.get('app') ?? '');
  const [paging, setPaging] = useState({ page: 0, pageSize: 10 });
  const roleId = params.get('role') ?? '';
  /** A login number (part of one) narrowing the holders. */
  const holderSearch = params.get('q') ?? '';

  /** Changes the URL's choice in place (the tab and the enterprise stay). */
  const choose = useCallback(
    (next: { app?: string; role?: string; q?: string }) => setParams((now) => withParams(now, next), { replace: true }),
    [setParams],
  );

  const listedRoles = useCall(
    'roles.list',
    { params: { id: appId }, query: { pagelines: 1000, domainid: domainId }, body: {} },
    { enabled: Boolean(appId) },
  );
  const roles: Role[] | null = listedRoles.isError ? NO_ROLES : (listedRoles.data?.datas ?? null);
  const listedHolders = useCall(
    'users.list',
    {
      params: { id: domainId },
      query: { currpage: paging.page + 1, pagelines: paging.pageSize },
      body: { roleid: roleId, ...(holderSearch ? { loginno: holderSearch } : {}) },
    },
    { enabled: Boolean(roleId), keepPrevious: true },
  );
  const holders: { rows: Holder[]; rowCount: number } | null = listedHolders.isError
    ? { rows: [], rowCount: 0 }
    : listedHolders.data
      ? { rows: listedHolders.data.datas, rowCount: listedHolders.data.rowCount }
      : null;

  const reload = useCallback(() => void Promise.all([readAgain('roles.list'), readAgain('users.list')]), []);
  const role = useMemo(() => roles?.find((r) => r.id === roleId) ?? null, [roles, roleId]);
  return {
    applications,
    appId,
    roles,
    role,
    roleId,
    holderSearch,
    holders: roleId ? holders : null,
    paging,
    setPaging,
    choose,
    reload,
  };
}
