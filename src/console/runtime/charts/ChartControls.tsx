// A charts screen's choices (docs/adr/0133-charts-screen-kind.md), each kept in the URL: toggle buttons,
// a drop-down, a row of radios, the one mode the server offers (checked, disabled), or a user picked in
// the user-selection dialog.
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ChartsControl } from '../../../core/catalogue/types.ts';
import { rowsAt, textAt, valueAt } from './field-path.ts';
import { UserControl } from './UserControl.tsx';

export interface Option {
  value: string;
  text: string;
}

/** The control's options: fixed, or the rows of its read (a marked row says so in its text). */
export function optionsOf(control: ChartsControl, answer: unknown, t: TFunction): Option[] {
  if (control.style === 'user') return [];
  if (control.options) return control.options.map((o) => ({ value: o.value, text: t(o.label) }));
  const from = control.from!;
  return rowsAt(answer, from.rows).map((row) => {
    const value = textAt(row, from.value);
    const marked = from.mark && valueAt(row, from.mark.field) === true;
    return { value, text: marked ? t(from.mark!.label, row as Record<string, unknown>) : textAt(row, from.text) };
  });
}

interface Props {
  control: ChartsControl;
  options: Option[];
  value: string;
  /** The frame's test id: each control's is `<frame>-<id>`. */
  testId: string;
  choose: (value: string) => void;
  /** style user: the enterprise chosen (the value of the control `tenant` names). */
  tenant?: string;
}

export function ChartControl({ control, options, value, testId, choose, tenant }: Props) {
  const { t } = useTranslation();
  const id = `${testId}-${control.id}`;
  const label = t(control.label);
  if (control.style === 'user')
    return <UserControl label={control.label} tenant={tenant ?? ''} testId={id} choose={choose} />;
  if (control.style === 'check')
    return <FormControlLabel control={<Checkbox checked disabled />} label={options[0]?.text ?? label} />;
  if (control.style === 'buttons')
    return (
      <ToggleButtonGroup
        size="small"
        exclusive
        value={value}
        onChange={(_e, next: string | null) => next !== null && choose(next)}
        aria-label={label}
        data-testid={id}
      >
        {options.map((o) => (
          <ToggleButton key={o.value} value={o.value} sx={{ color: 'text.primary' }} data-testid={`${id}-${o.value}`}>
            {o.text}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    );
  if (control.style === 'radio')
    return (
      <FormControl>
        <FormLabel id={`${id}-label`}>{label}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={`${id}-label`}
          value={value}
          onChange={(e) => choose(e.target.value)}
          data-testid={id}
        >
          {options.map((o) => (
            <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.text} />
          ))}
        </RadioGroup>
      </FormControl>
    );
  return (
    <FormControl size="small" sx={{ minWidth: 200 }}>
      {/* Always raised: a first choice that is the empty value ("latest") reads to MUI as none. */}
      <InputLabel id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <Select
        labelId={`${id}-label`}
        label={label}
        notched
        displayEmpty
        value={options.some((o) => o.value === value) ? value : ''}
        onChange={(e) => choose(e.target.value)}
        data-testid={id}
      >
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.text}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
