// One chart of a charts screen (docs/adr/0133-charts-screen-kind.md): a line or bar chart over the rows
// of a read (`x` the categories, `series` the figures) or a pie (`x` the slice, the first series its
// size). Each is a figure with its caption as its accessible name; data-points and data-last say what
// is drawn (tests follow a moving chart by them).
import { Paper, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartsPanel } from '../../../core/catalogue/types.ts';
import { numberAt, textAt } from './field-path.ts';

const HEIGHT = 290;

/** Axis ticks in the page's language, short whatever the scale: a few minutes are thousandths of an
 *  hour, which the axis would cut to "0.00…" at its default width and digits. */
function tickFormat(language: string): (value: number | null) => string {
  const number = new Intl.NumberFormat(language, { maximumSignificantDigits: 3 });
  return (value) => (value === null ? '' : number.format(value));
}

export function ChartFigure(props: { panel: ChartsPanel; rows: unknown[]; children: ReactNode }) {
  const { t } = useTranslation();
  const { panel, rows } = props;
  const title = t(panel.title);
  const basis = panel.wide ? '1 1 100%' : panel.type === 'line' ? '1 1 520px' : '1 1 380px';
  return (
    <Paper
      variant="outlined"
      component="figure"
      aria-label={title}
      data-testid={panel.id}
      data-points={rows.length}
      data-last={textAt(rows.at(-1), panel.x)}
      sx={{ m: 0, p: 2, flex: basis, minWidth: 0 }}
    >
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {props.children}
    </Paper>
  );
}

export function ChartPanel({ panel, rows }: { panel: ChartsPanel; rows: unknown[] }) {
  const { t, i18n } = useTranslation();
  const series = (panel.series ?? []).map((s) => ({
    data: rows.map((row) => numberAt(row, s.field)),
    ...(s.label ? { label: t(s.label) } : {}),
  }));
  const categories = rows.map((row) => textAt(row, panel.x));
  // Room for the categories under the axis: at the default height the theme's line height leaves none.
  const valueAxis = [
    { width: 64, min: 0, valueFormatter: tickFormat(i18n.language), ...(panel.max ? { max: panel.max } : {}) },
  ];
  let chart: ReactNode;
  if (panel.type === 'line')
    chart = (
      <LineChart
        height={HEIGHT}
        skipAnimation
        xAxis={[{ scaleType: 'point', data: categories, height: 40 }]}
        yAxis={valueAxis}
        series={series.map((s) => ({ ...s, showMark: false }))}
      />
    );
  else if (panel.type === 'bar')
    chart = (
      <BarChart
        height={HEIGHT}
        xAxis={[{ scaleType: 'band', data: categories, height: 40 }]}
        yAxis={valueAxis}
        series={series}
      />
    );
  else {
    // One slice per row with a figure above zero (a zero slice draws nothing but a label).
    const data = rows
      .map((row, id) => ({ id, value: numberAt(row, panel.series![0].field) ?? 0, label: textAt(row, panel.x) }))
      .filter((slice) => slice.value > 0);
    chart = (
      <PieChart
        height={HEIGHT}
        series={[{ data, arcLabel: (item) => String(item.value), innerRadius: panel.innerRadius ?? 0 }]}
      />
    );
  }
  return (
    <ChartFigure panel={panel} rows={rows}>
      {chart}
    </ChartFigure>
  );
}
