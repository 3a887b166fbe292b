// The work-week tab of a calendar: per weekday, working or not and its time ranges (HH:mm), checked as
// typed with the server's rules; Save sends the whole week.
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Save from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { notifySuccess } from '../../shell/notify.ts';
import { useWorkWeek } from './useWorkWeek.ts';

export default function WorkWeekPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const domainId = params.get('domainid') ?? '';
  const week = useWorkWeek(params.get('calendarid') ?? '');
  if (week.failed) return <Alert severity="error">{t('calendar.notFound')}</Alert>;
  if (!week.days) return <LoadingPanel />;
  const save = async () => {
    if (await week.save()) notifySuccess(t('calendar.weekSaved'));
  };
  return (
    <Stack spacing={2} data-testid="work-week">
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2" sx={{ fontSize: 16 }} data-testid="calendar-name">
          {week.name}
        </Typography>
        <Button
          component={RouterLink}
          to={`/domain?domainid=${encodeURIComponent(domainId)}&tab=calendars`}
          startIcon={<ArrowBack />}
          variant="outlined"
        >
          {t('calendar.back')}
        </Button>
      </Stack>
      <Table size="small" aria-label={t('calendar.tabs.week')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 140 }}>{t('calendar.dayColumn')}</TableCell>
            <TableCell sx={{ width: 140 }}>{t('calendar.working')}</TableCell>
            <TableCell>{t('calendar.field.ranges')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {week.days.map((day, i) => {
            const dayName = t(`calendar.weekday.${day.weekday}`);
            const check = week.checks[i];
            return (
              <TableRow key={day.weekday} data-testid={`weekday-${day.weekday}`}>
                <TableCell component="th" scope="row">
                  {dayName}
                </TableCell>
                <TableCell>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={day.working}
                        onChange={(e) => week.setWorking(day.weekday, e.target.checked)}
                        slotProps={{ input: { 'aria-label': `${dayName}: ${t('calendar.working')}` } }}
                      />
                    }
                    label={day.working ? t('calendar.yes') : t('calendar.no')}
                  />
                </TableCell>
                <TableCell>
                  {day.working && (
                    <Stack spacing={1}>
                      {day.ranges.map((range, n) => (
                        <RangeRow
                          key={n}
                          label={t('calendar.rangeOf', { day: dayName, n: n + 1 })}
                          range={range}
                          error={check.ranges[n] ? t(check.ranges[n]) : undefined}
                          onChange={(r) => week.setRange(day.weekday, n, r)}
                          onRemove={() => week.removeRange(day.weekday, n)}
                          removeLabel={t('calendar.removeRange')}
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
                          onClick={() => week.addRange(day.weekday)}
                          aria-label={`${dayName}: ${t('calendar.addRange')}`}
                        >
                          {t('calendar.addRange')}
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
      <Box>
        <Button
          variant="contained"
          startIcon={<Save />}
          onClick={() => void save()}
          disabled={!week.valid}
          loading={week.saving}
          data-testid="week-save"
        >
          {t('calendar.saveWeek')}
        </Button>
      </Box>
    </Stack>
  );
}

interface RangeRowProps {
  label: string;
  range: { start: string; end: string };
  error?: string;
  removeLabel: string;
  onChange: (range: { start: string; end: string }) => void;
  onRemove: () => void;
}

function RangeRow({ label, range, error, removeLabel, onChange, onRemove }: RangeRowProps) {
  const { t } = useTranslation();
  const field = (which: 'start' | 'end') => (
    <TextField
      size="small"
      value={range[which]}
      placeholder="HH:mm"
      error={Boolean(error)}
      onChange={(e) => onChange({ ...range, [which]: e.target.value.trim() })}
      sx={{ width: 110 }}
      slotProps={{
        htmlInput: { 'aria-label': `${label}: ${t(`calendar.field.${which}`)}`, inputMode: 'numeric', maxLength: 5 },
      }}
    />
  );
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="group" aria-label={label}>
        {field('start')}
        <span aria-hidden="true">–</span>
        {field('end')}
        <IconButton size="small" onClick={onRemove} aria-label={`${label}: ${removeLabel}`}>
          <RemoveCircleOutline fontSize="small" />
        </IconButton>
      </Stack>
      {error && (
        <Typography color="error" variant="body2" role="alert">
          {error}
        </Typography>
      )}
    </Stack>
  );
}
