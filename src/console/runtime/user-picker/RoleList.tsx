// The tab by role: the roles of one application, their holders counted within the enterprise; choosing
// one lists its holders (useUserSearch: users.list, or flows.selectApprovers type 2 for an approval).
import { Box, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCallAny } from '../../api/queries.ts';
import { countText } from '../counted-label.ts';

interface Role {
  id: string;
  name: string;
  holders: number;
}

interface RoleListProps {
  applicationId: string;
  domainId: string;
  selected: string | null;
  onSelect: (roleId: string | null) => void;
  maxHeight: number;
  onFailure: (error: unknown) => void;
}

/** An application has a handful of roles: one page holds them all. */
const ALL_ROLES = 1000;

export function RoleList({ applicationId, domainId, selected, onSelect, maxHeight, onFailure }: RoleListProps) {
  const { t } = useTranslation();
  const read = useCallAny<{ datas: Role[] }>(
    'roles.list',
    { params: { id: applicationId }, query: { pagelines: ALL_ROLES, domainid: domainId }, body: {}, silent: true },
    { onFailure },
  );
  const roles: Role[] | null = read.isError ? [] : (read.data?.datas ?? null);

  return (
    <Box
      sx={{ maxHeight, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 200 }}
      data-testid="user-select-roles"
    >
      {roles?.length === 0 && (
        <Typography sx={{ p: 1.5, fontSize: 14, color: 'text.secondary' }}>{t('userSelect.noRoles')}</Typography>
      )}
      <List dense aria-label={t('userSelect.roleLabel')} sx={{ py: 0 }}>
        {(roles ?? []).map((role) => (
          <ListItem key={role.id} disablePadding>
            <ListItemButton
              selected={role.id === selected}
              aria-current={role.id === selected || undefined}
              onClick={() => onSelect(role.id)}
              data-testid={`user-select-role-${role.id}`}
            >
              <ListItemText primary={role.name} secondary={countText('userSelect.holders', role.holders)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
