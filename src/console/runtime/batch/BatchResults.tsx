// What a batch call answered, row by row: how many changed, and each refused row with why.
import { Alert, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface BatchResult {
  id: string;
  name?: string;
  ok: boolean;
  message?: string;
}

/** `names`: what the list called each selected row, for a refused row the answer does not name. */
export function BatchResults({ results, names }: { results: BatchResult[]; names: Record<string, string> }) {
  const { t } = useTranslation();
  const refused = results.filter((r) => !r.ok);
  const done = results.length - refused.length;
  return (
    <>
      <Alert
        severity={refused.length === 0 ? 'success' : done === 0 ? 'error' : 'warning'}
        data-testid="batch-summary"
        sx={{ mb: 1.5 }}
      >
        {t('batch.summary', { done, refused: refused.length })}
      </Alert>
      {refused.length > 0 && (
        <Table size="small" aria-label={t('batch.refused')} data-testid="batch-refused">
          <TableHead>
            <TableRow>
              <TableCell>{t('batch.name')}</TableCell>
              <TableCell>{t('batch.why')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {refused.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.name || names[r.id] || r.id}</TableCell>
                <TableCell>{r.message ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
