// Starts a maintenance job and follows it: the status call is polled every second (spec §4) until it
// no longer says in-progress, then the success message, or the failure with the server's reason. A job
// still running when the tab opens (started before leaving it, or by someone else) is followed too.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallId, Calls } from '../../../core/generated/api-types.ts';
import { call, callAny, type CallArgs } from '../../api/client.ts';
import { notifyError, notifySuccess } from '../../shell/notify.ts';
import { label } from '../../shell/LabelText.tsx';

export type JobStatus = Calls['maintenance.status']['reply'];
type JobCall = Extract<CallId, 'maintenance.clearCache' | 'maintenance.rebuildFiles' | 'maintenance.synchronize'>;
type JobName = Exclude<JobStatus['job'], ''>;

export const POLL_INTERVAL_MS = 1000;

interface JobMessages {
  call: JobCall;
  success: string;
  /** Said before the server's reason when the job failed (the reason alone when absent). */
  failure?: string;
}

const JOBS: Record<JobName, JobMessages> = {
  clearCache: { call: 'maintenance.clearCache', success: 'manage.clearSuccess' },
  rebuildFiles: { call: 'maintenance.rebuildFiles', success: 'manage.rebuildSuccess', failure: 'manage.rebuildFail' },
  synchronize: { call: 'maintenance.synchronize', success: 'manage.syncSuccess', failure: 'manage.syncFail' },
};

export function useMaintenanceJob() {
  const { t } = useTranslation();
  const [job, setJob] = useState<JobStatus | null>(null);
  const [running, setRunning] = useState<JobCall | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false); // leaving the tab stops the polling, not the job
  }, []);

  const follow = useCallback(
    async (messages: JobMessages) => {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
        if (!mounted.current) return;
        const status = await call('maintenance.status', {}).catch(() => null); // the client showed errmsg
        if (!status) return setRunning(null);
        setJob(status);
        if (status.status === 'in-progress') continue;
        setRunning(null);
        if (status.status === 'done') notifySuccess(label(messages.success));
        else notifyError(messages.failure ? `${t(messages.failure)} ${status.message}` : status.message);
        return;
      }
    },
    [t],
  );

  useEffect(() => {
    void call('maintenance.status', {}).then(
      (status) => {
        if (!mounted.current || status.status !== 'in-progress' || !status.job) return;
        setJob(status);
        setRunning(JOBS[status.job].call);
        void follow(JOBS[status.job]);
      },
      () => undefined,
    );
  }, [follow]);

  const start = useCallback(
    async (name: JobName, args: CallArgs) => {
      const messages = JOBS[name];
      setRunning(messages.call);
      try {
        const first = await callAny<JobStatus>(messages.call, args);
        setJob(first);
        void follow(messages);
      } catch {
        setRunning(null); // the client showed errmsg (another job running, unknown software…)
      }
    },
    [follow],
  );

  return { job, running, start };
}
