// Cell renderer `usernames`: the usernames of a list of users ({username}), or "no administrator".
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CellProps } from './types.ts';

export function usernames(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((u) => (typeof u === 'string' ? u : String((u as { username?: unknown })?.username ?? '')))
    .filter(Boolean);
}

export default function UsernamesCell({ value }: CellProps) {
  const { t } = useTranslation();
  const names = usernames(value);
  return (
    <Typography
      variant="body2"
      component="span"
      noWrap
      color={names.length ? 'text.primary' : 'text.secondary'}
      title={names.join(', ')}
    >
      {names.length ? names.join(', ') : t('list.noAdmins')}
    </Typography>
  );
}
