// The help drawer: the current screen's help text under the header.helpTitle heading.
import Close from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function HelpDrawer({ open, onClose, text }: { open: boolean; onClose: () => void; text: string }) {
  const { t } = useTranslation();
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box data-testid="help-drawer" role="dialog" aria-label={t('header.helpTitle')} sx={{ width: { xs: 300, sm: 380 }, p: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
          <Typography variant="h6" sx={{ flex: 1, fontSize: 18 }}>
            {t('header.helpTitle')}
          </Typography>
          <IconButton aria-label={t('action.close')} onClick={onClose} size="small">
            <Close fontSize="small" />
          </IconButton>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', lineHeight: 1.7 }}>
          {text}
        </Typography>
      </Box>
    </Drawer>
  );
}
