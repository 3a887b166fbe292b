// The help drawer of one screen: titled after the screen, its `help` text worded with the password
// policy in force (read again on each opening, so a policy just saved is the one quoted).
import Close from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../api/queries.ts';
import type { ConsoleScreen } from '../runtime/screen-types.ts';
import { getBoot } from './boot.ts';

function usePasswordMinLength(open: boolean): number | undefined {
  // Read on each opening (a closed drawer unmounts nothing, so `enabled` toggles); a failure keeps the
  // value read at start-up.
  const config = useCall('meta.globalconfig', { silent: true }, { enabled: open });
  return config.data?.passwordMinLength ?? getBoot().config.passwordMinLength;
}

export function HelpDrawer({
  open,
  onClose,
  screen,
}: {
  open: boolean;
  onClose: () => void;
  screen: Pick<ConsoleScreen, 'title' | 'help'>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const passwordMin = usePasswordMinLength(open);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId } }}
    >
      <Box data-testid="help-drawer" sx={{ width: { xs: 300, sm: 380 }, p: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
          <Typography id={titleId} data-testid="help-title" variant="h6" component="h2" sx={{ flex: 1, fontSize: 18 }}>
            {t('a11y.helpTitle', { screen: t(screen.title) })}
          </Typography>
          <IconButton aria-label={t('action.close')} onClick={onClose} size="small">
            <Close fontSize="small" />
          </IconButton>
        </Box>
        <Typography
          data-testid="help-text"
          variant="body2"
          color="text.secondary"
          sx={{ whiteSpace: 'pre-line', lineHeight: 1.7 }}
        >
          {screen.help ? t(screen.help, { passwordMin }) : ''}
        </Typography>
      </Box>
    </Drawer>
  );
}
