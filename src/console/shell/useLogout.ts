// Logout as the spec says: on data "ok" the session is cleared, the language resets unless the user
// chose one on this browser (docs/adr/0030-language-after-logout.md; to the browser's own, docs/adr/0091) and the login
// page opens; any other answer is shown to the user.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { call } from '../api/client.ts';
import { clearCurrentUser } from '../session/current-user.ts';
import { languageAfterLogout } from '../session/language.ts';
import { getBoot } from './boot.ts';
import { notifyError } from './notify.ts';
import { label } from './LabelText.tsx';

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    let answer: unknown;
    try {
      answer = await call('auth.logout', {});
    } catch {
      return; // the client already showed errmsg (or went to the login page on 401)
    }
    if (answer !== 'ok') {
      notifyError(label('msg.logoutFailed', { message: String(answer) }));
      return;
    }
    clearCurrentUser();
    await languageAfterLogout(getBoot().config.language);
    navigate('/login');
  }, [navigate]);
}
