// A tab frame's `signIn` (docs/adr/0157-task-runtime-in-yaml.md): its tabs act through the runtime API
// as the user of the debug page's documentation sign-in, held in memory only (api/runtime-sign-in.ts).
// Without one the frame says so with a link to where it is made; with one, who is acting, above the tabs.
import { Alert, Button, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { TabsScreen } from '../../../core/catalogue/types.ts';
import { useRuntimeCredential } from '../../api/runtime-sign-in.ts';

export function SignInGate({ signIn, children }: { signIn?: TabsScreen['signIn']; children: ReactNode }) {
  const { t } = useTranslation();
  const credential = useRuntimeCredential();
  if (!signIn) return children;
  if (!credential)
    return (
      <Alert
        severity="info"
        data-testid={`${signIn.testId}-signed-out`}
        action={
          <Button component={RouterLink} to={signIn.go.to} color="inherit" size="small">
            {t(signIn.go.label)}
          </Button>
        }
      >
        {t(signIn.missing)}
      </Alert>
    );
  return (
    <Stack spacing={2}>
      <Alert severity="warning" data-testid={`${signIn.testId}-acting`}>
        {t(signIn.acting, { ...credential })}
      </Alert>
      {children}
    </Stack>
  );
}
