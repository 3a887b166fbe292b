// The server charts (domain spec §2.3): CPU percent (0–100), threads, heap and non-heap MB, used memory
// MB, as line charts of the chosen instance over the chosen range, moving every 5 s. An error says so
// above the charts instead of leaving them blank.
import {
  Alert,
  Box,
  FormControl,
  InputLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RANGES, useServerSamples, type Sample } from './useServerSamples.ts';

const HEIGHT = 280;

function Chart({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="figure"
      aria-label={title}
      data-testid={testId}
      sx={{ m: 0, p: 2, flex: '1 1 520px', minWidth: 0 }}
    >
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Lines({
  samples,
  series,
  max,
}: {
  samples: Sample[];
  series: Array<{ key: keyof Sample; label: string }>;
  max?: number;
}) {
  return (
    <LineChart
      height={HEIGHT}
      skipAnimation
      // Room for the times under the axis: at the default height the theme's line height leaves none.
      xAxis={[{ scaleType: 'point', data: samples.map((s) => s.time), height: 40 }]}
      yAxis={[{ min: 0, ...(max ? { max } : {}) }]}
      series={series.map(({ key, label }) => ({ data: samples.map((s) => Number(s[key])), label, showMark: false }))}
    />
  );
}

export default function ServerChartsPage() {
  const { t } = useTranslation();
  const charts = useServerSamples();
  const { samples } = charts;
  return (
    <Stack
      spacing={2}
      data-testid="server-charts"
      data-points={samples?.length ?? 0}
      data-last={samples?.at(-1)?.at ?? ''}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          {/* Always raised: the first choice ("latest") is the empty value, which MUI reads as none. */}
          <InputLabel id="monitor-range-label" shrink>
            {t('monitor.charts.range')}
          </InputLabel>
          <Select
            labelId="monitor-range-label"
            label={t('monitor.charts.range')}
            notched
            value={charts.range}
            onChange={(e) => charts.choose({ time: e.target.value })}
            data-testid="monitor-range"
            displayEmpty
          >
            {RANGES.map((range) => (
              <MenuItem key={range} value={range}>
                {t(`monitor.range.${range || 'default'}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 260 }}>
          <InputLabel id="monitor-instance-label">{t('monitor.charts.instance')}</InputLabel>
          <Select
            labelId="monitor-instance-label"
            label={t('monitor.charts.instance')}
            value={charts.instances.some((i) => i.id === charts.instance) ? charts.instance : ''}
            onChange={(e) => charts.choose({ instance: e.target.value })}
            data-testid="monitor-instance"
          >
            {charts.instances.map((instance) => (
              <MenuItem key={instance.id} value={instance.id}>
                {instance.current ? t('monitor.charts.thisInstance', { id: instance.id }) : instance.id}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Typography variant="body2" color="text.secondary">
          {t('monitor.charts.every')}
        </Typography>
      </Stack>
      {charts.error && (
        <Alert severity="error" data-testid="server-charts-error">
          {charts.error}
        </Alert>
      )}
      {samples === null && !charts.error && <LinearProgress aria-label={t('monitor.charts.loading')} />}
      {samples !== null && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <Chart title={t('monitor.charts.cpu')} testId="chart-cpu">
            <Lines samples={samples} max={100} series={[{ key: 'cpuLoad', label: t('monitor.charts.cpuLoad') }]} />
          </Chart>
          <Chart title={t('monitor.charts.threads')} testId="chart-threads">
            <Lines samples={samples} series={[{ key: 'threadNum', label: t('monitor.charts.threadNum') }]} />
          </Chart>
          <Chart title={t('monitor.charts.heap')} testId="chart-heap">
            <Lines
              samples={samples}
              series={[
                { key: 'heapSizeUsed', label: t('monitor.charts.heapUsed') },
                { key: 'nonHeapSizeUsed', label: t('monitor.charts.nonHeapUsed') },
              ]}
            />
          </Chart>
          <Chart title={t('monitor.charts.memory')} testId="chart-memory">
            <Lines samples={samples} series={[{ key: 'totalMemorySize', label: t('monitor.charts.memoryUsed') }]} />
          </Chart>
        </Box>
      )}
    </Stack>
  );
}
