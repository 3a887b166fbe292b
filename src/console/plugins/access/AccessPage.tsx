// Roles and permissions of an application (issue 11, docs/adr/0039-permissions-role-leaves.md): the application and its roles on the left;
// on the right the role's PC menus, mobile menus and module resources as check-box trees saved
// together, and the effective access of one user. Unsaved changes are confirmed before another role,
// application or page replaces them.
import Download from '@mui/icons-material/Download';
import Save from '@mui/icons-material/Save';
import Undo from '@mui/icons-material/Undo';
import { Alert, Box, Button, Chip, MenuItem, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callUrl } from '../../api/client.ts';
import { ConfirmDialog } from '../../runtime/ConfirmDialog.tsx';
import { downloadFrom } from '../../runtime/download.ts';
import { mayCall } from '../../session/reach.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { notifySuccess } from '../../shell/notify.ts';
import { EffectiveAccess } from './EffectiveAccess.tsx';
import { PermissionTree } from './PermissionTree.tsx';
import { RolePanel } from './RolePanel.tsx';
import { ACCESS_TABS, useAccessState, type AccessTab } from './useAccessState.ts';
import { usePermissionDraft, type TreeTab } from './usePermissionDraft.ts';

export default function AccessPage() {
  const { t } = useTranslation();
  const state = useAccessState();
  const { appId, roleId, tab, choose } = state;
  const draft = usePermissionDraft(appId, roleId);
  const [pending, setPending] = useState<Parameters<typeof choose>[0] | null>(null);
  const readOnly = !mayCall('permissions.save');

  // Another role or application drops the draft: asked first when it holds changes.
  const switchTo = (next: Parameters<typeof choose>[0]) => (draft.dirty ? setPending(next) : choose(next));
  useEffect(() => {
    if (!draft.dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [draft.dirty]);

  const save = async () => {
    const saved = await draft.save();
    if (saved) notifySuccess(t('permission.saved', { ...saved }));
  };
  const exportSheet = (kind: 'menus' | 'users') => downloadFrom(callUrl('permissions.export', { id: appId }, { kind }));

  if (state.applications === null) return <LoadingPanel />;
  return (
    <Stack spacing={2} data-testid="access-page">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          select
          size="small"
          label={t('permission.application')}
          value={state.application ? appId : ''}
          onChange={(e) => switchTo({ app: e.target.value, role: '' })}
          sx={{ minWidth: 260 }}
          data-testid="access-application"
        >
          {state.applications.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        {mayCall('permissions.export') && appId && (
          <>
            <Button startIcon={<Download />} onClick={() => exportSheet('menus')} data-testid="access-export-menus">
              {t('permission.export.menus')}
            </Button>
            <Button startIcon={<Download />} onClick={() => exportSheet('users')} data-testid="access-export-users">
              {t('permission.export.users')}
            </Button>
          </>
        )}
      </Stack>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <RolePanel
          appId={appId}
          roles={state.roles}
          roleId={roleId}
          onPick={(role) => switchTo({ role })}
          onChanged={(picked) => {
            if (picked !== undefined) choose({ role: picked });
            state.reloadRoles();
          }}
        />
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 360 }}>
          <Tabs
            value={tab}
            onChange={(_e, next: AccessTab) => choose({ tab: next })}
            aria-label={t('permission.title')}
            variant="scrollable"
          >
            {ACCESS_TABS.map((k) => (
              <Tab key={k} value={k} label={t(`permission.tab.${k}`)} data-testid={`access-tab-${k}`} />
            ))}
          </Tabs>
          <Box
            sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}
            role="tabpanel"
            aria-label={t(`permission.tab.${tab}`)}
          >
            {tab === 'effective' ? (
              <EffectiveAccess appId={appId} domainId={state.domainId} userId={state.userId} choose={choose} />
            ) : !state.role ? (
              <Typography color="text.secondary">{t('permission.pickRole')}</Typography>
            ) : !draft.trees || !draft.checked ? (
              <LoadingPanel />
            ) : (
              <Stack spacing={1.5}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography
                    variant="subtitle1"
                    component="h2"
                    sx={{ fontWeight: 600, flex: 1 }}
                    data-testid="access-role-title"
                  >
                    {state.role.name}
                  </Typography>
                  {draft.dirty && (
                    <Chip color="warning" size="small" label={t('permission.unsaved')} data-testid="access-unsaved" />
                  )}
                  {!readOnly && (
                    <>
                      <Button
                        startIcon={<Undo />}
                        disabled={!draft.dirty || draft.saving}
                        onClick={draft.undo}
                        data-testid="access-undo"
                      >
                        {t('permission.undo')}
                      </Button>
                      <Button
                        variant="contained"
                        startIcon={<Save />}
                        disabled={!draft.dirty || draft.saving}
                        onClick={() => void save()}
                        data-testid="access-save"
                      >
                        {t('action.save')}
                      </Button>
                    </>
                  )}
                </Stack>
                {readOnly && <Alert severity="info">{t('permission.readOnly')}</Alert>}
                {draft.trees[tab as TreeTab].length === 0 ? (
                  <Typography color="text.secondary">{t(`permission.empty.${tab}`)}</Typography>
                ) : (
                  <PermissionTree
                    key={`${roleId}/${tab}`}
                    nodes={draft.trees[tab as TreeTab]}
                    checked={draft.checked[tab as TreeTab]}
                    onChange={(ids) => draft.setChecked(tab as TreeTab, ids)}
                    readOnly={readOnly}
                    label={t(`permission.tab.${tab}`)}
                    testId={`access-tree-${tab}`}
                  />
                )}
              </Stack>
            )}
          </Box>
        </Paper>
      </Box>
      <ConfirmDialog
        text={pending ? t('permission.discard') : null}
        onConfirm={() => {
          choose(pending!);
          setPending(null);
        }}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
