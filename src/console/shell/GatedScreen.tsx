// A route's element: the screen, or "no access" when the gate (route-gate.ts) found the caller may not
// open it.
import { useLoaderData } from 'react-router-dom';
import type { ConsoleScreen } from '../runtime/screen-types.ts';
import { NoAccessPage } from './NoAccessPage.tsx';
import type { GateResult } from './route-gate.ts';
import { ScreenHost } from './ScreenHost.tsx';

export function GatedScreen({ screen }: { screen: ConsoleScreen }) {
  const gate = useLoaderData() as GateResult | undefined;
  return gate?.noAccess ? <NoAccessPage /> : <ScreenHost screen={screen} />;
}
