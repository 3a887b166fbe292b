// Messages of an open dialog. A modal dialog hides the rest of the page from assistive technology
// (aria-modal), toasts included, so a dialog says its warnings and errors inside itself.
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.ts';

export type DialogMessageSeverity = 'success' | 'warning' | 'error';
export interface DialogMessageState {
  severity: DialogMessageSeverity;
  text: string;
}

export function useDialogMessage() {
  const { t } = useTranslation();
  const [message, setMessage] = useState<DialogMessageState | null>(null);
  const show = useCallback((severity: DialogMessageSeverity, text: string) => setMessage({ severity, text }), []);
  const clear = useCallback(() => setMessage(null), []);
  /** A failed call of the dialog (made with `silent: true`): its errmsg, optionally worded by `wrap`.
   *  A 401 has already sent the user to the login page. */
  const showFailure = useCallback(
    (error: unknown, wrap: (errmsg: string) => string = (m) => m) => {
      if (error instanceof ApiError && error.status === 401) return;
      const errmsg =
        error instanceof ApiError && error.errmsg
          ? error.errmsg
          : t(error instanceof ApiError && error.isNetwork ? 'error.network' : 'error.internal');
      setMessage({ severity: 'error', text: wrap(errmsg) });
    },
    [t],
  );
  // One object per message state: hooks that list it as a dependency do not rerun on every render.
  return useMemo(() => ({ message, show, showFailure, clear }), [message, show, showFailure, clear]);
}

export type DialogMessage = ReturnType<typeof useDialogMessage>;
