// One time range of a week's day: start and end typed as HH:mm, a remove button, the range's problem.
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { IconButton, Stack, TextField, Typography } from '@mui/material';
import type { TimeRange } from '../../../core/calendar/time-ranges.ts';

interface RangeRowProps {
  label: string;
  range: TimeRange;
  error?: string;
  /** The texts naming the start field, the end field and the remove button. */
  texts: { start: string; end: string; remove: string };
  onChange: (range: TimeRange) => void;
  onRemove: () => void;
}

export function RangeRow({ label, range, error, texts, onChange, onRemove }: RangeRowProps) {
  const field = (which: 'start' | 'end') => (
    <TextField
      size="small"
      value={range[which]}
      placeholder="HH:mm"
      error={Boolean(error)}
      onChange={(e) => onChange({ ...range, [which]: e.target.value.trim() })}
      sx={{ width: 110 }}
      slotProps={{ htmlInput: { 'aria-label': `${label}: ${texts[which]}`, inputMode: 'numeric', maxLength: 5 } }}
    />
  );
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="group" aria-label={label}>
        {field('start')}
        <span aria-hidden="true">–</span>
        {field('end')}
        <IconButton size="small" onClick={onRemove} aria-label={`${label}: ${texts.remove}`}>
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
