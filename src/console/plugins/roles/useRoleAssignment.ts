// The role assignment of one enterprise (issue 11, docs/adr/0038-applications-from-packages.md): the application and role chosen in the URL
// (`app`, `role`: a refresh or a shared link opens the same), the enterprise's bound applications, the
// application's roles with their holders, and one page of the chosen role's holders in the enterprise.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { withParams } from '../../runtime/query-params.ts';
import type { Calls } from '../../../core/generated/api-types.ts';

type Application = Calls['domainApplications.bound']['reply']['datas'][number];
type Role = Calls['roles.list']['reply']['datas'][number];
export type Holder = Calls['users.list']['reply']['datas'][number];

export function useRoleAssignment(domainId: string) {
  const [params, setParams] = useSearchParams();
  const [applications, setApplications] = useState<Application[] | null>(null);
  const [roles, setRoles] = useState<Role[] | null>(null);
  const [holders, setHolders] = useState<{ rows: Holder[]; rowCount: number } | null>(null);
  const [paging, setPaging] = useState({ page: 0, pageSize: 10 });
  const [generation, setGeneration] = useState(0);
  const appId = params.get('app') ?? applications?.find((a) => a.isDefault)?.id ?? applications?.[0]?.id ?? '';
  const roleId = params.get('role') ?? '';
  /** A login number (part of one) narrowing the holders. */
  const holderSearch = params.get('q') ?? '';

  /** Changes the URL's choice in place (the tab and the enterprise stay). */
  const choose = useCallback(
    (next: { app?: string; role?: string; q?: string }) => setParams((now) => withParams(now, next), { replace: true }),
    [setParams],
  );

  useEffect(() => {
    call('domainApplications.bound', { params: { id: domainId }, query: { pagelines: 1000 }, body: {} }).then(
      (page) => setApplications(page.datas),
      () => setApplications([]),
    );
  }, [domainId]);
  useEffect(() => {
    if (!appId) return;
    let current = true;
    call('roles.list', { params: { id: appId }, query: { pagelines: 1000, domainid: domainId }, body: {} }).then(
      (page) => current && setRoles(page.datas),
      () => current && setRoles([]),
    );
    return () => {
      current = false;
    };
  }, [appId, domainId, generation]);
  useEffect(() => {
    if (!roleId) return;
    let current = true;
    call('users.list', {
      params: { id: domainId },
      query: { currpage: paging.page + 1, pagelines: paging.pageSize },
      body: { roleid: roleId, ...(holderSearch ? { loginno: holderSearch } : {}) },
    }).then(
      (page) => current && setHolders({ rows: page.datas, rowCount: page.rowCount }),
      () => current && setHolders({ rows: [], rowCount: 0 }),
    );
    return () => {
      current = false;
    };
  }, [domainId, roleId, holderSearch, paging, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
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
