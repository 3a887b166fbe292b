// Renders one catalogue screen with the component registered for its kind, loaded on demand.
import { Suspense } from 'react';
import { screenKinds } from '../registry.ts';
import type { ConsoleScreen } from '../runtime/screen-types.ts';
import { LoadedDefault } from './LoadedDefault.tsx';
import { LoadingPanel } from './LoadingPanel.tsx';

export interface ScreenProps {
  screen: ConsoleScreen;
}

export function ScreenHost({ screen }: ScreenProps) {
  const loader = screenKinds[screen.kind];
  if (!loader) throw new Error(`screen "${screen.id}" has the unregistered kind "${screen.kind}"`);
  return (
    <Suspense fallback={<LoadingPanel />}>
      <LoadedDefault loader={loader} props={{ screen }} />
    </Suspense>
  );
}
