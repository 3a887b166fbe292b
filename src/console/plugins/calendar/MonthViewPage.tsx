// The month view of a calendar: each day of the month as working, day off, holiday or extra working day,
// with its ranges, Monday first. Previous / next / this month buttons, and Page Up / Page Down on the
// grid, change the month (kept in the address).
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { weekdayOf } from '../../../core/calendar/zoned-time.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { shiftMonth, useMonthView, type MonthData } from './useMonthView.ts';

type State = MonthData['days'][number]['state'];

/** Background and border per state; text stays the theme's dark text, so contrast holds on each. */
const LOOK: Record<State, { bg: string; border: string }> = {
  working: { bg: '#e8f5e9', border: '#2e7d32' },
  free: { bg: '#f5f5f5', border: '#9e9e9e' },
  holiday: { bg: '#ffebee', border: '#c62828' },
  workday: { bg: '#e3f2fd', border: '#1565c0' },
};

export default function MonthViewPage() {
  const { t, i18n } = useTranslation();
  const view = useMonthView();
  if (view.failed) return <Alert severity="error">{t('calendar.notFound')}</Alert>;
  const [y, m] = view.month.split('-').map(Number);
  const title = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en' : i18n.language === 'cn' ? 'zh-TW' : 'zh-CN', {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, 1)));
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'PageUp') view.go(shiftMonth(view.month, -1));
    else if (e.key === 'PageDown') view.go(shiftMonth(view.month, 1));
    else return;
    e.preventDefault();
  };
  return (
    <Stack spacing={2} data-testid="month-view">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<ChevronLeft />}
          onClick={() => view.go(shiftMonth(view.month, -1))}
          data-testid="month-previous"
        >
          {t('calendar.previousMonth')}
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
        <Button
          variant="outlined"
          endIcon={<ChevronRight />}
          onClick={() => view.go(shiftMonth(view.month, 1))}
          data-testid="month-next"
        >
          {t('calendar.nextMonth')}
        </Button>
        <Button onClick={() => view.go(new Date().toISOString().slice(0, 7))}>{t('calendar.thisMonth')}</Button>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-hidden="true">
        {(Object.keys(LOOK) as State[]).map((s) => (
          <Chip
            key={s}
            label={t(`calendar.state.${s}`)}
            size="small"
            variant="outlined"
            sx={{ bgcolor: LOOK[s].bg, borderColor: LOOK[s].border }}
          />
        ))}
      </Stack>
      {!view.data ? <LoadingPanel /> : <MonthGrid data={view.data} label={title} onKey={onKey} />}
      <Typography variant="body2" color="text.secondary" id="month-keys">
        {t('calendar.monthKeys')}
      </Typography>
    </Stack>
  );
}

function MonthGrid({ data, label, onKey }: { data: MonthData; label: string; onKey: (e: KeyboardEvent) => void }) {
  const { t } = useTranslation();
  const lead = weekdayOf(data.days[0].date) - 1;
  return (
    <Box
      role="group"
      tabIndex={0}
      aria-label={label}
      aria-describedby="month-keys"
      onKeyDown={onKey}
      data-testid="month-grid"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5, outlineOffset: 2 }}
    >
      {[1, 2, 3, 4, 5, 6, 7].map((d) => (
        <Typography key={d} variant="body2" sx={{ fontWeight: 600, textAlign: 'center' }} aria-hidden="true">
          {t(`calendar.weekdayShort.${d}`)}
        </Typography>
      ))}
      {Array.from({ length: lead }, (_v, i) => (
        <Box key={`lead-${i}`} />
      ))}
      {data.days.map((day) => (
        <Box
          key={day.date}
          data-testid={`day-${day.date}`}
          data-state={day.state}
          aria-label={`${day.date} ${t(`calendar.state.${day.state}`)}${day.name ? ` ${day.name}` : ''}`}
          role="note"
          sx={{
            minHeight: 76,
            p: 0.75,
            borderRadius: 1,
            border: 1,
            borderColor: LOOK[day.state].border,
            bgcolor: LOOK[day.state].bg,
            overflow: 'hidden',
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {Number(day.date.slice(8))}
          </Typography>
          <Typography variant="caption" component="div" sx={{ lineHeight: 1.3 }}>
            {t(`calendar.state.${day.state}`)}
          </Typography>
          {day.name && (
            <Typography variant="caption" component="div" sx={{ lineHeight: 1.3, fontWeight: 600 }}>
              {day.name}
            </Typography>
          )}
          {day.ranges.length > 0 && (
            <Typography variant="caption" component="div" sx={{ lineHeight: 1.3, color: 'text.secondary' }}>
              {day.ranges.map((r) => `${r.start}–${r.end}`).join(' ')}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
