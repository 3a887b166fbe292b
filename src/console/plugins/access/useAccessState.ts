// The roles-and-permissions screen's state (issue 11, docs/adr/0039-permissions-role-leaves.md), all in the URL so back, refresh and a
// shared link open the same view: the application (`app`), the role (`role`), the tab (`tab`), and on
// the effective tab the enterprise and user looked at (`domain`, `user`). It loads the applications the
// caller reaches and the chosen application's roles.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { withParams } from '../../runtime/query-params.ts';
import type { Calls } from '../../../core/generated/api-types.ts';

export type Role = Calls['roles.list']['reply']['datas'][number];
export type Choice = Calls['lookups.domains']['reply'][number];
type Application = Calls['applications.list']['reply']['datas'][number];
export const ACCESS_TABS = ['pc', 'mobile', 'modules', 'effective'] as const;
export type AccessTab = (typeof ACCESS_TABS)[number];
export type Choose = (next: Partial<Record<'app' | 'role' | 'tab' | 'domain' | 'user', string>>) => void;

export function useAccessState() {
  const [params, setParams] = useSearchParams();
  const [applications, setApplications] = useState<Application[] | null>(null);
  const [loaded, setLoaded] = useState<{ appId: string; roles: Role[] } | null>(null);
  const [generation, setGeneration] = useState(0);
  const appId = params.get('app') ?? applications?.[0]?.id ?? '';
  const roleId = params.get('role') ?? '';
  const asked = params.get('tab') as AccessTab | null;
  const tab: AccessTab = asked && ACCESS_TABS.includes(asked) ? asked : 'pc';

  /** A new application starts with no role; the rest of the URL stays. */
  const choose = useCallback<Choose>((next) => setParams((now) => withParams(now, next)), [setParams]);

  useEffect(() => {
    call('applications.list', { query: { pagelines: 100000 } }).then(
      (page) => setApplications(page.datas),
      () => setApplications([]),
    );
  }, []);
  useEffect(() => {
    if (!appId) return;
    let current = true;
    call('roles.list', { params: { id: appId }, query: { pagelines: 1000 }, body: {} }).then(
      (page) => current && setLoaded({ appId, roles: page.datas }),
      () => current && setLoaded({ appId, roles: [] }),
    );
    return () => {
      current = false;
    };
  }, [appId, generation]);

  const reloadRoles = useCallback(() => setGeneration((g) => g + 1), []);
  // Another application's roles are not shown while this one's load; a reload keeps the list meanwhile.
  const roles = loaded?.appId === appId ? loaded.roles : null;
  const role = useMemo(() => roles?.find((r) => r.id === roleId) ?? null, [roles, roleId]);
  const application = applications?.find((a) => a.id === appId) ?? null;
  return {
    applications,
    application,
    appId,
    roles,
    role,
    roleId,
    tab,
    domainId: params.get('domain') ?? '',
    userId: params.get('user') ?? '',
    choose,
    reloadRoles,
  };
}
