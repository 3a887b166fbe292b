// The sign-in page: username, password, check code with its image, language switch, errors.
import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import Refresh from '@mui/icons-material/Refresh';
import { Alert, Box, Button, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { getBoot } from '../../shell/boot.ts';
import { consoleTitle } from '../../shell/consoleTitle.ts';
import { LanguageSwitch } from '../../shell/LanguageSwitch.tsx';
import { LoginInput } from './LoginInput.tsx';
import { useLogin, type LoginField } from './useLogin.ts';

const CAPTCHA_BOX = {
  height: 56,
  width: 120,
  flexShrink: 0,
  borderRadius: 1,
  border: 1,
  borderColor: 'divider',
  cursor: 'pointer',
  bgcolor: 'grey.50',
} as const;

export default function LoginPage() {
  const { t } = useTranslation();
  const { config } = getBoot();
  const captcha = config.captcha !== false;
  const login = useLogin(captcha);

  const field = (name: LoginField, label: string, type = 'text') => ({
    name,
    label: t(label),
    type,
    value: login.values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => login.setValue(name, e.target.value),
    error: Boolean(login.fieldErrors[name]),
    helperText: login.fieldErrors[name] ?? ' ',
    autoComplete: name === 'password' ? 'current-password' : name === 'username' ? 'username' : 'off',
  });

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(135deg, #17467f 0%, #1f5fae 55%, #4f8fd8 100%)',
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 2, color: 'common.white' }}>
        <LanguageSwitch color="inherit" />
      </Box>
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2 }}>
        {/* Paper and a padded box draw what Card and CardContent did, without their two chunks in the first
            load (docs/adr/0149-login-fields-without-mui-inputs.md); CardContent's last child kept 24 px below. */}
        <Paper elevation={8} sx={{ width: '100%', maxWidth: 420, borderRadius: 3, overflow: 'hidden' }}>
          <Box sx={{ p: 4, pb: 3 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 0.5 }}>
              {consoleTitle(config.title, t('app.defaultTitle'))}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t('screen.login')}
            </Typography>
            {login.expired && (
              <Alert data-testid="login-expired" severity="info" sx={{ mb: 2 }}>
                {t('nav.sessionExpired')}
              </Alert>
            )}
            <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), void login.submit())}>
              <Stack spacing={0.5}>
                <LoginInput {...field('username', 'field.login.username')} autoFocus />
                <LoginInput {...field('password', 'field.login.password', 'password')} />
                {captcha && (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <LoginInput {...field('checkcode', 'field.login.checkcode')} />
                    {login.captchaBroken ? (
                      <Box
                        data-testid="login-captcha-missing"
                        onClick={login.refreshCaptcha}
                        sx={{ ...CAPTCHA_BOX, display: 'grid', placeItems: 'center', color: 'text.disabled' }}
                      >
                        <BrokenImageOutlined />
                      </Box>
                    ) : (
                      <Box
                        component="img"
                        data-testid="login-captcha-img"
                        src={login.captchaUrl}
                        alt={t('field.login.checkcode')}
                        onClick={login.refreshCaptcha}
                        onError={login.captchaFailed}
                        sx={CAPTCHA_BOX}
                      />
                    )}
                    <Tooltip title={t('action.refreshCaptcha')}>
                      <IconButton
                        data-testid="login-captcha-refresh"
                        aria-label={t('action.refreshCaptcha')}
                        onClick={login.refreshCaptcha}
                        sx={{ mt: 1 }}
                      >
                        <Refresh />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                )}
                {login.formError && (
                  <Alert severity="error" sx={{ mb: 1.5 }}>
                    {login.formError}
                  </Alert>
                )}
                <Button
                  data-testid="login-submit"
                  type="submit"
                  variant="contained"
                  size="large"
                  fullWidth
                  loading={login.submitting}
                >
                  {t('action.signIn')}
                </Button>
              </Stack>
            </Box>
          </Box>
        </Paper>
      </Box>
      <Typography variant="body2" sx={{ textAlign: 'center', color: 'rgba(255,255,255,0.8)', py: 2 }}>
        {config.copyright || t('app.copyright')}
      </Typography>
    </Box>
  );
}
