// What a route shows to a signed-in caller who may not open its screen: one clear page with a way
// back (home, whose guards pick the user's start page), never the screen with its refusals.
import Block from '@mui/icons-material/Block';
import { useTranslation } from 'react-i18next';
import { HOME_ROUTE } from './login-return.ts';
import { StatusPage } from './StatusPage.tsx';

export function NoAccessPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="no-access"
      icon={<Block color="disabled" sx={{ fontSize: 48 }} />}
      title={t('reach.noAccess.title')}
      text={t('reach.noAccess.text')}
      action={{ label: t('reach.noAccess.back'), to: HOME_ROUTE }}
    />
  );
}
