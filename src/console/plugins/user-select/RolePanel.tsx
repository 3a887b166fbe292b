// The tab by role's left side: the roles of one application. The application is the opener's (an
// approval's, the API documentation's) or chosen here among the enterprise's bound applications
// (domainApplications.bound), its default first.
import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
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
  const [applications, setApplications] = useState<Application[] | null>(null);
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    if (applicationId) return;
    call('domainApplications.bound', {
      params: { id: domainId },
      query: { pagelines: ALL_APPLICATIONS },
      body: {},
      silent: true,
    }).then(
      (page) => {
        setApplications(page.datas);
        setChosen((page.datas.find((a) => a.isDefault) ?? page.datas[0])?.id ?? '');
      },
      (e: unknown) => (setApplications([]), onFailure(e)),
    );
  }, [applicationId, domainId, onFailure]);

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
