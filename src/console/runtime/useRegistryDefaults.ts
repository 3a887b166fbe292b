// Loads the default exports of the registry entries a screen names, before it draws: table cells
// and form widgets render synchronously, so their modules must be there first.
import { useEffect, useState } from 'react';
import type { Registry } from '../registry-map.ts';
import { loadModule } from '../shell/lazy-module.ts';

export function useRegistryDefaults<T>(
  kind: string,
  registry: Registry,
  names: Array<string | undefined>,
): Record<string, T> | null {
  const key = [...new Set(names.filter((n): n is string => Boolean(n)))].sort().join(',');
  const [loaded, setLoaded] = useState<{ key: string; modules: Record<string, T> } | null>(null);
  const [error, setError] = useState<Error | null>(null);

  useEffect(() => {
    let current = true;
    const wanted = key ? key.split(',') : [];
    Promise.all(
      wanted.map(async (name) => {
        const loader = registry[name];
        if (!loader) throw new Error(`${kind} "${name}" is not registered in the console`);
        return [name, (await loadModule<{ default: T }>(loader)).default] as const;
      }),
    ).then(
      (entries) => current && setLoaded({ key, modules: Object.fromEntries(entries) }),
      (e: Error) => current && setError(e),
    );
    return () => {
      current = false;
    };
  }, [key, kind, registry]);

  if (error) throw error; // the route's error view explains it (load timeout or unknown name)
  return loaded?.key === key ? loaded.modules : null;
}
