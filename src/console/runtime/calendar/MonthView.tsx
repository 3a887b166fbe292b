// A calendar screen's month: previous / next / this month buttons (and Page Up / Page Down on the grid)
// over the month kept in the address, the states' legend, then the days (docs/adr/0150-calendar-screen-kind.md).
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Alert, Button, Chip, Stack, Typography } from '@mui/material';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import type { CalendarDef } from './calendar-def.ts';
import { MonthGrid } from './MonthGrid.tsx';
import { stateLook } from './state-look.ts';
import { shiftMonth, useMonthDays } from './useMonthDays.ts';

const LOCALES: Record<string, string> = { en: 'en', cn: 'zh-TW', zh: 'zh-CN' };

export function MonthView({ screen }: { screen: CalendarDef }) {
  const { t, i18n } = useTranslation();
  const view = useMonthDays(screen);
  const { labels } = screen;
  if (view.failed) return <Alert severity="error">{t(labels.notFound)}</Alert>;
  const [y, m] = view.month.split('-').map(Number);
  const title = new Intl.DateTimeFormat(LOCALES[i18n.language] ?? 'zh-CN', {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, 1)));
  const step = (by: number) => () => view.go(shiftMonth(view.month, by));
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'PageUp') step(-1)();
    else if (e.key === 'PageDown') step(1)();
    else return;
    e.preventDefault();
  };
  return (
    <Stack spacing={2} data-testid={screen.testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<ChevronLeft />} onClick={step(-1)} data-testid="month-previous">
          {t(labels.previous)}
        </Button>
        <Typography
          component="h2"
          variant="h6"
          sx={{ fontSize: 16, minWidth: 160, textAlign: 'center' }}
          aria-live="polite"
          data-testid="month-title"
        >
          {title}
        </Typography>
        <Button variant="outlined" endIcon={<ChevronRight />} onClick={step(1)} data-testid="month-next">
          {t(labels.next)}
        </Button>
        <Button onClick={() => view.go(new Date().toISOString().slice(0, 7))}>{t(labels.today)}</Button>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-hidden="true">
        {(screen.states ?? []).map(({ value }) => (
          <Chip
            key={value}
            label={t(`${labels.state}.${value}`)}
            size="small"
            variant="outlined"
            sx={{ bgcolor: stateLook(screen, value).bg, borderColor: stateLook(screen, value).border }}
          />
        ))}
      </Stack>
      {!view.days ? <LoadingPanel /> : <MonthGrid screen={screen} days={view.days} label={title} onKey={onKey} />}
      <Typography variant="body2" color="text.secondary" id={`${screen.testId}-keys`}>
        {t(labels.keys)}
      </Typography>
    </Stack>
  );
}
