// A month's days in a grid of weeks, Monday first: each day coloured by its state, with its name and
// ranges. Page Up / Page Down on the grid change the month.
import { Box, Typography } from '@mui/material';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { weekdayOf } from '../../../core/calendar/zoned-time.ts';
import { rangesOf, type CalendarDef, type DayRow } from './calendar-def.ts';
import { stateLook } from './state-look.ts';

interface MonthGridProps {
  screen: CalendarDef;
  days: DayRow[];
  label: string;
  onKey: (e: KeyboardEvent) => void;
}

export function MonthGrid({ screen, days, label, onKey }: MonthGridProps) {
  const { t } = useTranslation();
  const { fields, labels } = screen;
  const dateOf = (day: DayRow) => String(day[fields.date!]);
  const lead = weekdayOf(dateOf(days[0])) - 1;
  return (
    <Box
      role="group"
      tabIndex={0}
      aria-label={label}
      aria-describedby={`${screen.testId}-keys`}
      onKeyDown={onKey}
      data-testid="month-grid"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5, outlineOffset: 2 }}
    >
      {[1, 2, 3, 4, 5, 6, 7].map((d) => (
        <Typography key={d} variant="body2" sx={{ fontWeight: 600, textAlign: 'center' }} aria-hidden="true">
          {t(`${labels.weekdayShort}.${d}`)}
        </Typography>
      ))}
      {Array.from({ length: lead }, (_v, i) => (
        <Box key={`lead-${i}`} />
      ))}
      {days.map((day) => {
        const date = dateOf(day);
        const state = String(day[fields.state!]);
        const stateText = t(`${labels.state}.${state}`);
        const name = fields.name ? String(day[fields.name] ?? '') : '';
        const ranges = rangesOf(day, screen);
        const look = stateLook(screen, state);
        return (
          <Box
            key={date}
            data-testid={`day-${date}`}
            data-state={state}
            aria-label={`${date} ${stateText}${name ? ` ${name}` : ''}`}
            role="note"
            sx={{
              minHeight: 76,
              p: 0.75,
              borderRadius: 1,
              border: 1,
              borderColor: look.border,
              bgcolor: look.bg,
              overflow: 'hidden',
            }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {Number(date.slice(8))}
            </Typography>
            <Typography variant="caption" component="div" sx={{ lineHeight: 1.3 }}>
              {stateText}
            </Typography>
            {name && (
              <Typography variant="caption" component="div" sx={{ lineHeight: 1.3, fontWeight: 600 }}>
                {name}
              </Typography>
            )}
            {ranges.length > 0 && (
              <Typography variant="caption" component="div" sx={{ lineHeight: 1.3, color: 'text.secondary' }}>
                {ranges.map((r) => `${r.start}–${r.end}`).join(' ')}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
