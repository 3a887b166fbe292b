// A route's element: the screen, or "no access" when the gate (route-gate.ts) found the caller may not
// open it, or the error the gate met.
import type { ConsoleScreen } from '../runtime/screen-types.ts';
import { NoAccessPage } from './NoAccessPage.tsx';
import { RouteError, RouteErrorBoundary } from './RouteError.tsx';
import { ScreenHost } from './ScreenHost.tsx';
import { useShownPage } from './shown-page.ts';

export function GatedScreen({ screen }: { screen: ConsoleScreen }) {
  const { gate, error } = useShownPage();
  if (error !== undefined) return <RouteError error={error} />;
  return <RouteErrorBoundary>{gate?.noAccess ? <NoAccessPage /> : <ScreenHost screen={screen} />}</RouteErrorBoundary>;
}
