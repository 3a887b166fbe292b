// Dialog `package-install` (docs/adr/0038-applications-from-packages.md): the upload dialog takes the .zip (use `package`), then this dialog
// shows what installing it would do — install, upgrade from which version, or reinstall, every part
// added, changed or removed, and what its processes ask for that the engine will not honour (installing
// accepts it) — or the package's problems by file and place. Install writes it in one
// transaction; closing after an install asks the list to reload. Opened from an application's row
// (`data.id`, dialog `process-install`), it takes a bare .bpmn adding or replacing that application's
// processes instead, with the same preview (docs/adr/0132-task-runtime-and-bare-bpmn.md).
import {
  Chip,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { OpenDialog } from '../../runtime/dialog/OpenDialog.tsx';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { usePackageInstall, type InstallPlan } from './usePackageInstall.ts';

const CHANGE_COLOR = { added: 'success', changed: 'info', removed: 'warning' } as const;

function ChangesTable({ changes }: { changes: InstallPlan['changes'] }) {
  const { t } = useTranslation();
  if (changes.length === 0) return <Typography sx={{ mt: 1 }}>{t('software.install.nothingChanges')}</Typography>;
  return (
    <TableContainer sx={{ maxHeight: 360, mt: 1 }}>
      <Table size="small" stickyHeader data-testid="package-install-changes">
        <TableHead>
          <TableRow>
            <TableCell>{t('software.install.part')}</TableCell>
            <TableCell>{t('software.field.name')}</TableCell>
            <TableCell>{t('software.install.id')}</TableCell>
            <TableCell>{t('software.install.change')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map((c) => (
            <TableRow key={`${c.part}/${c.id}`} data-change={c.change}>
              <TableCell>{t(`software.part.${c.part}`)}</TableCell>
              <TableCell>{c.name}</TableCell>
              <TableCell>{c.id}</TableCell>
              <TableCell>
                <Chip size="small" color={CHANGE_COLOR[c.change]} label={t(`software.change.${c.change}`)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export default function PackageInstallDialog({ onClose, data }: DialogPluginProps) {
  const { t } = useTranslation();
  const messages = useDialogMessage();
  const applicationId = data.process === true && typeof data.id === 'string' ? data.id : undefined;
  const installer = usePackageInstall(messages, applicationId);
  const [uploaded, setUploaded] = useState(false);
  if (!uploaded) {
    const whenUploaded = (path: unknown) => {
      if (typeof path !== 'string') return onClose();
      setUploaded(true);
      installer.previewFile(path);
    };
    return <OpenDialog name="upload" data={{ use: applicationId ? 'process' : 'package' }} onClose={whenUploaded} />;
  }
  const { preview, installed, problems } = installer;
  const plan = installed ?? preview;
  const close = () => onClose(installed ? { reload: true } : undefined);
  return (
    <Dialog open onClose={close} maxWidth="md" fullWidth data-testid="package-install-dialog">
      <DialogTitle sx={{ fontSize: 18 }}>
        {t(applicationId ? 'software.install.processTitle' : 'software.install.title')}
      </DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        {!plan && installer.busy && <Typography color="text.secondary">{t('software.install.reading')}</Typography>}
        {problems.length > 0 && (
          <List dense data-testid="package-install-problems" aria-label={t('software.install.problems')}>
            {problems.map((p) => (
              <ListItem key={`${p.field} ${p.message}`} disableGutters>
                <ListItemText primary={p.message} secondary={p.field} />
              </ListItem>
            ))}
          </List>
        )}
        {plan && (
          <>
            <Typography data-testid={installed ? 'package-install-done' : 'package-install-summary'}>
              {t(`software.install.${installed ? 'done' : plan.action}`, {
                name: plan.name,
                version: plan.version,
                installed: plan.installed ?? '',
              })}
            </Typography>
            <ChangesTable changes={plan.changes} />
            {plan.warnings.length > 0 && (
              <>
                <Typography sx={{ mt: 2 }} color="warning.main">
                  {t('software.install.warnings')}
                </Typography>
                <List dense data-testid="package-install-warnings" aria-label={t('software.install.warnings')}>
                  {plan.warnings.map((w) => (
                    <ListItem key={`${w.field} ${w.message}`} disableGutters>
                      <ListItemText primary={w.message} secondary={w.field} />
                    </ListItem>
                  ))}
                </List>
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button data-testid="package-install-close" onClick={close}>
          {t(installed ? 'action.close' : 'action.cancel')}
        </Button>
        {!installed && (
          <Button
            data-testid="package-install-commit"
            variant="contained"
            loading={installer.busy}
            disabled={!preview}
            onClick={() => void installer.commit()}
          >
            {t('software.install.commit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
