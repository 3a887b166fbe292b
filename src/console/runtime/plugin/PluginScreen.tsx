// Screen kind `plugin`: draws the hand-written component registered under the screen's plugin name.
import { Suspense } from 'react';
import { useConsoleRegistry } from '../registry-context.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { LoadedDefault } from '../../shell/LoadedDefault.tsx';
import type { ScreenProps } from '../../shell/ScreenHost.tsx';
import type { PluginProps } from './types.ts';

export default function PluginScreen({ screen }: ScreenProps) {
  const { plugins } = useConsoleRegistry();
  if (screen.kind !== 'plugin') throw new Error(`screen "${screen.id}" is not a plugin screen`);
  const loader = plugins[screen.plugin];
  if (!loader) throw new Error(`screen "${screen.id}" names the unregistered plugin "${screen.plugin}"`);
  return (
    <Suspense fallback={<LoadingPanel />}>
      <LoadedDefault<PluginProps> loader={loader} props={{ screen, props: screen.props ?? {} }} />
    </Suspense>
  );
}
