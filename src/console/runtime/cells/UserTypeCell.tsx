// Cell renderer `userType`: the combinable types of a privileged user as chips (super administrator,
// tenant administrator, developer); in security mode the one separated type instead.
import { Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { readCurrentUser } from '../../session/current-user.ts';
import type { CellProps } from './types.ts';

const FLAGS: Array<[string, string, 'primary' | 'secondary' | 'default']> = [
  ['issuperadmin', 'field.superuser.issuperadmin', 'primary'],
  ['isdomainadmin', 'field.superuser.isdomainadmin', 'secondary'],
  ['isdeveloper', 'field.superuser.isdeveloper', 'default'],
];

export default function UserTypeCell({ value, row, schema }: CellProps) {
  const { t } = useTranslation();
  const labels = (schema['x-labels'] ?? {}) as Record<string, string>;
  const shown = readCurrentUser()?.isOpenSecurity
    ? [[String(value), labels[String(value)] ?? String(value), 'primary'] as const]
    : FLAGS.filter(([flag]) => row[flag] === true);
  return (
    <Stack direction="row" spacing={0.5} sx={{ overflow: 'hidden' }}>
      {shown.map(([key, label, color]) => (
        <Chip key={key} size="small" label={t(label)} color={color} variant={color === 'default' ? 'outlined' : 'filled'} />
      ))}
    </Stack>
  );
}
