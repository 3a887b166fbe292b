// Loads registry modules once, with the spec's 120-second limit: a part that has not arrived by then
// fails with LoadTimeoutError and the screen shows app.loadTimeout instead of spinning forever.
import type { ModuleLoader } from '../registry-map.ts';

export const LOAD_TIMEOUT_MS = 120_000;

export class LoadTimeoutError extends Error {
  constructor() {
    super('a part of the console did not load in time');
    this.name = 'LoadTimeoutError';
  }
}

const modules = new Map<ModuleLoader, Promise<unknown>>();

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
