// An instance's history in the detail dialog: when, what, who (the engine when nobody), on which node,
// where it led, the comment.
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Calls } from '../../../core/generated/api-types.ts';

type Entry = Calls['flows.get']['reply']['history'][number];
const COLUMNS = ['at', 'action', 'actor', 'node', 'toNodes', 'comment'] as const;

export function HistoryTable({ history }: { history: Entry[] }) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-label={t('flow.history.title')} data-testid="flow-history">
      <TableHead>
        <TableRow>
          {COLUMNS.map((c) => (
            <TableCell key={c}>{t(`flow.history.columns.${c}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {history.map((h, i) => (
          <TableRow key={i}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{h.at}</TableCell>
            <TableCell>{t(`flow.history.action.${h.action}`)}</TableCell>
            <TableCell>{h.actor || t('flow.history.engine')}</TableCell>
            <TableCell>{h.nodeName}</TableCell>
            <TableCell>{h.toNodes.join(', ')}</TableCell>
            <TableCell>{h.comment}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
