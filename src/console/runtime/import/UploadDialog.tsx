// Dialog `upload` (spec/domain-console.md, "Upload dialog"): one file for a use (icon, image, import, depImport), its
// allowed types and size shown, checked before sending; closes with the stored file's path.
import CloudUpload from '@mui/icons-material/CloudUpload';
import InsertDriveFile from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, Typography } from '@mui/material';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptedTypes, fileSize, megabytes, UPLOAD_USES, type UploadUseName } from '../../../core/uploads.ts';
import { resourceUrl } from '../../api/client.ts';
import { DialogMessageBar } from '../dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../dialog/types.ts';
import { useDialogMessage } from '../dialog/useDialogMessage.ts';
import { useUpload } from './useUpload.ts';

const isUse = (value: unknown): value is UploadUseName =>
  typeof value === 'string' && Object.hasOwn(UPLOAD_USES, value);
/** The spreadsheet imports offer their template (docs/adr/0035-organisation-excel-import-export.md: generated in the user's language). */
const TEMPLATES: Partial<Record<UploadUseName, string>> = { import: 'users.xlsx', depImport: 'departments.xlsx' };

export default function UploadDialog({ data, onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const use = isUse(data.use) ? data.use : 'icon';
  const messages = useDialogMessage();
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const upload = useUpload({ use, path: text(data.path), domainid: text(data.domainid) }, messages, (filePath) =>
    onClose(filePath),
  );
  const input = useRef<HTMLInputElement>(null);
  const { extensions, maxBytes } = UPLOAD_USES[use];
  const types = acceptedTypes(use);
  return (
    <Dialog open onClose={() => onClose()} maxWidth="xs" fullWidth data-testid="upload-dialog">
      <DialogTitle sx={{ fontSize: 18 }}>{t(`upload.${use}`)}</DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        <input
          ref={input}
          type="file"
          hidden
          data-testid="upload-input"
          accept={extensions.map((e) => `.${e}`).join(',')}
          onChange={(e) => {
            upload.choose(e.target.files?.[0]);
            e.target.value = ''; // choosing the same file again still reports
          }}
        />
        <Box
          onClick={() => input.current?.click()}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: 'divider',
            borderRadius: 2,
            p: 3,
            textAlign: 'center',
            cursor: 'pointer',
            '&:hover': { borderColor: 'primary.main' },
          }}
        >
          {upload.file ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
              <InsertDriveFile color="primary" />
              <Typography data-testid="upload-file-name" noWrap sx={{ maxWidth: 260 }}>
                {upload.file.name}
              </Typography>
              <Typography color="text.secondary" data-testid="upload-file-size">
                ({fileSize(upload.file.size)})
              </Typography>
            </Stack>
          ) : (
            <Stack spacing={1} sx={{ alignItems: 'center' }}>
              <CloudUpload color="primary" sx={{ fontSize: 40 }} />
              <Button data-testid="upload-choose" variant="outlined" size="small">
                {t('upload.chooseFile')}
              </Button>
            </Stack>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('upload.allowed', { types, limit: megabytes(maxBytes) })}
        </Typography>
        {TEMPLATES[use] && (
          <Link
            data-testid="upload-template"
            variant="body2"
            href={resourceUrl(`/uploads/resource/${TEMPLATES[use]}`, { domainid: text(data.domainid) })}
            download
          >
            {t('transfer.dialog.template')}
          </Link>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button data-testid="upload-cancel" onClick={() => onClose()}>
          {t('action.cancel')}
        </Button>
        <Button
          data-testid="upload-submit"
          variant="contained"
          loading={upload.uploading}
          onClick={() => void upload.upload()}
        >
          {t('upload.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
