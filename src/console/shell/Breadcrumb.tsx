// Home, then the screen's own trail from the catalogue; the last entry is where the user is.
import NavigateNext from '@mui/icons-material/NavigateNext';
import { Breadcrumbs, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { ConsoleScreen } from '../runtime/screen-types.ts';

interface Crumb {
  label: string;
  to?: string;
}

export function Breadcrumb({ screen, homeLink }: { screen?: ConsoleScreen; homeLink: boolean }) {
  const { t } = useTranslation();
  const crumbs: Crumb[] = [{ label: 'header.home', to: homeLink ? '/home' : undefined }, ...(screen?.breadcrumb ?? [])];
  return (
    <Breadcrumbs data-testid="breadcrumb" separator={<NavigateNext fontSize="small" />} aria-label="breadcrumb">
      {crumbs.map((crumb, i) =>
        crumb.to && i < crumbs.length - 1 ? (
          <Link key={i} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {t(crumb.label)}
          </Link>
        ) : (
          <Typography key={i} color={i === crumbs.length - 1 ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: i === crumbs.length - 1 ? 500 : 400 }}>
            {t(crumb.label)}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
