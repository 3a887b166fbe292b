// Login controller: fields, check-code image refresh, client-side required checks, the login call,
// and where the user goes after it (the page asked for, else home: login-return.ts). The view only draws what this returns.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { encodePassword } from '../../../core/password-codec.ts';
import { ApiError } from '../../api/ApiError.ts';
import { call, callUrl } from '../../api/client.ts';
import { storeCurrentUser } from '../../session/current-user.ts';
import { afterLoginPath } from '../../shell/login-return.ts';
import { notifyWarning } from '../../shell/notify.ts';
import { label } from '../../shell/LabelText.tsx';

export type LoginField = 'username' | 'password' | 'checkcode';

const REQUIRED_MESSAGES: Record<LoginField, string> = {
  username: 'msg.requireUsername',
  password: 'msg.requirePassword',
  checkcode: 'msg.requireCheckcode',
};

export function useLogin(captcha: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [values, setValues] = useState<Record<LoginField, string>>({ username: '', password: '', checkcode: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [formError, setFormError] = useState('');
  const [stamp, setStamp] = useState(() => Date.now());
  const [submitting, setSubmitting] = useState(false);

  const setValue = useCallback((field: LoginField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setFieldErrors((e) => ({ ...e, [field]: undefined }));
  }, []);

  const [captchaBroken, setCaptchaBroken] = useState(false);
  const refreshCaptcha = useCallback(() => {
    setCaptchaBroken(false);
    setStamp(Date.now());
  }, []);
  // The image failed (refused over the rate limit, or the server is away): say so instead of a broken image.
  const captchaFailed = useCallback(() => {
    setCaptchaBroken(true);
    setFormError(t('error.captchaUnavailable'));
  }, [t]);

  const submit = useCallback(async () => {
    const fields: LoginField[] = captcha ? ['username', 'password', 'checkcode'] : ['username', 'password'];
    const missing = Object.fromEntries(
      fields.filter((f) => !values[f].trim()).map((f) => [f, t(REQUIRED_MESSAGES[f])]),
    );
    setFieldErrors(missing);
    setFormError('');
    if (Object.keys(missing).length > 0) return;
    setSubmitting(true);
    try {
      const user = await call('auth.login', {
        body: {
          username: values.username.trim(),
          password: encodePassword(values.password),
          checkcode: values.checkcode.trim(),
        },
        silent: true,
      });
      storeCurrentUser(user);
      if (user.passwordNotice)
        notifyWarning(
          label('password.notice', { days: user.passwordNotice.daysLeft, content: user.passwordNotice.content }),
        );
      // A password the policy wants changed comes first, and the user is told why.
      if (user.passwordChange) notifyWarning(label(`password.forced.${user.passwordChange}`));
      navigate(user.passwordChange ? '/password' : afterLoginPath(query));
    } catch (e) {
      const error = e as ApiError;
      const onFields = Object.fromEntries(error.fieldErrors.map((fe) => [fe.field.replace(/^\//, ''), fe.message]));
      setFieldErrors(onFields);
      setFormError(error.isNetwork ? t('error.network') : error.errmsg);
      // A check code is good for one attempt; show a fresh one.
      setValues((v) => ({ ...v, checkcode: '' }));
      refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  }, [captcha, values, t, navigate, query, refreshCaptcha]);

  return {
    values,
    fieldErrors,
    formError,
    submitting,
    captchaUrl: callUrl('auth.captcha', {}, { t: stamp }),
    captchaBroken,
    setValue,
    refreshCaptcha,
    captchaFailed,
    submit,
    /** The session ended while signed in (a 401): the page says so. */
    expired: query.get('expired') === '1',
  };
}
