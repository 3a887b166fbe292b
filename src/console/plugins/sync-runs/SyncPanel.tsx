// The part every sync tab shares (directory, docs/adr/0060-directory-sync.md; messaging suites, docs/adr/0061-messaging-suites.md): its run buttons (dry runs
// and syncs, off while a run is going), the error of a start refused, the run shown (progress while it
// runs, then its report), the confirmation a run refused by the deletion cap offers, and the history.
import { Alert, Button, Stack } from '@mui/material';
import { SyncHistory } from './SyncHistory.tsx';
import { SyncRunView, type RunKind, type SourceTerms } from './SyncRunView.tsx';
import type { SyncRun, useSyncRuns } from './useSyncRuns.ts';

export interface SyncAction {
  /** Passed to the start call; the button's test id is `sync-<id>`. */
  id: string;
  label: string;
  dry: boolean;
}

interface Props {
  runs: ReturnType<typeof useSyncRuns>;
  actions: SyncAction[];
  /** A run refused by the deletion cap: the action that runs it again, confirmed, and its label. */
  confirm: (run: SyncRun) => { action: string; label: string };
  kind: RunKind;
  terms?: SourceTerms;
}

export function SyncPanel({ runs, actions, confirm, kind, terms }: Props) {
  const { run, running, error, history, start, openRun } = runs;
  const confirmed = run?.status === 'refused' ? confirm(run) : null;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {actions.map((a) => (
          <Button
            key={a.id}
            variant={a.dry ? 'outlined' : 'contained'}
            disabled={running}
            onClick={() => void start(a.id)}
            data-testid={`sync-${a.id}`}
          >
            {a.label}
          </Button>
        ))}
      </Stack>
      {error && (
        <Alert severity="error" role="alert" data-testid="sync-error">
          {error}
        </Alert>
      )}
      {run && <SyncRunView run={run} kind={kind} terms={terms} />}
      {confirmed && (
        <div>
          <Button
            color="warning"
            variant="contained"
            onClick={() => void start(confirmed.action, 1)}
            data-testid="sync-confirm"
          >
            {confirmed.label}
          </Button>
        </div>
      )}
      <SyncHistory runs={history} onOpen={openRun} kind={kind} />
    </Stack>
  );
}
