// Dialog `sms-test`: asks for a phone and sends the enterprise's test SMS (data is the enterprise
// form's record; its saved SMS member code and password are used).
import Send from '@mui/icons-material/Send';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { useSmsTest } from './useSmsTest.ts';

export default function SmsTestDialog({ data, onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const sms = useSmsTest(String(data.id ?? ''), () => onClose());
  return (
    <Dialog open onClose={() => onClose()} maxWidth="xs" fullWidth data-testid="sms-test-dialog">
      <DialogTitle sx={{ fontSize: 18 }}>{t('smsTest.title')}</DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={sms.messages} />
        <DialogContentText sx={{ mb: 2, fontSize: 14 }}>{t('smsTest.hint')}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label={t('field.sms.phone')}
          value={sms.phone}
          error={sms.error !== null}
          helperText={sms.error ?? ' '}
          onChange={(e) => sms.change(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && void sms.send()}
          slotProps={{ htmlInput: { 'data-testid': 'sms-test-phone', inputMode: 'tel', maxLength: 20 } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button data-testid="sms-test-cancel" onClick={() => onClose()}>
          {t('action.cancel')}
        </Button>
        <Button
          data-testid="sms-test-send"
          variant="contained"
          startIcon={<Send />}
          loading={sms.sending}
          onClick={() => void sms.send()}
        >
          {t('smsTest.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
