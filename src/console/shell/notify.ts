// Toasts (notistack, role alert) callable from anywhere: components, route loaders, the API client.
// A toast given a label (label('msg.saveSuccess')) follows a language switch while it is on screen.
// A toast speaks of the page it was shown on: leaving that page closes it, except when the move comes
// at once, the toast explaining it ("Saved" then back to the list, a guard's warning and its redirect).
// notistack itself is fetched with the first toast (ToastProvider.tsx, docs/adr/0131-first-load-split.md):
// until its host is mounted, toasts wait here in order.
import type { SnackbarKey, VariantType } from 'notistack';
import type { Wording } from './LabelText.tsx';

/** How soon after a toast a move to another page is the one it explains (docs/adr/0094-read-only-forms-and-small-console-rules.md). */
const EXPLAINED_MOVE_MS = 1000;
const shownAt = new Map<SnackbarKey, number>();

export interface Toast {
  key: SnackbarKey;
  variant: VariantType;
  text: Wording;
  /** Called once the toast has left the screen. */
  gone: () => void;
}

/** The mounted toasts' host (ToastHost.tsx). */
export interface ToastHost {
  show: (toast: Toast) => void;
  close: (key: SnackbarKey) => void;
}

let host: ToastHost | undefined;
const waiting: Toast[] = [];
let wanted: (() => void) | undefined;
let counter = 0;

function show(toast: Toast): void {
  if (host) return host.show(toast);
  waiting.push(toast);
  wanted?.();
}

function close(key: SnackbarKey): void {
  if (host) return host.close(key);
  const at = waiting.findIndex((toast) => toast.key === key);
  if (at >= 0) waiting.splice(at, 1);
}

/** The host is mounted: the waiting toasts are shown. Answers the disconnection. */
export function connectToastHost(mounted: ToastHost): () => void {
  host = mounted;
  for (const toast of waiting.splice(0)) mounted.show(toast);
  return () => {
    if (host === mounted) host = undefined;
  };
}

/** Calls `listener` when a toast waits for a host (at once if one already does). Answers the unsubscription. */
export function whenToastWaits(listener: () => void): () => void {
  wanted = listener;
  if (waiting.length > 0) listener();
  return () => {
    if (wanted === listener) wanted = undefined;
  };
}

const notify = (variant: VariantType) => (text: Wording) => {
  const key = `toast-${++counter}`;
  shownAt.set(key, Date.now());
  show({ key, variant, text, gone: () => shownAt.delete(key) });
  return key;
};

/** The user went to another page: the toasts about the one left close. */
export function closeToastsOfPageLeft(now = Date.now()): void {
  for (const [key, at] of shownAt) {
    if (now - at <= EXPLAINED_MOVE_MS) continue;
    close(key);
    shownAt.delete(key);
  }
}

export const notifySuccess = notify('success');
export const notifyError = notify('error');
export const notifyWarning = notify('warning');
