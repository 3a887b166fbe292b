// Home, then the screen's own trail from the catalogue; the last entry is where the user is, named
// after the open record when the form publishes its name (record-title.ts). A step the user may not
// open (a tenant administrator above the notice log) is plain text, not a link to "no access".
import NavigateNext from '@mui/icons-material/NavigateNext';
import { Breadcrumbs, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { ConsoleScreen } from '../runtime/screen-types.ts';
import { mayOpenRoute } from '../session/reach.ts';
import { useRecordTitle } from './record-title.ts';

interface Crumb {
  /** The text shown (already translated). */
  label: string;
  to?: string;
}

export function Breadcrumb({ screen, homeLink }: { screen?: ConsoleScreen; homeLink: boolean }) {
  const { t } = useTranslation();
  const recordTitle = useRecordTitle();
  const crumbs: Crumb[] = [
    { label: t('header.home'), to: homeLink ? '/home' : undefined },
    ...(screen?.breadcrumb ?? []).map((c) => ({
      label: t(c.label),
      to: c.to && mayOpenRoute(c.to) ? c.to : undefined,
    })),
  ];
  if (recordTitle && crumbs.length > 1) crumbs[crumbs.length - 1] = { label: recordTitle };
  return (
    <Breadcrumbs data-testid="breadcrumb" separator={<NavigateNext fontSize="small" />} aria-label="breadcrumb">
      {crumbs.map((crumb, i) =>
        crumb.to && i < crumbs.length - 1 ? (
          <Link key={i} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {crumb.label}
          </Link>
        ) : (
          <Typography
            key={i}
            color={i === crumbs.length - 1 ? 'text.primary' : 'text.secondary'}
            sx={{ fontWeight: i === crumbs.length - 1 ? 500 : 400 }}
          >
            {crumb.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
