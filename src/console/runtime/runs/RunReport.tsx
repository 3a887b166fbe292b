// One run of a runs screen (a directory or messaging suite sync): its state (with the entries read
// while it runs), the spec's counters, the skipped entries (ERRORS rows) and the changes it made or,
// for a dry run, would make.
import { Alert, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { SYNC_COUNTERS } from '../../../core/sync-counters.ts';
import { formatDateTime } from '../cells/date-time.ts';
import type { HistoryRun, Run } from './useRuns.ts';

/** How a tab names where its entries come from: the phase that reads them, the column of their keys. */
export interface SourceTerms {
  reading: string;
  key: string;
}

/** What distinguishes a screen's runs (the mode of a directory sync, the direction of a messaging one):
 *  the history's column title and each run's value. */
export interface RunKind {
  title: string;
  of: (run: HistoryRun) => string;
}

/** A run as the history and the report name it: its kind, marked when dry. */
export const runLabel = (run: HistoryRun, kind: RunKind, t: TFunction) =>
  `${kind.of(run)}${run.dryRun ? ` (${t('sync.field.dryRun')})` : ''}`;

const SEVERITY = { running: 'info', succeeded: 'success', failed: 'error', refused: 'warning' } as const;

function Heading({ children }: { children: string }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2 }}>
      {children}
    </Typography>
  );
}

export function RunReport({ run, kind, terms }: { run: Run; kind: RunKind; terms?: SourceTerms }) {
  const { t } = useTranslation();
  const title = `${runLabel(run, kind, t)} · ${formatDateTime(run.startedAt)}`;
  const phase = run.phase === 'reading' && terms ? terms.reading : t(`sync.phase.${run.phase}`);
  const state =
    run.status === 'running' ? t('sync.progress', { phase, count: run.readCount }) : t(`sync.status.${run.status}`);
  return (
    <section aria-label={title} data-testid="sync-run">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Alert severity={SEVERITY[run.status]} role="status" data-testid="sync-run-status">
        {run.message || state}
      </Alert>
      {run.result && (
        <>
          <Heading>{t('sync.section.result')}</Heading>
          <Table size="small" aria-label={t('sync.section.result')} data-testid="sync-counts">
            <TableBody>
              {SYNC_COUNTERS.map((k) => (
                <TableRow key={k}>
                  <TableCell component="th" scope="row">
                    {t(`sync.count.${k}`)}
                  </TableCell>
                  <TableCell data-testid={`sync-count-${k}`}>{run.result![k]}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Heading>{t('sync.section.errors')}</Heading>
          {run.result.ERRORS.length === 0 ? (
            <Typography color="text.secondary">{t('sync.noErrors')}</Typography>
          ) : (
            <Table size="small" aria-label={t('sync.section.errors')} data-testid="sync-errors">
              <TableHead>
                <TableRow>
                  {(['ROWNUM', 'NAME', 'LOGINNO', 'ERROR', 'TIP'] as const).map((k) => (
                    <TableCell key={k}>{k === 'TIP' && terms ? terms.key : t(`sync.error.${k}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {run.result.ERRORS.map((e, i) => (
                  <TableRow key={i}>
                    <TableCell>{e.ROWNUM}</TableCell>
                    <TableCell>{e.NAME}</TableCell>
                    <TableCell>{e.LOGINNO}</TableCell>
                    <TableCell>{e.ERROR}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{e.TIP}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
      {run.changes && run.status !== 'running' && (
        <>
          <Heading>{t('sync.section.changes')}</Heading>
          {run.changes.length === 0 ? (
            <Typography color="text.secondary">{t('sync.noChanges')}</Typography>
          ) : (
            <Table size="small" aria-label={t('sync.section.changes')} data-testid="sync-changes">
              <TableHead>
                <TableRow>
                  <TableCell>{t('sync.change.entity')}</TableCell>
                  <TableCell>{t('sync.change.op')}</TableCell>
                  <TableCell>{t('sync.change.name')}</TableCell>
                  <TableCell>{t('sync.change.loginno')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {run.changes.map((c, i) => (
                  <TableRow key={i}>
                    <TableCell>{t(`sync.entityKind.${c.entity}`)}</TableCell>
                    <TableCell>{t(`sync.op.${c.op}`)}</TableCell>
                    <TableCell>{c.name}</TableCell>
                    <TableCell>{c.loginno ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </section>
  );
}
