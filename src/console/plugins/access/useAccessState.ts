// The roles-and-permissions screen's state (issue 11, docs/adr/0039-permissions-role-leaves.md), all in the URL so back, refresh and a
// shared link open the same view: the application (`app`), the role (`role`), the tab (`tab`), and on
// the effective tab the enterprise and user looked at (`domain`, `user`). It loads the applications the
// caller reaches and the chosen application's roles.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readAgain, useCall } from '../../api/queries.ts';
import { withParams } from '../../runtime/query-params.ts';
import type { Calls } from '../../../core/generated/api-types.ts';

export type Role = Calls['roles.list']['reply']['datas'][number];
const NO_ROLES: Role[] = [];
export type Choice = Calls['lookups.domains']['reply'][number];
type Application = Calls['applications.list']['reply']['datas'][number];
export const ACCESS_TABS = ['pc', 'mobile', 'modules', 'effective'] as const;
export type AccessTab = (typeof ACCESS_TABS)[number];
export type Choose = (next: Partial<Record<'app' | 'role' | 'tab' | 'domain' | 'user', string>>) => void;

export function useAccessState() {
  const [params, setParams] = useSearchParams();
  const listed = useCall('applications.list', { query: { pagelines: 100000 } });
  const applications: Application[] | null = listed.isError ? [] : (listed.data?.datas ?? null);
  const appId = params.get('app') ?? applications?.[0]?.id ?? '';
  const roleId = params.get('role') ?? '';
  const asked = params.get('tab') as AccessTab | null;
  const tab: AccessTab = asked && ACCESS_TABS.includes(asked) ? asked : 'pc';

  /** A new application starts with no role; the rest of the URL stays. */
  const choose = useCallback<Choose>((next) => setParams((now) => withParams(now, next)), [setParams]);

  // Another application's roles are not shown while this one's load; a reading again keeps the list meanwhile.
  const listedRoles = useCall(
    'roles.list',
    { params: { id: appId }, query: { pagelines: 1000 }, body: {} },
    { enabled: Boolean(appId) },
  );
  const roles: Role[] | null = listedRoles.isError ? NO_ROLES : (listedRoles.data?.datas ?? null);
  const reloadRoles = useCallback(() => void readAgain('roles.list'), []);
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
