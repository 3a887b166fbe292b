// A panel action's `reveal` (docs/adr/0160-open-api-in-yaml.md): fields of the call's answer shown
// once in a dialog, each read-only with a copy button, under a warning note. The answer lives only in
// this dialog's state: once closed, nothing on the page can show it again.
import ContentCopy from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PanelReveal } from '../../../core/catalogue/panel-screen.ts';

export interface Revealed {
  id: string;
  title: string;
  reveal: PanelReveal;
  answer: Record<string, unknown>;
}

function RevealLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const what = t('copy.what', { what: label });
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        label={label}
        value={value}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': testId, style: { fontFamily: 'monospace' } } }}
        onFocus={(e) => e.target.select()}
      />
      <Tooltip title={copied ? t('copy.copied') : what}>
        <IconButton
          aria-label={what}
          onClick={() => void navigator.clipboard.writeText(value).then(() => setCopied(true))}
          data-testid={`${testId}-copy`}
        >
          <ContentCopy />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

export function RevealDialog({ shown, testId, onClose }: { shown: Revealed; testId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" data-testid={`${testId}-reveal`}>
      <DialogTitle id={titleId}>{t(shown.title)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t(shown.reveal.note)}</Alert>
          {shown.reveal.fields.map((f) => (
            <RevealLine
              key={f.field}
              label={t(f.label)}
              value={String(shown.answer[f.field] ?? '')}
              testId={`${testId}-${f.field}`}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={`${testId}-reveal-close`}>
          {t('action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
