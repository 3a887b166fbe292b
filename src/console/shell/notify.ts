// Toasts (notistack, role alert) callable from anywhere: components, route loaders, the API client.
// A toast given a label (label('msg.saveSuccess')) follows a language switch while it is on screen.
// A toast speaks of the page it was shown on: leaving that page closes it, except when the move comes
// at once, the toast explaining it ("Saved" then back to the list, a guard's warning and its redirect).
import { closeSnackbar, enqueueSnackbar, type SnackbarKey, type VariantType } from 'notistack';
import { createElement } from 'react';
import { LabelText, type Wording } from './LabelText.tsx';

/** How soon after a toast a move to another page is the one it explains (decision 0094). */
const EXPLAINED_MOVE_MS = 1000;
const shownAt = new Map<SnackbarKey, number>();

const notify = (variant: VariantType) => (text: Wording) => {
  const key = enqueueSnackbar(createElement(LabelText, { text }), {
    variant,
    onExited: (_node, gone) => shownAt.delete(gone),
  });
  shownAt.set(key, Date.now());
  return key;
};

/** The user went to another page: the toasts about the one left close. */
export function closeToastsOfPageLeft(now = Date.now()): void {
  for (const [key, at] of shownAt) {
    if (now - at <= EXPLAINED_MOVE_MS) continue;
    closeSnackbar(key);
    shownAt.delete(key);
  }
}

export const notifySuccess = notify('success');
export const notifyError = notify('error');
export const notifyWarning = notify('warning');
