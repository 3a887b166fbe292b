// The detail dialog's process diagram (docs/adr/0050-instance-process-diagram.md): bpmn-js arrives with the dialog (whose chunk the registry
// loads when a row is opened, never in the console's first load), draws the version the instance runs
// and marks where it waits and what it has passed; buttons zoom and fit.
import FitScreen from '@mui/icons-material/FitScreen';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import { Alert, Box, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { drawProcess, type DrawnProcess, type ProcessToDraw } from './process-viewer.ts';

type State = 'loading' | 'drawn' | 'failed';
const ZOOM_STEP = 1.25;

type Colors = { active: string; done: string; interrupted: string };
const LEGEND = {
  active: 'flow.diagram.current',
  done: 'flow.diagram.done',
  interrupted: 'flow.diagram.interrupted',
} as const;

function Legend({ colors, states }: { colors: Colors; states: Array<keyof Colors> }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={2}
      component="ul"
      aria-label={t('flow.diagram.legend')}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {states.map((state) => (
        <Stack key={state} component="li" direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              width: 14,
              height: 14,
              borderRadius: 0.5,
              border: `3px solid ${colors[state]}`,
              bgcolor: alpha(colors[state], 0.15),
            }}
          />
          <Typography variant="body2">{t(LEGEND[state])}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

export function ProcessDiagram({ diagram, name }: { diagram: ProcessToDraw; name: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const drawn = useRef<DrawnProcess | null>(null);
  const [state, setState] = useState<State>('loading');
  const colors: Colors = {
    active: theme.palette.warning.main,
    done: theme.palette.success.main,
    interrupted: theme.palette.error.main,
  };
  // The interrupted state is in the legend only when the instance has such a sub-process.
  const states: Array<keyof Colors> = diagram.interrupted?.length
    ? ['active', 'done', 'interrupted']
    : ['active', 'done'];

  useEffect(() => {
    let gone = false;
    drawProcess(container.current!, diagram).then(
      (drawing) => {
        if (gone) return drawing.destroy();
        drawn.current = drawing;
        setState('drawn');
      },
      () => !gone && setState('failed'),
    );
    return () => {
      gone = true;
      drawn.current?.destroy();
      drawn.current = null;
    };
  }, [diagram]);

  const buttons = [
    { key: 'zoomIn', icon: <ZoomIn />, act: (d: DrawnProcess) => d.zoom(ZOOM_STEP) },
    { key: 'zoomOut', icon: <ZoomOut />, act: (d: DrawnProcess) => d.zoom(1 / ZOOM_STEP) },
    { key: 'fit', icon: <FitScreen />, act: (d: DrawnProcess) => d.fit() },
  ];
  return (
    <Box component="section" aria-labelledby="flow-diagram-title">
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3" id="flow-diagram-title">
          {t('flow.diagram.title')}
        </Typography>
        <Legend colors={colors} states={states} />
        <Box sx={{ flex: 1 }} />
        {buttons.map(({ key, icon, act }) => (
          <Tooltip key={key} title={t(`flow.diagram.${key}`)}>
            <span>
              <IconButton
                size="small"
                aria-label={t(`flow.diagram.${key}`)}
                disabled={state !== 'drawn'}
                onClick={() => drawn.current && act(drawn.current)}
                data-testid={`flow-diagram-${key}`}
              >
                {icon}
              </IconButton>
            </span>
          </Tooltip>
        ))}
      </Stack>
      {state === 'failed' && (
        <Alert severity="warning" data-testid="flow-diagram-failed">
          {t('flow.diagram.failed')}
        </Alert>
      )}
      <Box
        component="figure"
        className="flow-diagram"
        aria-label={t('flow.diagram.canvas', { name })}
        aria-busy={state === 'loading'}
        data-testid="flow-diagram"
        data-state={state}
        sx={{
          position: 'relative',
          m: 0,
          height: 320,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
          display: state === 'failed' ? 'none' : 'block',
          '--flow-active': colors.active,
          '--flow-active-fill': alpha(colors.active, 0.15),
          '--flow-done': colors.done,
          '--flow-done-fill': alpha(colors.done, 0.15),
          '--flow-interrupted': colors.interrupted,
          '--flow-interrupted-fill': alpha(colors.interrupted, 0.12),
        }}
      >
        {/* bpmn-js owns this element's content; React never renders into it. */}
        <Box ref={container} sx={{ position: 'absolute', inset: 0 }} />
        {state === 'loading' && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <CircularProgress size={32} aria-label={t('app.loading')} />
          </Box>
        )}
      </Box>
    </Box>
  );
}
