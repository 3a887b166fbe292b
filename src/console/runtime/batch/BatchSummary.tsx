// What a counted batch says (docs/adr/0168-batch-count-parts-summary-undo.md): its progress while the
// parts are sent, then its `summary` given the added answers' fields (after Undo, `undo.done`).
import { Alert, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Row } from '../screen-types.ts';
import { spokenAnswer } from './batch-answers.ts';

export function BatchSummary({ answer, text, undone }: { answer: Row; text: string; undone: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert severity={undone ? 'info' : 'success'} data-testid="batch-summary">
      {t(text, spokenAnswer(answer))}
    </Alert>
  );
}

/** The share of the parts sent, 0–100; nothing when none is being sent. */
export function BatchProgress({ value }: { value: number | null }) {
  const { t } = useTranslation();
  if (value === null) return null;
  return (
    <LinearProgress
      variant="determinate"
      value={value}
      aria-label={t('batch.progress')}
      sx={{ mt: 1 }}
      data-testid="batch-progress"
    />
  );
}
