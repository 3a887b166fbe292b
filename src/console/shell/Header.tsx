// The page header: console title, language switch, message bell, help, about, home, change password and logout; the breadcrumb below it.
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Logout from '@mui/icons-material/Logout';
import Password from '@mui/icons-material/Password';
import { AppBar, Box, Toolbar, Typography, useMediaQuery, useTheme } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ConsoleScreen } from '../runtime/screen-types.ts';
import { getBoot } from './boot.ts';
import { Breadcrumb } from './Breadcrumb.tsx';
import { consoleTitle } from './consoleTitle.ts';
import { HeaderButton } from './HeaderButton.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MessageBell } from './messages/MessageBell.tsx';
import { helpOf } from './screen-help.ts';
import { useHeaderLinks } from './useHeaderLinks.ts';
import { useLogout } from './useLogout.ts';

// The help drawer is fetched when help is first asked for (docs/adr/0104-first-load-measured.md).
const HelpDrawer = lazy(() => import('./HelpDrawer.tsx').then((m) => ({ default: m.HelpDrawer })));

export function Header({ screen }: { screen?: ConsoleScreen }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const links = useHeaderLinks();
  const [helpOpen, setHelpOpen] = useState(false);
  // Once opened it stays mounted, so it closes with its transition.
  const [helpAsked, setHelpAsked] = useState(false);
  if (helpOpen && !helpAsked) setHelpAsked(true);
  const title = consoleTitle(getBoot().config.title, t('app.defaultTitle'));
  const compact = useMediaQuery(useTheme().breakpoints.down('md'));
  const [query] = useSearchParams();
  const help = helpOf(screen, query, getBoot().catalogue.screens);

  useEffect(() => {
    document.title = screen ? `${t(screen.title)} · ${title}` : title;
  }, [screen, title, t]);

  return (
    <>
      <AppBar position="sticky" color="primary">
        <Toolbar variant="dense" sx={{ gap: 1, minHeight: 56 }}>
          <Typography
            data-testid="header-title"
            variant="h6"
            component="div"
            noWrap
            sx={{ flex: 1, fontWeight: 600, fontSize: 18 }}
          >
            {title}
          </Typography>
          <LanguageSwitch color="inherit" compact={compact} />
          <MessageBell />
          {help && (
            <HeaderButton
              testId="header-help"
              icon={<HelpOutline />}
              label={t('header.help')}
              compact={compact}
              onClick={() => setHelpOpen(true)}
            />
          )}
          <HeaderButton
            testId="header-about"
            icon={<InfoOutlined />}
            label={t('screen.about')}
            compact={compact}
            onClick={() => navigate('/about')}
          />
          {links.home && (
            <HeaderButton
              testId="header-home"
              icon={<HomeOutlined />}
              label={t('header.home')}
              compact={compact}
              onClick={() => navigate('/home')}
            />
          )}
          {links.logout && (
            <HeaderButton
              testId="header-password"
              icon={<Password />}
              label={t('password.headerLink')}
              compact={compact}
              onClick={() => navigate('/password')}
            />
          )}
          {links.logout && (
            <HeaderButton
              testId="header-logout"
              icon={<Logout />}
              label={t('header.logout')}
              compact={compact}
              onClick={() => void logout()}
            />
          )}
        </Toolbar>
      </AppBar>
      <Box sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ px: { xs: 2, md: 3 }, py: 1.25 }}>
          <Breadcrumb screen={screen} homeLink={links.home} />
        </Box>
      </Box>
      {help && helpAsked && (
        <Suspense fallback={null}>
          <HelpDrawer open={helpOpen} onClose={() => setHelpOpen(false)} screen={help} />
        </Suspense>
      )}
    </>
  );
}
