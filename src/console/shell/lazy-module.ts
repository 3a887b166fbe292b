// Loads registry modules once, with the spec's 120-second limit: a part that has not arrived by then
// fails with LoadTimeoutError and the screen shows app.loadTimeout instead of spinning forever.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ModuleLoader } from '../registry.ts';

export const LOAD_TIMEOUT_MS = 120_000;

export class LoadTimeoutError extends Error {
  constructor() {
    super('a part of the console did not load in time');
    this.name = 'LoadTimeoutError';
  }
}

const modules = new Map<ModuleLoader, Promise<unknown>>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one cache holds components of any props
type AnyComponent = ComponentType<any>;
const components = new Map<ModuleLoader, LazyExoticComponent<AnyComponent>>();

export function withTimeout<T>(load: () => Promise<T>, ms = LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LoadTimeoutError()), ms);
    load().then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/** Cached per loader; a failed load is forgotten so the next visit tries again. */
export function loadModule<T>(loader: ModuleLoader): Promise<T> {
  let pending = modules.get(loader);
  if (!pending) {
    pending = withTimeout(loader);
    pending.catch(() => modules.delete(loader));
    modules.set(loader, pending);
  }
  return pending as Promise<T>;
}

/** A React.lazy component of the module's default export; the same instance for the same loader. */
export function lazyComponent<P>(loader: ModuleLoader): LazyExoticComponent<ComponentType<P>> {
  let component = components.get(loader);
  if (!component) {
    component = lazy(() => loadModule<{ default: AnyComponent }>(loader));
    components.set(loader, component);
  }
  return component as unknown as LazyExoticComponent<ComponentType<P>>;
}
