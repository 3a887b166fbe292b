// What a route shows when its part failed to load (120 s limit, lost connection) or threw: the gate's
// error (ConsoleRouter.tsx) or one thrown while drawing (RouteErrorBoundary).
import { Component, type ReactNode } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { LoadTimeoutError } from './lazy-module.ts';

function isLoadFailure(error: unknown): boolean {
  if (error instanceof LoadTimeoutError) return true;
  // Browsers word a failed dynamic import differently; all mention the module they could not fetch.
  return error instanceof TypeError && /module|import/i.test(error.message);
}

export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const text = isLoadFailure(error)
    ? t('app.loadTimeout')
    : t('app.screenError', { message: (error as Error)?.message ?? String(error) });
  return (
    <Box sx={{ p: 3 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('action.reload')}
          </Button>
        }
      >
        {text}
      </Alert>
    </Box>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The page's path: another page starts without the error. */
  page: string;
}

class Boundary extends Component<BoundaryProps, { error?: unknown; page: string }> {
  state: { error?: unknown; page: string } = { page: this.props.page };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error?: unknown; page: string }) {
    return props.page === state.page ? null : { error: undefined, page: props.page };
  }

  render() {
    return 'error' in this.state && this.state.error !== undefined ? (
      <RouteError error={this.state.error} />
    ) : (
      this.props.children
    );
  }
}

/** Shows RouteError for what its children throw while drawing, until the page changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary page={useLocation().pathname}>{children}</Boundary>;
}
