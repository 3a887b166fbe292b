// Draws the default export of a registry module, suspending until it has loaded (the promise is cached
// per loader by loadModule, and fails after the 120-second limit into the route's error view).
import { use, type ComponentType } from 'react';
import type { ModuleLoader } from '../registry-map.ts';
import { loadModule } from './lazy-module.ts';

export function LoadedDefault<P extends object>({ loader, props }: { loader: ModuleLoader; props: P }) {
  const module = use(loadModule<{ default: ComponentType<P> }>(loader));
  return <module.default {...props} />;
}
