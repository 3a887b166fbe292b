// The application's roles beside the permissions: pick one; the platform adds roles, renames and deletes
// the ones it added (a package's own roles follow the package: their buttons stay disabled, saying why).
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { Box, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { ConfirmDialog } from '../../runtime/ConfirmDialog.tsx';
import { countText } from '../../runtime/counted-label.ts';
import { OpenDialog } from '../../runtime/dialog/OpenDialog.tsx';
import { PickList } from '../../runtime/list/PickList.tsx';
import { mayCall } from '../../session/reach.ts';
import { notifySuccess } from '../../shell/notify.ts';
import type { Role } from './useAccessState.ts';

interface Props {
  appId: string;
  roles: Role[] | null;
  roleId: string;
  onPick: (roleId: string) => void;
  onChanged: (picked?: string) => void;
}

export function RolePanel({ appId, roles, roleId, onPick, onChanged }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Record<string, unknown> | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const role = roles?.find((r) => r.id === roleId);
  const fixed = role?.packageRole !== null && role?.packageRole !== undefined;
  const why = fixed ? t('permission.role.packageRole') : '';

  const remove = async () => {
    const gone = deleting!;
    setDeleting(null);
    await call('roles.delete', { params: { id: appId }, body: [gone.id] });
    notifySuccess(t('permission.role.deleted'));
    onChanged('');
  };
  const edited = (result: unknown) => {
    setEditing(null);
    if (result) onChanged();
  };

  return (
    <Paper variant="outlined" sx={{ width: 260, flexShrink: 0 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', px: 1.5, py: 0.5, minHeight: 40, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
          {t('permission.roles')}
        </Typography>
        {mayCall('roles.create') && (
          <Tooltip title={t('permission.role.new')}>
            <IconButton
              size="small"
              onClick={() => setEditing({})}
              data-testid="access-role-new"
              aria-label={t('permission.role.new')}
            >
              <Add fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {mayCall('roles.update') && (
          <Tooltip title={why || t('permission.role.rename')}>
            <span>
              <IconButton
                size="small"
                disabled={!role || fixed}
                onClick={() => setEditing({ id: role!.id, name: role!.name })}
                data-testid="access-role-rename"
                aria-label={t('permission.role.rename')}
              >
                <Edit fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
        {mayCall('roles.delete') && (
          <Tooltip title={why || t('permission.role.delete')}>
            <span>
              <IconButton
                size="small"
                disabled={!role || fixed}
                onClick={() => setDeleting(role!)}
                data-testid="access-role-delete"
                aria-label={t('permission.role.delete')}
              >
                <Delete fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Stack>
      <Box sx={{ maxHeight: 480, overflow: 'auto' }}>
        <PickList
          rows={roles}
          selected={roleId}
          onSelect={onPick}
          label={t('permission.roles')}
          empty={t('role.noRoles')}
          primary={(r) => r.name}
          secondary={(r) => countText('role.holders', r.holders)}
          testId="access-roles"
          itemTestId={(r) => `access-role-${r.packageRole ?? r.name}`}
        />
      </Box>
      {editing && <OpenDialog name="role-form" data={{ ...editing, applicationId: appId }} onClose={edited} />}
      <ConfirmDialog
        text={deleting ? t('permission.role.confirmDelete', { name: deleting.name }) : null}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </Paper>
  );
}
