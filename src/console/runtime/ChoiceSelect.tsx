// A select of a choice list ([{id, name}], the lookups' answer): an enterprise, an application. The value
// shows only once it is among the choices (they load after the URL gives it), so MUI never warns.
import { FormControl, InputLabel, MenuItem, Select, type SxProps, type Theme } from '@mui/material';
import type { Calls } from '../../core/generated/api-types.ts';

export type Choices = Calls['lookups.domains']['reply'];

interface Props {
  /** The test id, and the base of the label's id. */
  id: string;
  label: string;
  value: string;
  choices: Choices;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}

export function ChoiceSelect({ id, label, value, choices, onChange, sx = { minWidth: 220 } }: Props) {
  return (
    <FormControl size="small" sx={sx}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        label={label}
        value={choices.some((c) => c.id === value) ? value : ''}
        onChange={(e) => onChange(String(e.target.value))}
        data-testid={id}
      >
        {choices.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
