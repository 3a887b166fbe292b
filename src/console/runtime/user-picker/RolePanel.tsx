// The tab by role's left side: the roles of one application. The application is the opener's (an
// approval's, the API documentation's) or chosen here among the enterprise's bound applications
// (domainApplications.bound), its default first.
import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/queries.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { RoleList } from './RoleList.tsx';

type Application = Calls['domainApplications.bound']['reply']['datas'][number];

/** An enterprise is bound to a handful of applications: one page holds them all. */
const ALL_APPLICATIONS = 1000;

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
  const read = useCall(
    'domainApplications.bound',
    { params: { id: domainId }, query: { pagelines: ALL_APPLICATIONS }, body: {}, silent: true },
    { enabled: !applicationId, onFailure },
  );
  const applications: Application[] | null = read.isError ? [] : (read.data?.datas ?? null);
  // The user's choice, else the default application, else the first.
  const [picked, setChosen] = useState('');
  const chosen = picked || ((applications?.find((a) => a.isDefault) ?? applications?.[0])?.id ?? '');
  const application = applicationId ?? chosen;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 220 }}>
      {!applicationId && applications && applications.length > 0 && (
        <TextField
          select
          size="small"
          label={t('userSelect.applicationLabel')}
          value={chosen}
          onChange={(e) => {
            setChosen(e.target.value);
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
      {applications?.length === 0 && (
        <Typography sx={{ p: 1.5, fontSize: 14, color: 'text.secondary' }} data-testid="user-select-no-applications">
          {t('userSelect.noApplications')}
        </Typography>
      )}
      {application && (
        <RoleList
          key={application}
          applicationId={application}
          domainId={domainId}
          selected={selected}
          onSelect={onSelect}
          maxHeight={maxHeight}
          onFailure={onFailure}
        />
      )}
    </Box>
  );
}
