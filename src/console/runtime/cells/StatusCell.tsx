// Cell renderer `status`: a coloured chip with the value's label from the property's x-labels; "on" (filled,
// green) is 1 or true, or the first value of a text enum (`[ready, noSecret]`), as for the switch widget.
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CellProps } from './types.ts';

export default function StatusCell({ value, schema }: CellProps) {
  const { t } = useTranslation();
  const labels = (schema['x-labels'] ?? {}) as Record<string, string>;
  const key = labels[String(value)];
  const first = (schema.enum as unknown[] | undefined)?.[0];
  const active = value === 1 || value === '1' || value === true || (typeof first === 'string' && value === first);
  return (
    <Chip
      size="small"
      label={key ? t(key) : String(value ?? '')}
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      sx={{ fontWeight: 500 }}
    />
  );
}
