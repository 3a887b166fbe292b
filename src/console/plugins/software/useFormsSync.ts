// Forms synchronisation of one application (docs/adr/0053-forms-synchronisation.md): starts the job and
// follows it through the data layer, reading its status every second (the spec's pattern for long
// operations) while it says in-progress. A synchronisation already running when the dialog opens
// (started by someone else) is followed too; an earlier one that ended is not shown.
import { useState } from 'react';
import type { Calls } from '../../../core/generated/api-types.ts';
import { call } from '../../api/client.ts';
import { callKey, queryClient, useCall } from '../../api/queries.ts';

export type FormsSyncStatus = Calls['applications.formsStatus']['reply'];
export const POLL_INTERVAL_MS = 1000;

export function useFormsSync(applicationId: string, onFailure: (error: unknown) => void) {
  const args = { query: { applicationId }, silent: true };
  const [followed, setFollowed] = useState(false);
  const read = useCall('applications.formsStatus', args, {
    enabled: applicationId !== '',
    fresh: true,
    every: (now) => (now?.status === 'in-progress' ? POLL_INTERVAL_MS : false),
    onFailure: followed ? onFailure : undefined,
  });
  const now = read.isFetchedAfterMount ? read.data : undefined;
  if (!followed && now?.status === 'in-progress') setFollowed(true);

  const start = async () => {
    try {
      const first = await call('applications.syncForms', { query: { applicationId }, silent: true });
      queryClient.setQueryData(callKey('applications.formsStatus', args), first);
      setFollowed(true);
    } catch (e) {
      onFailure(e); // another synchronisation running, no package…
    }
  };

  return { status: followed ? (read.data ?? null) : null, start };
}
