// The dashboard's three charts (domain-console §2.4): average process and node hours per flow (bars),
// the share of process hours and of instances per flow (pies). Each is a figure with its caption as
// its accessible name; the numbers are also in the bars' and slices' labels.
import { Box, Paper, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { column, slices, type Figures } from './dashboard-rows.ts';

const HEIGHT = 300;

function Chart({
  title,
  testId,
  wide,
  children,
}: {
  title: string;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="figure"
      aria-label={title}
      data-testid={testId}
      sx={{ m: 0, p: 2, flex: wide ? '1 1 100%' : '1 1 380px', minWidth: 0 }}
    >
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Axis ticks in the page's language, short whatever the scale: today's few minutes are thousandths of
 *  an hour, which the axis would cut to "0.00…" at its default width and digits. */
function tickFormat(language: string): (value: number | null) => string {
  const number = new Intl.NumberFormat(language, { maximumSignificantDigits: 3 });
  return (value) => (value === null ? '' : number.format(value));
}

export function DashboardCharts({ figures }: { figures: Figures }) {
  const { t, i18n } = useTranslation();
  const flows = figures.times.map((r) => column(r, 'FLOWNAME'));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <Chart title={t('flowboard.timeChart')} testId="flowboard-times" wide>
        <BarChart
          height={HEIGHT}
          // Room for the flow names: at the default height the theme's line height leaves them no space.
          xAxis={[{ scaleType: 'band', data: flows, height: 40 }]}
          yAxis={[{ width: 64, valueFormatter: tickFormat(i18n.language) }]}
          series={[
            { data: figures.times.map((r) => r.resultFields[0]), label: t('flowboard.processTime') },
            { data: figures.times.map((r) => r.resultFields[1]), label: t('flowboard.nodeTime') },
          ]}
        />
      </Chart>
      <Chart title={t('flowboard.timeShare')} testId="flowboard-time-share">
        <PieChart
          height={HEIGHT}
          series={[{ data: slices(figures.timeShare), arcLabel: (item) => String(item.value), innerRadius: 0 }]}
        />
      </Chart>
      <Chart title={t('flowboard.instanceShare')} testId="flowboard-instance-share">
        <PieChart
          height={HEIGHT}
          series={[{ data: slices(figures.instanceShare), arcLabel: (item) => String(item.value) }]}
        />
      </Chart>
    </Box>
  );
}
