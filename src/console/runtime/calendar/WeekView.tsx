// A calendar screen's week: per weekday, working or not and its time ranges, checked as typed; the
// save button sends the whole week (docs/adr/0150-calendar-screen-kind.md).
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Save from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { notifySuccess } from '../../shell/notify.ts';
import { rangesOf, type CalendarDef } from './calendar-def.ts';
import { RangeRow } from './RangeRow.tsx';
import { useWeekDraft } from './useWeekDraft.ts';

/** The back link's target: its path, with the route query values its `query` names from the URL. */
function backTarget(back: NonNullable<CalendarDef['back']>, url: URLSearchParams): string {
  const [path, fixed = ''] = back.to.split('?');
  const query = new URLSearchParams(fixed);
  for (const [name, from] of Object.entries(back.query ?? {})) query.set(name, url.get(from) ?? '');
  return query.size ? `${path}?${query}` : path;
}

export function WeekView({ screen }: { screen: CalendarDef }) {
  const { t } = useTranslation();
  const [url] = useSearchParams();
  const week = useWeekDraft(screen);
  const { labels, fields, back } = screen;
  if (week.failed) return <Alert severity="error">{t(labels.notFound)}</Alert>;
  if (!week.days) return <LoadingPanel />;
  const save = async () => {
    if ((await week.save()) && screen.save) notifySuccess(t(screen.save.done));
  };
  const texts = { start: t(labels.start), end: t(labels.end), remove: t(labels.removeRange) };
  return (
    <Stack spacing={2} data-testid={screen.testId}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2" sx={{ fontSize: 16 }} data-testid="calendar-name">
          {week.name}
        </Typography>
        {back && (
          <Button component={RouterLink} to={backTarget(back, url)} startIcon={<ArrowBack />} variant="outlined">
            {t(back.label)}
          </Button>
        )}
      </Stack>
      <Table size="small" aria-label={t(screen.title)}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 140 }}>{t(labels.day)}</TableCell>
            <TableCell sx={{ width: 140 }}>{t(labels.working)}</TableCell>
            <TableCell>{t(labels.ranges)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {week.days.map((day, i) => {
            const weekday = day[fields.weekday!];
            const working = Boolean(day[fields.working!]);
            const dayName = t(`${labels.weekday}.${String(weekday)}`);
            const check = week.checks[i];
            return (
              <TableRow key={String(weekday)} data-testid={`weekday-${String(weekday)}`}>
                <TableCell component="th" scope="row">
                  {dayName}
                </TableCell>
                <TableCell>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={working}
                        onChange={(e) => week.setWorking(weekday, e.target.checked)}
                        slotProps={{ input: { 'aria-label': `${dayName}: ${t(labels.working)}` } }}
                      />
                    }
                    label={t(working ? labels.yes : labels.no)}
                  />
                </TableCell>
                <TableCell>
                  {working && (
                    <Stack spacing={1}>
                      {rangesOf(day, screen).map((range, n) => (
                        <RangeRow
                          key={n}
                          label={t(labels.rangeOf, { day: dayName, n: n + 1 })}
                          range={range}
                          error={check.ranges[n] ? t(check.ranges[n]) : undefined}
                          texts={texts}
                          onChange={(r) => week.setRange(weekday, n, r)}
                          onRemove={() => week.removeRange(weekday, n)}
                        />
                      ))}
                      {check.day && (
                        <Typography color="error" variant="body2">
                          {t(check.day)}
                        </Typography>
                      )}
                      <Box>
                        <Button
                          size="small"
                          startIcon={<Add />}
                          onClick={() => week.addRange(weekday)}
                          aria-label={`${dayName}: ${t(labels.addRange)}`}
                        >
                          {t(labels.addRange)}
                        </Button>
                      </Box>
                    </Stack>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {screen.save && (
        <Box>
          <Button
            variant="contained"
            startIcon={<Save />}
            onClick={() => void save()}
            disabled={!week.valid}
            loading={week.saving}
            data-testid="week-save"
          >
            {t(screen.save.label)}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
