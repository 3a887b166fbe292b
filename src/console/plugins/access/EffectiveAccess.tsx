// "What can this user do?" (docs/adr/0039-permissions-role-leaves.md): pick an enterprise and one of its users within reach; see their roles
// in the application, and every menu and resource they can use with the roles granting it (nothing
// while the application is unbound or disabled there; a disabled module's items left out).
import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/queries.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import { OpenDialog } from '../../runtime/dialog/OpenDialog.tsx';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import type { UserSelectResult } from '../../runtime/user-picker/user-select-types.ts';
import type { Choice, Choose } from './useAccessState.ts';

type Effective = Calls['permissions.effective']['reply'];
type Grant = Effective['pc'][number];

function GrantTable({ title, grants, testId }: { title: string; grants: Grant[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-label={title} data-testid={testId}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {grants.length === 0 ? (
        <Typography color="text.secondary">{t('permission.effective.nothing')}</Typography>
      ) : (
        <Table size="small" sx={{ tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '60%' }}>{t('permission.effective.item')}</TableCell>
              <TableCell>{t('permission.effective.grantedBy')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {grants.map((g) => (
              <TableRow key={g.id}>
                <TableCell>{g.path.join(' › ')}</TableCell>
                <TableCell>{g.roles.join(', ')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

export function EffectiveAccess({
  appId,
  domainId,
  userId,
  choose,
}: {
  appId: string;
  domainId: string;
  userId: string;
  choose: Choose;
}) {
  const { t } = useTranslation();
  const listed = useCall('lookups.domains', {});
  const domains: Choice[] | null = listed.isError ? [] : (listed.data ?? null);
  const [picking, setPicking] = useState(false);
  const effective = useCall(
    'permissions.effective',
    { params: { id: appId }, query: { userid: userId } },
    { enabled: Boolean(appId && userId) },
  );

  const picked = (result: unknown) => {
    setPicking(false);
    const user = (result as UserSelectResult | undefined)?.users?.[0];
    if (user) choose({ user: user.id });
  };
  const data: Effective | null | undefined = effective.isError ? null : effective.data;
  const domain = domains?.find((d) => d.id === domainId);

  return (
    <Stack spacing={2} data-testid="effective-access">
      <Typography color="text.secondary">{t('permission.effective.intro')}</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('permission.column.domain')}
          value={domain ? domainId : ''}
          onChange={(e) => choose({ domain: e.target.value, user: '' })}
          sx={{ minWidth: 240 }}
          data-testid="effective-domain"
        >
          {(domains ?? []).map((d) => (
            <MenuItem key={d.id} value={d.id}>
              {d.name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          disabled={!domain}
          onClick={() => setPicking(true)}
          data-testid="effective-pick-user"
        >
          {t('permission.effective.pickUser')}
        </Button>
      </Stack>
      {userId && data === undefined && <LoadingPanel />}
      {data && (
        <Stack spacing={2}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }} data-testid="effective-user">
            {data.user.name} ({data.user.loginno}) · {data.user.domainName}
          </Typography>
          {data.active !== 'yes' && (
            <Alert severity="warning">
              {t(`permission.effective.${data.active}`, { domain: data.user.domainName })}
            </Alert>
          )}
          {(data.disabledModules ?? []).length > 0 && (
            <Alert severity="info">
              {t('permission.effective.disabledModules', { modules: (data.disabledModules ?? []).join(', ') })}
            </Alert>
          )}
          <Box aria-label={t('permission.effective.roles')} role="group">
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {t('permission.effective.roles')}
            </Typography>
            {data.roles.length === 0 ? (
              <Typography color="text.secondary">{t('permission.effective.noRoles')}</Typography>
            ) : (
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                {data.roles.map((r) => (
                  <Chip key={r.id} label={r.name} size="small" />
                ))}
              </Stack>
            )}
          </Box>
          <GrantTable title={t('permission.tab.pc')} grants={data.pc} testId="effective-pc" />
          <GrantTable title={t('permission.tab.mobile')} grants={data.mobile} testId="effective-mobile" />
          <GrantTable title={t('permission.tab.modules')} grants={data.resources} testId="effective-resources" />
        </Stack>
      )}
      {picking && <OpenDialog name="user-select" data={{ domainid: domainId, single: true }} onClose={picked} />}
    </Stack>
  );
}
