// Forms synchronisation of one application (docs/adr/0053-forms-synchronisation.md): starts the job and follows it, reading its status
// every second (the spec's pattern for long operations) until it no longer says in-progress. A
// synchronisation already running when the dialog opens (started by someone else) is followed too.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Calls } from '../../../core/generated/api-types.ts';
import { call } from '../../api/client.ts';

export type FormsSyncStatus = Calls['applications.formsStatus']['reply'];
export const POLL_INTERVAL_MS = 1000;

export function useFormsSync(applicationId: string, onFailure: (error: unknown) => void) {
  const [status, setStatus] = useState<FormsSyncStatus | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false); // closing the dialog stops the polling, not the job
  }, []);

  const follow = useCallback(async () => {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
      if (!mounted.current) return;
      const next = await call('applications.formsStatus', { query: { applicationId }, silent: true }).catch(
        (e: unknown) => (onFailure(e), null),
      );
      if (!next || !mounted.current) return;
      setStatus(next);
      if (next.status !== 'in-progress') return;
    }
  }, [applicationId, onFailure]);

  useEffect(() => {
    if (!applicationId) return;
    void call('applications.formsStatus', { query: { applicationId }, silent: true }).then(
      (first) => {
        if (!mounted.current || first.status !== 'in-progress') return;
        setStatus(first);
        void follow();
      },
      () => undefined,
    );
  }, [applicationId, follow]);

  const start = useCallback(async () => {
    try {
      setStatus(await call('applications.syncForms', { query: { applicationId }, silent: true }));
      void follow();
    } catch (e) {
      onFailure(e); // another synchronisation running, no package…
    }
  }, [applicationId, follow, onFailure]);

  return { status, start };
}
