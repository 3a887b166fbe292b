// The page header: console title, language switch, message bell, help, about, home, change password and logout; the breadcrumb below it.
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Logout from '@mui/icons-material/Logout';
import Password from '@mui/icons-material/Password';
import { AppBar, Box, Button, Toolbar, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ConsoleScreen } from '../runtime/screen-types.ts';
import { getBoot } from './boot.ts';
import { Breadcrumb } from './Breadcrumb.tsx';
import { consoleTitle } from './consoleTitle.ts';
import { HelpDrawer } from './HelpDrawer.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MessageBell } from './messages/MessageBell.tsx';
import { useHeaderLinks } from './useHeaderLinks.ts';
import { useLogout } from './useLogout.ts';

export function Header({ screen }: { screen?: ConsoleScreen }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const links = useHeaderLinks();
  const [helpOpen, setHelpOpen] = useState(false);
  const title = consoleTitle(getBoot().config.title, t('app.defaultTitle'));

  useEffect(() => {
    document.title = screen ? `${t(screen.title)} · ${title}` : title;
  }, [screen, title, t]);

  return (
    <>
      <AppBar position="sticky" color="primary">
        <Toolbar variant="dense" sx={{ gap: 1, minHeight: 56 }}>
          <Typography data-testid="header-title" variant="h6" component="div" noWrap sx={{ flex: 1, fontWeight: 600, fontSize: 18 }}>
            {title}
          </Typography>
          <LanguageSwitch color="inherit" />
          <MessageBell />
          {screen?.help && (
            <Button data-testid="header-help" color="inherit" startIcon={<HelpOutline />} onClick={() => setHelpOpen(true)}>
              {t('header.help')}
            </Button>
          )}
          <Button data-testid="header-about" color="inherit" startIcon={<InfoOutlined />} onClick={() => navigate('/about')}>
            {t('screen.about')}
          </Button>
          {links.home && (
            <Button data-testid="header-home" color="inherit" startIcon={<HomeOutlined />} onClick={() => navigate('/home')}>
              {t('header.home')}
            </Button>
          )}
          {links.logout && (
            <Button data-testid="header-password" color="inherit" startIcon={<Password />} onClick={() => navigate('/password')}>
              {t('password.headerLink')}
            </Button>
          )}
          {links.logout && (
            <Button data-testid="header-logout" color="inherit" startIcon={<Logout />} onClick={() => void logout()}>
              {t('header.logout')}
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Box sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ px: { xs: 2, md: 3 }, py: 1.25, maxWidth: 1440, mx: 'auto' }}>
          <Breadcrumb screen={screen} homeLink={links.home} />
        </Box>
      </Box>
      {screen?.help && <HelpDrawer open={helpOpen} onClose={() => setHelpOpen(false)} screen={screen} />}
    </>
  );
}
