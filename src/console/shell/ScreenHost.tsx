// Renders one catalogue screen with the component registered for its kind, loaded on demand.
import { Suspense } from 'react';
import { useConsoleRegistry } from '../runtime/registry-context.ts';
import type { ConsoleScreen } from '../runtime/screen-types.ts';
import { LoadedDefault } from './LoadedDefault.tsx';
import { LoadingPanel } from './LoadingPanel.tsx';

export interface ScreenProps {
  screen: ConsoleScreen;
  /** Prefix of the URL query names the screen keeps its own state under (a list's `page`…), so two
   *  screens embedded side by side do not share them. */
  urlPrefix?: string;
}

export function ScreenHost({ screen, urlPrefix }: ScreenProps) {
  const loader = useConsoleRegistry().screenKinds[screen.kind];
  if (!loader) throw new Error(`screen "${screen.id}" has the unregistered kind "${screen.kind}"`);
  return (
    <Suspense fallback={<LoadingPanel />}>
      <LoadedDefault loader={loader} props={{ screen, urlPrefix }} />
    </Suspense>
  );
}
