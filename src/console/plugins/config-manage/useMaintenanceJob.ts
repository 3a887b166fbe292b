// Starts a maintenance job and follows it through the data layer: the status call is read every second
// (spec §4) while it says in-progress, then the success message, or the failure with the server's
// reason. A job still running when the tab opens (started before leaving it, or by someone else) is
// followed too.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallId, Calls } from '../../../core/generated/api-types.ts';
import { callAny, type CallArgs } from '../../api/client.ts';
import { callKey, queryClient, useCall } from '../../api/queries.ts';
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
  // The job this visit follows (started here, or running when the tab opened); leaving the tab stops
  // the polling, not the job.
  const [followed, setFollowed] = useState<JobMessages | null>(null);
  const [starting, setStarting] = useState<JobCall | null>(null);
  const read = useCall(
    'maintenance.status',
    {},
    { fresh: true, every: (now) => (now?.status === 'in-progress' ? POLL_INTERVAL_MS : false) },
  );
  const job = read.isFetchedAfterMount ? (read.data ?? null) : null;
  const [shown, setShown] = useState(false);
  const ended = followed !== null && job !== null && job.status !== 'in-progress';
  if ((!followed || ended) && !starting && job?.status === 'in-progress' && job.job) {
    setFollowed({ ...JOBS[job.job] });
    setShown(true);
  }

  // The followed job ended: its success, or its failure with the server's reason (said once per job).
  const told = useRef<JobMessages | null>(null);
  useEffect(() => {
    if (!ended || told.current === followed) return;
    told.current = followed;
    if (job.status === 'done') notifySuccess(label(followed.success));
    else notifyError(followed.failure ? `${t(followed.failure)} ${job.message}` : job.message);
  }, [ended, followed, job, t]);

  const start = async (name: JobName, args: CallArgs) => {
    const messages = JOBS[name];
    setStarting(messages.call);
    try {
      const first = await callAny<JobStatus>(messages.call, args);
      queryClient.setQueryData(callKey('maintenance.status'), first);
      setFollowed({ ...messages });
      setShown(true);
    } catch {
      // the client showed errmsg (another job running, unknown software…)
    } finally {
      setStarting(null);
    }
  };

  return { job: shown ? job : null, running: followed && !ended ? followed.call : starting, start };
}
