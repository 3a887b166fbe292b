// The tab by role's left side: the roles of one application, their holders counted within the
// enterprise; choosing one lists its holders (useUserSearch: users.list, or flows.selectApprovers type 2
// for an approval). The application is the opener's (an approval's, the API documentation's) or chosen
// here among the enterprise's bound applications, its default first.
import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/queries.ts';
import { countText } from '../counted-label.ts';
import { PickList } from '../list/PickList.tsx';
import { useBoundApplications } from './useBoundApplications.ts';

/** An application has a handful of roles: one page holds them all. */
const ALL_ROLES = 1000;

interface RolePanelProps {
  /** Fixed by the opener; without it the enterprise's applications are offered. */
  applicationId?: string;
  domainId: string;
  selected: string | null;
  onSelect: (roleId: string | null) => void;
  maxHeight: number;
  onFailure: (error: unknown) => void;
}

export function RolePanel({ applicationId, domainId, selected, onSelect, maxHeight, onFailure }: RolePanelProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState('');
  const { applications, appId } = useBoundApplications(domainId, picked, {
    enabled: !applicationId,
    onFailure,
    silent: true,
  });
  const application = applicationId ?? appId;
  const read = useCall(
    'roles.list',
    { params: { id: application }, query: { pagelines: ALL_ROLES, domainid: domainId }, body: {}, silent: true },
    { enabled: Boolean(application), onFailure },
  );
  const roles = read.isError ? [] : (read.data?.datas ?? null);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 220 }}>
      {!applicationId && applications && applications.length > 0 && (
        <TextField
          select
          size="small"
          label={t('userSelect.applicationLabel')}
          value={appId}
          onChange={(e) => {
            setPicked(e.target.value);
            onSelect(null);
          }}
          slotProps={{ htmlInput: { 'data-testid': 'user-select-application' } }}
        >
          {applications.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {!applicationId && applications?.length === 0 && (
        <Typography sx={{ p: 1.5, fontSize: 14, color: 'text.secondary' }} data-testid="user-select-no-applications">
          {t('userSelect.noApplications')}
        </Typography>
      )}
      {application && (
        <Box
          sx={{ maxHeight, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 200 }}
          data-testid="user-select-roles"
        >
          <PickList
            rows={roles}
            selected={selected}
            onSelect={onSelect}
            label={t('userSelect.roleLabel')}
            empty={t('userSelect.noRoles')}
            primary={(role) => role.name}
            secondary={(role) => countText('userSelect.holders', role.holders)}
            itemTestId={(role) => `user-select-role-${role.id}`}
          />
        </Box>
      )}
    </Box>
  );
}
