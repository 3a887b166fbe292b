// Form widget `background`: a wide picture (the login background, 1376*786) shown small, with
// "upload" (the upload dialog, pictures only) and "clear". The value is the path under /uploads/.
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { Box, Button, FormControl, FormLabel, Stack } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSrc } from '../cells/ImageCell.tsx';
import { OpenDialog } from '../dialog/OpenDialog.tsx';

export default function BackgroundWidget({
  id,
  value,
  onChange,
  label,
  hideLabel,
  disabled,
  readonly,
  required,
  rawErrors,
}: WidgetProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const path = typeof value === 'string' ? value : '';
  const locked = disabled || readonly;
  return (
    <FormControl
      component="fieldset"
      required={required}
      error={Boolean(rawErrors?.length)}
      data-testid={`background-widget-${id}`}
    >
      {!hideLabel && label && (
        <FormLabel component="legend" sx={{ fontSize: 13, mb: 0.5 }}>
          {label}
        </FormLabel>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {/* 1376*786 scaled to 172*98, so the proportions of the real page show. */}
        <Box
          sx={{
            width: 172,
            height: 98,
            borderRadius: 1,
            border: 1,
            borderStyle: path ? 'solid' : 'dashed',
            borderColor: 'divider',
            bgcolor: 'action.hover',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
          }}
        >
          {path ? (
            <img
              src={imageSrc(path)}
              alt={label}
              data-testid="background-widget-image"
              style={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <ImageOutlined color="disabled" />
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            data-testid="background-widget-upload"
            variant="outlined"
            size="small"
            disabled={locked}
            onClick={() => setUploading(true)}
          >
            {t('config.action.upload')}
          </Button>
          <Button
            data-testid="background-widget-clear"
            size="small"
            disabled={locked || !path}
            onClick={() => onChange('')}
          >
            {t('config.action.clear')}
          </Button>
        </Box>
      </Stack>
      {uploading && (
        <OpenDialog
          name="upload"
          data={{ use: 'image', path: 'image/background' }}
          onClose={(filePath) => {
            setUploading(false);
            if (typeof filePath === 'string') onChange(filePath);
          }}
        />
      )}
    </FormControl>
  );
}
