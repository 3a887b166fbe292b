// Cell renderer `json`: a structured value (an operation-log entry's masked change) as indented JSON in a
// scrolling block a keyboard can reach and scroll.
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CellProps } from './types.ts';

export default function JsonCell({ value, schema }: CellProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="pre"
      tabIndex={0}
      aria-label={typeof schema.title === 'string' ? t(schema.title) : undefined}
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'grey.100',
        borderRadius: 1,
        fontSize: 13,
        maxHeight: 260,
        overflow: 'auto',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}
