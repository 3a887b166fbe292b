// The applications an enterprise is bound to (domainApplications.bound) and the one in force: the
// caller's choice, else the enterprise's default, else the first. The user picker's tab by role and the
// enterprise's roles tab choose among them.
import { useCall } from '../../api/queries.ts';
import type { Calls } from '../../../core/generated/api-types.ts';

export type BoundApplication = Calls['domainApplications.bound']['reply']['datas'][number];

/** An enterprise is bound to a handful of applications: one page holds them all. */
const ALL_APPLICATIONS = 1000;

export function useBoundApplications(
  domainId: string,
  chosen: string,
  options: { enabled?: boolean; onFailure?: (error: unknown) => void; silent?: boolean } = {},
) {
  const read = useCall(
    'domainApplications.bound',
    { params: { id: domainId }, query: { pagelines: ALL_APPLICATIONS }, body: {}, silent: options.silent },
    { enabled: options.enabled ?? true, onFailure: options.onFailure },
  );
  const applications: BoundApplication[] | null = read.isError ? [] : (read.data?.datas ?? null);
  const appId = chosen || ((applications?.find((a) => a.isDefault) ?? applications?.[0])?.id ?? '');
  return { applications, appId };
}
