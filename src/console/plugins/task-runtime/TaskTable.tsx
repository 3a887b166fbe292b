// The task runtime's lists: the caller's open tasks, or the instances it started; each row opens its
// instance (a button, so the keyboard reaches it). Any task the engine made is a row, whatever its element.
import { Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../runtime/cells/DateCell.tsx';
import type { OpenInstance, TaskRuntime } from './useTaskRuntime.ts';

type Lists = NonNullable<TaskRuntime['lists']>;
type Row = (Lists['todo'][number] | Lists['started'][number]) &
  Partial<{ nodeName: string; since: string; waitsAt: string }>;

export function TaskTable({
  rows,
  kind,
  onOpen,
}: {
  rows: Row[];
  kind: 'todo' | 'started';
  onOpen: (i: OpenInstance) => void;
}) {
  const { t } = useTranslation();
  if (rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid={`runtime-${kind}-empty`}>
        {t(`taskRuntime.empty.${kind}`)}
      </Typography>
    );
  return (
    <Table size="small" aria-label={t(`taskRuntime.view.${kind}`)} data-testid={`runtime-${kind}`}>
      <TableHead>
        <TableRow>
          <TableCell>{t('taskRuntime.column.process')}</TableCell>
          <TableCell>{t('taskRuntime.column.title')}</TableCell>
          <TableCell>{t(kind === 'todo' ? 'taskRuntime.column.node' : 'taskRuntime.column.waitsAt')}</TableCell>
          <TableCell>{t(kind === 'todo' ? 'taskRuntime.column.since' : 'taskRuntime.column.startedAt')}</TableCell>
          <TableCell>{t('taskRuntime.column.status')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={`${r.instanceId}/${r.nodeName ?? ''}`} data-instance={r.instanceId}>
            <TableCell>{r.flowName}</TableCell>
            <TableCell>{r.title}</TableCell>
            <TableCell>{kind === 'todo' ? r.nodeName : r.waitsAt}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(kind === 'todo' ? r.since : r.startedAt)}
            </TableCell>
            <TableCell>{t(`flow.status.${r.status}`)}</TableCell>
            <TableCell>
              <Button
                size="small"
                onClick={() => onOpen({ instanceId: r.instanceId, applicationId: r.applicationId, flowId: r.flowId })}
                aria-label={t('taskRuntime.openNamed', { name: r.title || r.flowName })}
              >
                {t('taskRuntime.open')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
