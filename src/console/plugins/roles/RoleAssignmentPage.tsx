// The roles tab of an enterprise (issue 11, docs/adr/0038-applications-from-packages.md): pick one of its applications and a role; the role's
// holders in the enterprise are listed, and its administrators add holders through the user-selection
// dialog or take the role from the selected ones (confirmed). Everything is within their reach.
import { Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { currentLanguage } from '../../session/language.ts';
import { mayCall } from '../../session/reach.ts';
import { ConfirmDialog } from '../../runtime/ConfirmDialog.tsx';
import { countText } from '../../runtime/counted-label.ts';
import { OpenDialog } from '../../runtime/dialog/OpenDialog.tsx';
import { gridLocaleText } from '../../runtime/list/gridLocale.ts';
import { PickList } from '../../runtime/list/PickList.tsx';
import { notifySuccess } from '../../shell/notify.ts';
import type { UserSelectResult } from '../../runtime/user-picker/user-select-types.ts';
import { useRoleAssignment, type Holder } from './useRoleAssignment.ts';

export default function RoleAssignmentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const domainId = params.get('domainid') ?? '';
  const roles = useRoleAssignment(domainId);
  const [picking, setPicking] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const mayAssign = mayCall('roles.assign');
  const columns = useMemo<GridColDef<Holder>[]>(
    () => [
      { field: 'name', headerName: t('field.user.name'), flex: 1, minWidth: 140 },
      { field: 'loginno', headerName: t('field.user.loginno'), flex: 1, minWidth: 140 },
      { field: 'departmentName', headerName: t('field.user.departmentName'), flex: 1, minWidth: 160 },
    ],
    [t],
  );

  const afterPick = async (result: unknown) => {
    setPicking(false);
    const users = (result as UserSelectResult | undefined)?.users;
    if (!users?.length) return;
    await call('roles.assign', {
      params: { id: roles.roleId },
      body: { domainid: domainId, userIds: users.map((u) => u.id) },
    });
    notifySuccess(countText('role.msg.assigned', users.length));
    roles.reload();
  };
  const remove = async () => {
    setConfirming(false);
    await call('roles.unassign', { params: { id: roles.roleId }, body: { domainid: domainId, userIds: selected } });
    setSelected([]);
    roles.reload();
  };

  if (roles.applications?.length === 0)
    return <Typography data-testid="roles-no-application">{t('role.noApplication')}</Typography>;
  return (
    <Stack spacing={2} data-testid="role-assignment">
      <TextField
        select
        size="small"
        label={t('role.application')}
        value={roles.appId}
        onChange={(e) => roles.choose({ app: e.target.value, role: '' })}
        sx={{ maxWidth: 320 }}
        data-testid="roles-application"
      >
        {(roles.applications ?? []).map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Paper variant="outlined" sx={{ width: 260, maxHeight: 420, overflow: 'auto' }}>
          <PickList
            rows={roles.roles}
            selected={roles.roleId}
            onSelect={(role) => roles.choose({ role, q: '' })}
            label={t('role.roles')}
            empty={t('role.noRoles')}
            primary={(r) => r.name}
            secondary={(r) => countText('role.holders', r.holders)}
            testId="roles-list"
            itemTestId={(r) => `role-${r.packageRole ?? r.id}`}
          />
        </Paper>
        <Box sx={{ flex: 1, minWidth: 360 }} role="region" aria-label={t('role.holdersOf')}>
          {!roles.role && <Typography color="text.secondary">{t('role.pickRole')}</Typography>}
          {roles.role && (
            <Stack spacing={1}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }} data-testid="role-title">
                  {roles.role.name}
                </Typography>
                <TextField
                  size="small"
                  label={t('field.user.loginno')}
                  defaultValue={roles.holderSearch}
                  key={roles.roleId}
                  slotProps={{ htmlInput: { 'data-testid': 'role-holder-search' } }}
                  onKeyDown={(e) =>
                    e.key === 'Enter' && roles.choose({ q: (e.target as HTMLInputElement).value.trim() })
                  }
                  onBlur={(e) => roles.choose({ q: e.target.value.trim() })}
                />
                {mayAssign && (
                  <Button variant="contained" data-testid="role-add-users" onClick={() => setPicking(true)}>
                    {t('role.addUsers')}
                  </Button>
                )}
                {mayAssign && (
                  <Button
                    variant="outlined"
                    color="error"
                    data-testid="role-remove-users"
                    disabled={selected.length === 0}
                    onClick={() => setConfirming(true)}
                  >
                    {t('role.removeUsers')}
                  </Button>
                )}
              </Stack>
              <DataGrid<Holder>
                rows={roles.holders?.rows ?? []}
                rowCount={roles.holders?.rowCount ?? 0}
                loading={roles.holders === null}
                columns={columns}
                density="compact"
                checkboxSelection={mayAssign}
                disableRowSelectionOnClick
                disableColumnMenu
                paginationMode="server"
                pageSizeOptions={[10, 20, 50, 100]}
                paginationModel={roles.paging}
                onPaginationModelChange={roles.setPaging}
                rowSelectionModel={{ type: 'include', ids: new Set(selected) }}
                onRowSelectionModelChange={(model) =>
                  setSelected(
                    model.type === 'include'
                      ? [...model.ids].map(String)
                      : (roles.holders?.rows ?? []).map((r) => r.id).filter((id) => !model.ids.has(id)),
                  )
                }
                localeText={gridLocaleText(currentLanguage())}
                aria-label={t('role.holdersOf')}
                sx={{ bgcolor: 'background.paper', minHeight: 300 }}
              />
            </Stack>
          )}
        </Box>
      </Box>
      {picking && (
        <OpenDialog name="user-select" data={{ domainid: domainId }} onClose={(result) => void afterPick(result)} />
      )}
      <ConfirmDialog
        text={confirming ? countText('role.confirmRemove', selected.length, { role: roles.role?.name ?? '' }) : null}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
