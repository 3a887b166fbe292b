// What an unknown route shows (inside the frame, so the header and breadcrumb stay): says the page
// does not exist and offers the way home (the home route's gate leads a signed-out user to the login).
import SearchOff from '@mui/icons-material/SearchOff';
import { useTranslation } from 'react-i18next';
import { HOME_ROUTE } from './login-return.ts';
import { StatusPage } from './StatusPage.tsx';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="not-found"
      icon={<SearchOff color="disabled" sx={{ fontSize: 48 }} />}
      title={t('nav.notFound.title')}
      text={t('nav.notFound.text')}
      action={{ label: t('nav.notFound.home'), to: HOME_ROUTE, testId: 'not-found-home' }}
    />
  );
}
