// Screen kind `runs` (the directory's sync, docs/adr/0060-directory-sync.md, and the messaging suites',
// docs/adr/0061-messaging-suites.md; declared in the catalogue, docs/adr/0128-runtime-owns-runs-and-jobs.md):
// the source's settings (a form screen), then the start buttons (off while a run is going), the error
// of a start refused, the run shown (progress while it runs, then its report), the confirmation a run
// refused by the deletion cap offers, and the history.
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunsScreen as RunsScreenDef } from '../../../core/catalogue/types.ts';
import type { ScreenProps } from '../../shell/ScreenHost.tsx';
import { EmbeddedScreen } from '../form/FormScreen.tsx';
import { RunHistory } from './RunHistory.tsx';
import { RunReport, type RunKind } from './RunReport.tsx';
import { useRuns, type HistoryRun } from './useRuns.ts';

export default function RunsScreen({ screen }: ScreenProps) {
  if (screen.kind !== 'runs') throw new Error(`screen "${screen.id}" is not a runs screen`);
  return <Runs screen={screen} />;
}

const fieldOf = (run: HistoryRun, field: string) => String((run as unknown as Record<string, unknown>)[field] ?? '');

function Runs({ screen }: { screen: RunsScreenDef }) {
  const { t } = useTranslation();
  const { run, running, history, error, start, openRun } = useRuns(screen);
  const values = useMemo(
    () => Object.fromEntries(Object.entries(screen.labelValues ?? {}).map(([name, key]) => [name, t(key)])),
    [screen.labelValues, t],
  );
  const kind: RunKind = {
    title: t(screen.column.title, values),
    of: (r) => t(screen.column.labels[fieldOf(r, screen.column.field)] ?? '', values),
  };
  const terms = screen.source && { reading: t(screen.source.reading, values), key: t(screen.source.key, values) };
  const confirmBy = run?.status === 'refused' ? fieldOf(run, screen.confirm.field) : null;
  const confirmLabel = confirmBy !== null && (screen.confirm.labels?.[confirmBy] ?? screen.confirm.label);
  const title = t(screen.section);
  return (
    <Stack spacing={2} data-testid={screen.testId}>
      {screen.settings && <EmbeddedScreen id={screen.settings} />}
      <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 }, maxWidth: 1100 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2, fontSize: 18 }}>
          {title}
        </Typography>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {screen.start.map((a) => (
              <Button
                key={a.id}
                variant={a.dry ? 'outlined' : 'contained'}
                disabled={running}
                onClick={() => void start(a.id)}
                data-testid={`sync-${a.id}`}
              >
                {t(a.label, values)}
              </Button>
            ))}
          </Stack>
          {error && (
            <Alert severity="error" role="alert" data-testid="sync-error">
              {error}
            </Alert>
          )}
          {run && <RunReport run={run} kind={kind} terms={terms} />}
          {confirmLabel && (
            <div>
              <Button
                color="warning"
                variant="contained"
                onClick={() => void start(confirmBy!, 1)}
                data-testid="sync-confirm"
              >
                {t(confirmLabel, values)}
              </Button>
            </div>
          )}
          <RunHistory runs={history} onOpen={openRun} kind={kind} />
        </Stack>
      </Paper>
    </Stack>
  );
}
