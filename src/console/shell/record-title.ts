// The name of the record the open form shows, for the breadcrumb's last crumb. The form screen
// publishes it (catalogue `recordName`) while mounted; the breadcrumb, drawn by the layout outside the
// screen, reads it. One value: only one page-level form is open at a time.
import { useEffect, useSyncExternalStore } from 'react';

let current: string | null = null;
const listeners = new Set<() => void>();

function publish(next: string | null): void {
  current = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open record's name, or null (a list, a new record, a record not loaded yet). */
export function useRecordTitle(): string | null {
  return useSyncExternalStore(subscribe, () => current);
}

/** Shows `name` as the open record's name while the calling component is mounted. A form that names
 *  no record (`names` false: a settings form embedded in a tab) leaves the page's name alone. */
export function usePublishRecordTitle(name: string | null, names = true): void {
  useEffect(() => {
    if (!names) return;
    publish(name);
    return () => publish(null);
  }, [name, names]);
}
