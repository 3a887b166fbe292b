// The documentation sign-in's runtime credential (accessToken + userCode, docs/adr/0063-api-docs-sign-in-web-services.md), shared by the
// debug page that makes it and the task runtime that calls the runtime with it (docs/adr/0132-task-runtime-and-bare-bpmn.md). Kept in
// memory only, as the sign-in answers it once: a reload forgets it and the task runtime asks for a new sign-in.
import { useSyncExternalStore } from 'react';

export interface RuntimeCredential {
  accessToken: string;
  userCode: string;
  userName: string;
  domainName: string;
}

let current: RuntimeCredential | null = null;
const listeners = new Set<() => void>();

export function setRuntimeCredential(credential: RuntimeCredential | null): void {
  current = credential;
  for (const listener of listeners) listener();
}

/** The credential now (outside React: an action resolving its arguments). */
export const runtimeCredential = (): RuntimeCredential | null => current;

export function useRuntimeCredential(): RuntimeCredential | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
