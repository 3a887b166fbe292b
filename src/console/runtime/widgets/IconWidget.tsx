// Form widget `icon`: the chosen picture at 60x60 with "choose" (opens the icon picker dialog) and
// "clear". The value is the picture's path under /uploads/, '' when none.
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { Avatar, Box, Button, FormControl, FormHelperText, FormLabel, Stack } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shell/notify.ts';
import { label as labelRef } from '../../shell/LabelText.tsx';
import { imageSrc } from '../cells/ImageCell.tsx';
import { OpenDialog } from '../dialog/OpenDialog.tsx';

export default function IconWidget({
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
  const [picking, setPicking] = useState(false);
  const [justChosen, setJustChosen] = useState(false);
  const path = typeof value === 'string' ? value : '';
  const locked = disabled || readonly;
  // A chosen file that cannot be shown (deleted meanwhile, not a picture) is reported once.
  const reportBrokenChoice = () => {
    if (!justChosen) return;
    setJustChosen(false);
    notifyError(labelRef('msg.chooseLogoFailed'));
  };
  return (
    <FormControl
      component="fieldset"
      required={required}
      error={Boolean(rawErrors?.length)}
      data-testid={`icon-widget-${id}`}
    >
      {!hideLabel && label && (
        <FormLabel component="legend" sx={{ fontSize: 13, mb: 0.5 }}>
          {label}
        </FormLabel>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          variant="rounded"
          src={imageSrc(path)}
          alt={path ? t('iconWidget.alt') : t('iconWidget.none')}
          data-testid="icon-widget-image"
          slotProps={{ img: { onError: reportBrokenChoice } }}
          sx={{
            width: 60,
            height: 60,
            bgcolor: path ? 'transparent' : 'action.hover',
            color: 'text.disabled',
            border: path ? 0 : 1,
            borderStyle: 'dashed',
            borderColor: 'divider',
          }}
        >
          <ImageOutlined />
        </Avatar>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            data-testid="icon-widget-choose"
            variant="outlined"
            size="small"
            disabled={locked}
            onClick={() => setPicking(true)}
          >
            {t('iconWidget.choose')}
          </Button>
          <Button data-testid="icon-widget-clear" size="small" disabled={locked || !path} onClick={() => onChange('')}>
            {t('iconWidget.clear')}
          </Button>
        </Box>
      </Stack>
      {!path && <FormHelperText sx={{ mx: 0 }}>{t('iconWidget.none')}</FormHelperText>}
      {picking && (
        <OpenDialog
          name="icon-picker"
          data={{ value: path }}
          onClose={(chosen) => {
            setPicking(false);
            if (typeof chosen === 'string') {
              setJustChosen(true);
              onChange(chosen);
            }
          }}
        />
      )}
    </FormControl>
  );
}
