// One field of the login page, built from MUI's input parts rather than TextField: TextField can also be a
// select, so it brings MUI's Select, Menu and Popover into the first load (docs/adr/0104-first-load-measured.md).
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';

export interface LoginInputProps {
  name: string;
  label: string;
  type: string;
  value: string;
  onChange: (e: React.ChangeEvent<HTMLInputElement>) => void;
  error: boolean;
  helperText: string;
  autoComplete: string;
  autoFocus?: boolean;
}

export function LoginInput({ name, label, helperText, error, autoComplete, ...input }: LoginInputProps) {
  const id = `login-${name}`;
  return (
    <FormControl fullWidth error={error} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        aria-describedby={`${id}-helper`}
        inputProps={{ 'data-testid': id, autoComplete }}
      />
      <FormHelperText id={`${id}-helper`}>{helperText}</FormHelperText>
    </FormControl>
  );
}
