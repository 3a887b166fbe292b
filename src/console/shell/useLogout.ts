// Logout as the spec says: on data "ok" the session is cleared, the language resets to zh and the
// login page opens; any other answer is shown to the user.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_LANGUAGE } from '../../core/catalogue/types.ts';
import { call } from '../api/client.ts';
import { clearCurrentUser } from '../session/current-user.ts';
import { switchLanguage } from '../session/language.ts';
import { notifyError } from './notify.ts';

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(async () => {
    let answer: unknown;
    try {
      answer = await call('auth.logout', {});
    } catch {
      return; // the client already showed errmsg (or went to the login page on 401)
    }
    if (answer !== 'ok') {
      notifyError(t('msg.logoutFailed', { message: String(answer) }));
      return;
    }
    clearCurrentUser();
    await switchLanguage(DEFAULT_LANGUAGE);
    navigate('/login');
  }, [navigate, t]);
}
