// One field of the login page: a native <input> with its <label>, drawn like MUI's outlined field. MUI's input
// parts (FormControl, InputLabel, OutlinedInput, FormHelperText) cost the first load about 8.5 KiB gzip
// (docs/adr/0149-login-fields-without-mui-inputs.md). The label floats and the outline opens its notch
// by CSS alone: `placeholder=" "` makes `:placeholder-shown` mean "empty", `:autofill` covers the browser's
// own filling.
import { Box } from '@mui/material';
import { outlinedFieldSx } from './outlinedFieldSx.ts';

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

export function LoginInput({ name, label, helperText, error, ...input }: LoginInputProps) {
  const id = `login-${name}`;
  return (
    <Box sx={outlinedFieldSx} className={error ? 'error' : undefined}>
      <Box className="box">
        <input
          {...input}
          id={id}
          name={name}
          data-testid={id}
          placeholder=" "
          aria-invalid={error}
          aria-describedby={`${id}-helper`}
        />
        <label htmlFor={id}>{label}</label>
        <fieldset aria-hidden="true">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </Box>
      <p id={`${id}-helper`}>{helperText}</p>
    </Box>
  );
}
