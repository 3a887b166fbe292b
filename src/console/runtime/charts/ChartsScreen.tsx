// Screen kind `charts` (docs/adr/0133-charts-screen-kind.md): the choices (kept in the URL), the notes
// over the answers, then the panels — charts, figures, tables — of the reads; a progress bar while the
// chosen figures load, the failure as a message, a no-data state instead of empty charts, and a
// screen of nothing to choose from when a choice's read has no rows.
import InsertChartOutlined from '@mui/icons-material/InsertChartOutlined';
import Refresh from '@mui/icons-material/Refresh';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ChartsScreen as ChartsScreenDef } from '../../../core/catalogue/types.ts';
import type { ScreenProps } from '../../shell/ScreenHost.tsx';
import { ChartControl, optionsOf } from './ChartControls.tsx';
import { ChartNotes } from './ChartNotes.tsx';
import { ChartPanel } from './ChartPanel.tsx';
import { rowsAt, textAt } from './field-path.ts';
import { FiguresPanel, TablePanel } from './TablePanel.tsx';
import { useCharts, type Answers } from './useCharts.ts';

export default function ChartsScreen({ screen }: ScreenProps) {
  if (screen.kind !== 'charts') throw new Error(`screen "${screen.id}" is not a charts screen`);
  return <Charts screen={screen} />;
}

function Panels({ screen, answers }: { screen: ChartsScreenDef; answers: Answers }) {
  const drawn = screen.panels.filter((p) => answers[p.read] !== undefined);
  const charts = drawn.filter((p) => ['line', 'bar', 'pie'].includes(p.type));
  return (
    <>
      {charts.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {charts.map((p) => (
            <ChartPanel key={p.id} panel={p} rows={rowsAt(answers[p.read], p.rows)} />
          ))}
        </Box>
      )}
      {drawn
        .filter((p) => p.type === 'figures' || p.type === 'table')
        .map((p) =>
          p.type === 'figures' ? (
            <FiguresPanel key={p.id} panel={p} answer={answers[p.read]} />
          ) : (
            <TablePanel key={p.id} panel={p} rows={rowsAt(answers[p.read], p.rows)} />
          ),
        )}
    </>
  );
}

/** Every chart and table has answered with no rows (figures of one answer are never "no data"). */
function noData(screen: ChartsScreenDef, answers: Answers): boolean {
  const rowPanels = screen.panels.filter((p) => p.type !== 'figures');
  return (
    rowPanels.length > 0 &&
    rowPanels.every((p) => answers[p.read] !== undefined && rowsAt(answers[p.read], p.rows).length === 0)
  );
}

function Charts({ screen }: { screen: ChartsScreenDef }) {
  const { t } = useTranslation();
  const [url] = useSearchParams();
  const { answers, chosen, error, loading, readAt, choose, refresh } = useCharts(screen);
  const controls = screen.controls ?? [];
  const options = controls.map((c) => optionsOf(c, c.from && answers[c.from.read], t));
  const nothing = controls.findIndex(
    (c, i) => c.empty && c.from && answers[c.from.read] !== undefined && options[i].length === 0,
  );
  if (nothing >= 0)
    return (
      <Typography data-testid={`${screen.testId}-no-${controls[nothing].id}`}>{t(controls[nothing].empty!)}</Typography>
    );
  // The value a control shows: the URL's or default, else the answer's own choice (the instance shown).
  const shown = controls.map(
    (c) => chosen[c.param] || (c.from?.chosen ? textAt(answers[c.from.read], c.from.chosen) : ''),
  );
  const inline = controls.filter((c) => c.style !== 'radio');
  const notes = screen.notes ?? [];
  const drawn = !loading && !error;
  // data-<param> and aria-busy say which choices the drawn figures answer (assistive tech, tests).
  const state = Object.fromEntries(controls.map((c, i) => [`data-${c.param}`, shown[i]]));
  // Radio groups stand on their own line below the inline controls.
  const controlsWhere = (placed: (c: (typeof controls)[number]) => boolean) =>
    controls.map((c, i) =>
      placed(c) ? (
        <ChartControl
          key={c.id}
          control={c}
          options={options[i]}
          value={shown[i]}
          testId={screen.testId}
          choose={(v) => choose(c.param, v, c.clears)}
          tenant={
            c.tenant ? (shown[controls.findIndex((o) => o.param === c.tenant)] ?? url.get(c.tenant) ?? '') : undefined
          }
        />
      ) : null,
    );
  return (
    <Stack spacing={2} data-testid={screen.testId} data-read-at={readAt} aria-busy={loading} {...state}>
      {screen.intro && <Typography color="text.secondary">{t(screen.intro)}</Typography>}
      {(inline.length > 0 || screen.everyNote || screen.refresh || notes.some((n) => n.inline)) && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {controlsWhere((c) => c.style !== 'radio')}
          <ChartNotes notes={notes.filter((n) => n.inline)} answers={answers} />
          {screen.everyNote && (
            <Typography variant="body2" color="text.secondary">
              {t(screen.everyNote)}
            </Typography>
          )}
          {screen.refresh && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<Refresh />}
              onClick={refresh}
              data-testid={`${screen.testId}-refresh`}
            >
              {t(screen.refresh)}
            </Button>
          )}
        </Stack>
      )}
      {controlsWhere((c) => c.style === 'radio')}
      <ChartNotes notes={notes.filter((n) => !n.inline)} answers={answers} />
      {loading && <LinearProgress aria-label={t(screen.loading)} data-testid={`${screen.testId}-loading`} />}
      {error && (
        <Alert severity="error" data-testid={`${screen.testId}-error`}>
          {error}
        </Alert>
      )}
      {drawn && screen.empty && noData(screen, answers) ? (
        <Stack
          spacing={1}
          sx={{ alignItems: 'center', py: 6, color: 'text.secondary' }}
          data-testid={`${screen.testId}-no-data`}
        >
          <InsertChartOutlined sx={{ fontSize: 64 }} aria-hidden />
          <Typography>{t(screen.empty)}</Typography>
        </Stack>
      ) : (
        !loading && <Panels screen={screen} answers={answers} />
      )}
    </Stack>
  );
}
