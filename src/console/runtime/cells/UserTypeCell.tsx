// Cell renderer `userType`: what a privileged user is (super administrator, tenant, department or
// system administrator, an officer, developer) as chips, from the kinds the server derives from the
// account's type and scope, so both modes name each account the same way.
import { Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CellProps } from './types.ts';

const STRONG = new Set(['super', 'tenantAdmin', 'departmentAdmin', 'systemAdmin']);

export default function UserTypeCell({ value, schema }: CellProps) {
  const { t } = useTranslation();
  const items = (schema.items ?? {}) as { 'x-labels'?: Record<string, string> };
  const labels = items['x-labels'] ?? {};
  const kinds = Array.isArray(value) ? value.map(String) : [];
  return (
    <Stack direction="row" spacing={0.5} sx={{ overflow: 'hidden' }}>
      {kinds.map((kind) => (
        <Chip
          key={kind}
          size="small"
          label={t(labels[kind] ?? kind)}
          color={STRONG.has(kind) ? 'primary' : 'default'}
          variant={STRONG.has(kind) ? 'filled' : 'outlined'}
        />
      ))}
    </Stack>
  );
}
