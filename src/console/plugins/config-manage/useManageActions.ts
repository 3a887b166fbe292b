// The manage tab's controller: the software choice (all, or one of the platform's applications), the
// jobs (cache clear, rebuild, synchronization) and the one-shot actions (clear config, optimization).
// One-software actions are disabled while "All software" is chosen (the page says why); the server
// refuses them without a software too.
import { useCallback, useEffect, useState } from 'react';
import type { Calls } from '../../../core/generated/api-types.ts';
import { call } from '../../api/client.ts';
import { notifySuccess } from '../../shell/notify.ts';
import { useMaintenanceJob } from './useMaintenanceJob.ts';

type Choice = Calls['applications.forConfig']['reply']['datas'][number];

export function useManageActions() {
  const { job, running, start } = useMaintenanceJob();
  const [applications, setApplications] = useState<Choice[]>([]);
  const [software, setSoftware] = useState('');
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    call('applications.forConfig', { query: {} }).then(
      (page) => setApplications(page.datas),
      () => undefined,
    );
  }, []);

  /** The chosen software's id; the page disables these actions while none is chosen. */
  const chosen = useCallback((): string | null => software || null, [software]);

  const name = applications.find((a) => a.id === software)?.name;

  return {
    job,
    running,
    applications,
    software,
    choose: setSoftware,
    confirming,
    clearCache: () => start('clearCache', {}),
    rebuildFiles: () => start('rebuildFiles', { query: { applicationName: name } }),
    synchronize: async () => {
      const id = chosen();
      if (id) await start('synchronize', { query: { applicationid: id } });
    },
    askClearConfig: () => chosen() && setConfirming(true),
    cancelClearConfig: () => setConfirming(false),
    clearConfig: async () => {
      setConfirming(false);
      const answer = await call('maintenance.clearData', { query: { applicationid: software } }).catch(() => null);
      if (answer) notifySuccess(answer.message);
    },
    optimize: async () => {
      const id = chosen();
      const answer = id ? await call('maintenance.optimize', { params: { id } }).catch(() => null) : null;
      if (answer) notifySuccess(answer.message);
    },
  };
}
