// Console entry: wires the API client to toasts and the login page, loads the catalogue, starts the router.
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorCodes } from '../core/envelope.ts';
import { ApiError } from './api/ApiError.ts';
import { configureClient } from './api/client.ts';
import { clearCurrentUser, readCurrentUser } from './session/current-user.ts';
import { App } from './shell/App.tsx';
import { BootFailure } from './shell/BootFailure.tsx';
import { bootstrap } from './shell/boot.ts';
import { LOGIN_ROUTE, loginPath } from './shell/login-return.ts';
import { currentPath, navigateTo } from './shell/navigation.ts';
import { notifyError } from './shell/notify.ts';
import { buildRoutes } from './shell/router.tsx';

const PASSWORD_CHANGE_REQUIRED = ErrorCodes.passwordChangeRequired.errcode;

function errorText(error: ApiError): string {
  if (error.isNetwork) return i18next.t('error.network');
  return error.errmsg || i18next.t('error.internal');
}

configureClient({
  onUnauthenticated: () => {
    // A 401 while signed in means the session ended: the login says so and returns here afterwards.
    const wasSignedIn = readCurrentUser() !== null;
    clearCurrentUser();
    const here = currentPath();
    if (!here?.startsWith(LOGIN_ROUTE)) navigateTo(loginPath(here, wasSignedIn));
  },
  onError: (error) => {
    notifyError(errorText(error));
    // The password policy wants a new password before anything else (first login, expired).
    if (error.errcode === PASSWORD_CHANGE_REQUIRED) navigateTo('/password');
  },
});

const root = createRoot(document.getElementById('root')!);

bootstrap().then(
  (boot) => {
    const routes = buildRoutes(boot.catalogue);
    root.render(
      <StrictMode>
        <App routes={routes} />
      </StrictMode>,
    );
  },
  (error: unknown) => root.render(<BootFailure error={error} />),
);
