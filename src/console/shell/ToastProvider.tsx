// Mounts the toasts' host (ToastHost.tsx, with notistack) beside the console once the first toast waits
// for it, so the login page and the home page do not fetch it (docs/adr/0131-first-load-split.md). A
// failed fetch is tried again with the next toast.
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { whenToastWaits } from './notify.ts';

export function ToastProvider({ children }: { children: ReactNode }) {
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(() => {
    let loading = false;
    return whenToastWaits(() => {
      if (loading) return;
      loading = true;
      import('./ToastHost.tsx').then(
        (module) => setHost(() => module.ToastHost),
        () => (loading = false),
      );
    });
  }, []);
  return (
    <>
      {children}
      {Host && <Host />}
    </>
  );
}
