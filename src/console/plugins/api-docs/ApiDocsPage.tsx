// The API documentation screen (spec/platform-console.md, "System monitoring", spec/domain-console.md, "The calls it makes" (API documentation
// sign-in), docs/adr/0063-api-docs-sign-in-web-services.md): the catalogue's sign-in form
// (apiDocs.signInForm: an application, an enterprise, one of its users, a reason and a duration;
// docs/adr/0163-api-docs-sign-in-form-and-panel-read-checks.md) signs in as that user for a while; the documentation below then
// runs the runtime calls as that user, filled with the application's and its process's ids, under a
// banner naming who acts as whom, until the sign-in ends (its time, or Sign out / End now). The
// documentation itself is loaded with this screen only.
import Logout from '@mui/icons-material/Logout';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { formatDateTime } from '../../runtime/cells/date-time.ts';
import { InlineForm } from '../../runtime/form/InlineForm.tsx';
import type { Row } from '../../runtime/screen-types.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { notifySuccess } from '../../shell/notify.ts';
import type { PluginProps } from '../../runtime/plugin/types.ts';
import { useDocSignIn, type SignedIn } from './useDocSignIn.ts';
import type { RuntimeIds } from './ApiExplorer.tsx';

const ApiExplorer = lazy(() => import('./ApiExplorer.tsx'));

/** The screen's `props.intro`: the debug mode (the home page's debug tile) opens this page with its own words;
 *  `props.runtime`: once signed in, a link to the task runtime that acts as the user (docs/adr/0132-task-runtime-and-bare-bpmn.md). */
export default function ApiDocsPage({ props }: PluginProps) {
  const { t } = useTranslation();
  const docs = useDocSignIn();
  const [ids, setIds] = useState<RuntimeIds | null>(null);

  const signedIn = async (reply: unknown, data: Row) => {
    const made = reply as SignedIn;
    docs.signedIn(made);
    notifySuccess(t('apiDocs.signedIn', { user: made.userName }));
    // The runtime calls name a process by applicationId and flowId: the chosen application's, with the
    // first process the enterprise offers of it (none offered: the application's id alone).
    const applicationId = String(data.applicationId);
    const offered = await call('openApi.services', { params: { id: String(data.domainid) } }).catch(() => []);
    setIds({ applicationId, flowId: offered.find((s) => s.applicationId === applicationId)?.processId });
  };
  const state = docs.state;

  return (
    <Stack spacing={2} data-testid="api-docs">
      <Typography color="text.secondary">
        {t(typeof props.intro === 'string' ? props.intro : 'apiDocs.intro')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <InlineForm screenId="apiDocs.signInForm" testId="api-docs-form" onSaved={(r, d) => void signedIn(r, d)}>
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
        </InlineForm>
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
    </Stack>
  );
}
