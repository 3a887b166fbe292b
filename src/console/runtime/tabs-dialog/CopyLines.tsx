// Values to copy elsewhere (the addresses to register in a messaging suite), each on a line with its
// label and a copy button; when none has a value, a text saying why instead.
import ContentCopy from '@mui/icons-material/ContentCopy';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CopyLine {
  label: string;
  value: string;
  field: string;
}

export function CopyLines({ title, lines, empty }: { title: string; lines: CopyLine[]; empty: string }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 2 }} data-testid="copy-lines">
      <Typography id={id} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {lines.every((l) => l.value === '') ? (
        <Typography color="text.secondary" data-testid="copy-empty">
          {empty}
        </Typography>
      ) : (
        <Stack spacing={0.5}>
          {lines.map((l) => (
            <Line key={l.field} {...l} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function Line({ label, value, field }: CopyLine) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  };
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
      <Typography sx={{ width: 130, flexShrink: 0, color: 'text.secondary' }}>{label}</Typography>
      <Typography
        component="code"
        sx={{ flex: 1, fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' }}
        data-testid={`copy-${field}`}
      >
        {value}
      </Typography>
      <Tooltip title={copied ? t('copy.copied') : t('copy.what', { what: label })}>
        <IconButton size="small" aria-label={t('copy.what', { what: label })} onClick={() => void copy()}>
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
