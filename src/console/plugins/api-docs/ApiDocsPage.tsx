// The API documentation screen (platform spec §2 "System monitoring", domain spec §7 "API documentation
// sign-in", docs/adr/0063-api-docs-sign-in-web-services.md): choose an application, an enterprise and one of its users (the user picker: search,
// department, the application's roles, query), give a reason and sign in as that user for a while; the documentation below
// then runs the runtime calls as that user, filled with the application's and its process's ids, under a banner naming who acts as whom, until the sign-in
// ends (its time, or Sign out / End now). The documentation itself is loaded with this screen only.
import Login from '@mui/icons-material/Login';
import Logout from '@mui/icons-material/Logout';
import PersonSearch from '@mui/icons-material/PersonSearch';
import PlayArrow from '@mui/icons-material/PlayArrow';
import {
  Alert,
  Button,
  FormControl,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { useCall } from '../../api/queries.ts';
import { formatDateTime } from '../../runtime/cells/date-time.ts';
import { OpenDialog } from '../../runtime/dialog/OpenDialog.tsx';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { notifySuccess } from '../../shell/notify.ts';
import type { PickedUser, UserSelectResult } from '../../runtime/user-picker/user-select-types.ts';
import type { PluginProps } from '../../runtime/plugin/types.ts';
import { useDocSignIn } from './useDocSignIn.ts';
import { ChoiceSelect, type Choices } from '../../runtime/ChoiceSelect.tsx';
import type { RuntimeIds } from './ApiExplorer.tsx';

const ApiExplorer = lazy(() => import('./ApiExplorer.tsx'));

const DURATIONS = [15, 30, 60, 120];
const NO_CHOICES: Choices = [];

/** The screen's `props.intro`: the debug mode (the home page's debug tile) opens this page with its own words;
 *  `props.runtime`: once signed in, a link to the task runtime that acts as the user (docs/adr/0132-task-runtime-and-bare-bpmn.md). */
export default function ApiDocsPage({ props }: PluginProps) {
  const { t } = useTranslation();
  const docs = useDocSignIn();
  const applications: Choices = useCall('lookups.applications', {}).data ?? NO_CHOICES;
  const domains: Choices = useCall('lookups.domains', {}).data ?? NO_CHOICES;
  const [applicationId, setApplicationId] = useState('');
  const [domainId, setDomainId] = useState('');
  const [user, setUser] = useState<PickedUser | null>(null);
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState(30);
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [ids, setIds] = useState<RuntimeIds | null>(null);

  const pick = () => {
    if (!applicationId) return setProblem(t('apiDocs.chooseApplication'));
    if (!domainId) return setProblem(t('apiDocs.msg.selectDomain'));
    setProblem(null);
    setPicking(true);
  };
  const signIn = async () => {
    if (!user) return setProblem(t('apiDocs.msg.selectUser'));
    if (!reason.trim()) return setProblem(t('apiDocs.msg.reasonRequired'));
    setProblem(null);
    const made = await docs.signIn(user.id, reason.trim(), minutes);
    notifySuccess(t('apiDocs.signedIn', { user: made.userName }));
    // The runtime calls name a process by applicationId and flowId: the chosen application's, with the
    // first process the enterprise offers of it (none offered: the application's id alone).
    const offered = await call('openApi.services', { params: { id: domainId } }).catch(() => []);
    setIds({ applicationId, flowId: offered.find((s) => s.applicationId === applicationId)?.processId });
  };
  const state = docs.state;

  return (
    <Stack spacing={2} data-testid="api-docs">
      <Typography color="text.secondary">
        {t(typeof props.intro === 'string' ? props.intro : 'apiDocs.intro')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <ChoiceSelect
            id="api-docs-application"
            label={t('apiDocs.field.application')}
            value={applicationId}
            choices={applications}
            onChange={(v) => (setApplicationId(v), setUser(null))}
          />
          <ChoiceSelect
            id="api-docs-domain"
            label={t('apiDocs.field.domain')}
            value={domainId}
            choices={domains}
            onChange={(v) => (setDomainId(v), setUser(null))}
          />
          <TextField
            size="small"
            label={t('apiDocs.field.user')}
            value={user ? `${user.name} (${user.loginno ?? ''})` : ''}
            slotProps={{ input: { readOnly: true } }}
            data-testid="api-docs-user"
            sx={{ minWidth: 220 }}
          />
          <Button variant="outlined" startIcon={<PersonSearch />} onClick={pick} data-testid="api-docs-pick">
            {t('apiDocs.pick')}
          </Button>
        </Stack>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 2 }}>
          <TextField
            size="small"
            label={t('apiDocs.field.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            sx={{ flex: '1 1 320px' }}
            data-testid="api-docs-reason"
            required
          />
          <FormControl size="small" sx={{ minWidth: 140 }}>
            <InputLabel id="api-docs-minutes-label">{t('apiDocs.field.minutes')}</InputLabel>
            <Select
              labelId="api-docs-minutes-label"
              label={t('apiDocs.field.minutes')}
              value={minutes}
              onChange={(e) => setMinutes(Number(e.target.value))}
              data-testid="api-docs-minutes"
            >
              {DURATIONS.map((n) => (
                <MenuItem key={n} value={n}>
                  {t('apiDocs.minutesOption', { count: n })}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button variant="contained" startIcon={<Login />} onClick={() => void signIn()} data-testid="api-docs-signin">
            {t('apiDocs.signIn')}
          </Button>
          {docs.token && typeof props.runtime === 'string' && (
            <Button
              variant="contained"
              color="secondary"
              startIcon={<PlayArrow />}
              component={RouterLink}
              to={props.runtime}
              data-testid="api-docs-runtime"
            >
              {t('taskRuntime.openRuntime')}
            </Button>
          )}
          <Button
            variant="outlined"
            startIcon={<Logout />}
            onClick={() => void docs.signOut()}
            data-testid="api-docs-signout"
          >
            {t('apiDocs.signOut')}
          </Button>
        </Stack>
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="api-docs-problem">
            {problem}
          </Alert>
        )}
      </Paper>
      <Paper
        variant="outlined"
        component="section"
        aria-label={t('apiDocs.title')}
        sx={{ p: 1 }}
        data-testid="api-docs-frame"
      >
        {state?.active && (
          <Alert
            severity="warning"
            data-testid="api-docs-banner"
            action={
              <Button color="inherit" size="small" onClick={() => void docs.signOut()} data-testid="api-docs-end">
                {t('apiDocs.endNow')}
              </Button>
            }
          >
            {t('apiDocs.banner', {
              user: state.userName,
              code: state.userCode,
              domain: state.domainName,
              by: state.impersonator,
              time: formatDateTime(state.expiresAt),
              reason: state.reason,
            })}
          </Alert>
        )}
        <Suspense fallback={<LoadingPanel />}>
          <ApiExplorer signIn={docs.token} ids={ids} />
        </Suspense>
      </Paper>
      {picking && (
        <OpenDialog
          name="user-select"
          data={{ domainid: domainId, docs: { applicationId }, emptyMessage: 'apiDocs.msg.selectUser' }}
          onClose={(result) => {
            setPicking(false);
            const users = (result as Partial<UserSelectResult> | undefined)?.users;
            if (users?.[0]) setUser(users[0]);
          }}
        />
      )}
    </Stack>
  );
}
