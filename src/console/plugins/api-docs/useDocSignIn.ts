// The documentation sign-in of the API documentation screen (docs/adr/0063-api-docs-sign-in-web-services.md): the caller's live one (apiDocs.current),
// the token of the one the page's form made (answered once by apiDocs.signIn, kept in memory only), and its
// end: on sign-out at once, or at its time, when the banner goes.
import { useCallback, useEffect, useState } from 'react';
import type { Calls } from '../../../core/generated/api-types.ts';
import { call } from '../../api/client.ts';
import { setRuntimeCredential } from '../../api/runtime-sign-in.ts';
import { notifySuccess } from '../../shell/notify.ts';

export type SignInState = Calls['apiDocs.current']['reply'];
export type SignedIn = Calls['apiDocs.signIn']['reply'];

export function useDocSignIn() {
  const [state, setState] = useState<SignInState | null>(null);
  const [token, setToken] = useState<SignedIn | null>(null);

  useEffect(() => {
    call('apiDocs.current', {}).then(setState, () => setState({ active: false }));
  }, []);

  // The sign-in ends at its time: the banner and the token go with it.
  const expiresAt = state?.active ? state.expiresAt : undefined;
  useEffect(() => {
    if (!expiresAt) return;
    const left = new Date(expiresAt).getTime() - Date.now();
    const timer = setTimeout(
      () => {
        setState({ active: false });
        setToken(null);
        setRuntimeCredential(null);
      },
      Math.max(0, Math.min(left, 2 ** 31 - 1)),
    );
    return () => clearTimeout(timer);
  }, [expiresAt]);

  /** The sign-in the page's form made (its answer, with the token, comes once). */
  const signedIn = useCallback((made: SignedIn) => {
    setToken(made);
    setState(made);
    setRuntimeCredential(made);
  }, []);

  const signOut = useCallback(async () => {
    const done = await call('apiDocs.signOut', {});
    setToken(null);
    setState({ active: false });
    setRuntimeCredential(null);
    notifySuccess(done.message);
  }, []);

  return { state, token, signedIn, signOut };
}
