// Cell renderer `accountState`: the status chip (effective or not) and, while wrong passwords keep
// the account locked, a warning chip with the time it opens again.
import Lock from '@mui/icons-material/Lock';
import { Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from './date-time.ts';
import StatusCell from './StatusCell.tsx';
import type { CellProps } from './types.ts';

export default function AccountStateCell(props: CellProps) {
  const { t } = useTranslation();
  const lockedUntil = typeof props.row.lockedUntil === 'string' ? props.row.lockedUntil : null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <StatusCell {...props} />
      {lockedUntil && (
        <Chip
          data-testid="account-locked"
          size="small"
          color="warning"
          icon={<Lock />}
          label={t('superuser.lockedUntil', { time: formatDateTime(lockedUntil) })}
        />
      )}
    </Stack>
  );
}
