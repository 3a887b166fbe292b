// Renders one catalogue screen with the component registered for its kind, loaded on demand.
import { Suspense } from 'react';
import type { ConsoleScreen } from '../runtime/screen-types.ts';
import { screenKinds } from '../registry.ts';
import { lazyComponent } from './lazy-module.ts';
import { LoadingPanel } from './LoadingPanel.tsx';

export interface ScreenProps {
  screen: ConsoleScreen;
}

export function ScreenHost({ screen }: ScreenProps) {
  const loader = screenKinds[screen.kind];
  if (!loader) throw new Error(`screen "${screen.id}" has the unregistered kind "${screen.kind}"`);
  const Screen = lazyComponent<ScreenProps>(loader);
  return (
    <Suspense fallback={<LoadingPanel />}>
      <Screen screen={screen} />
    </Suspense>
  );
}
