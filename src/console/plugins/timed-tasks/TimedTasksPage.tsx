// The platform's timed tasks (issue 13, docs/adr/0057-timed-tasks.md): searched and paged, each with its start type, state,
// timing, run count, next and last run; Start opens the timing dialog, Stop asks first, Runs shows the
// task's recent runs under the list. Search, page and the shown runs are in the URL.
import History from '@mui/icons-material/History';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Refresh from '@mui/icons-material/Refresh';
import Stop from '@mui/icons-material/Stop';
import {
  Button,
  Chip,
  Pagination,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../runtime/ConfirmDialog.tsx';
import { formatDateTime } from '../../runtime/cells/DateCell.tsx';
import { EmptyState } from '../../runtime/list/EmptyState.tsx';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { StartTaskDialog } from './StartTaskDialog.tsx';
import { TaskRuns } from './TaskRuns.tsx';
import { PAGE_SIZE, useTimedTasks, type Task } from './useTimedTasks.ts';

export default function TimedTasksPage() {
  const { t } = useTranslation();
  const tasks = useTimedTasks();
  const [starting, setStarting] = useState<Task | null>(null);
  const [stopping, setStopping] = useState<Task | null>(null);
  const [typed, setTyped] = useState(tasks.search);
  const list = tasks.tasks;
  const shownTask = list?.datas.find((task) => task.id === tasks.shown);
  const columns = [
    'name',
    'startType',
    'state',
    'period',
    'runTime',
    'runDate',
    'runCount',
    'nextRun',
    'lastRun',
  ] as const;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h1" sx={{ mb: 2, fontSize: 18 }}>
        {t('task.screen')}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        component="form"
        sx={{ mb: 2 }}
        onSubmit={(e) => (e.preventDefault(), tasks.setSearch(typed.trim()))}
      >
        <TextField
          size="small"
          label={t('task.field.name')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'task-search', maxLength: 100 } }}
        />
        <Button type="submit" variant="outlined">
          {t('action.search')}
        </Button>
        <Button startIcon={<Refresh />} onClick={tasks.refresh}>
          {t('action.refresh')}
        </Button>
      </Stack>
      {!list ? (
        <LoadingPanel />
      ) : list.datas.length === 0 ? (
        <EmptyState text={tasks.search ? 'list.emptySearch' : 'list.empty'} />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('task.screen')} data-testid="task-table">
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c}>{t(`task.field.${c}`)}</TableCell>
                ))}
                <TableCell>{t('task.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.datas.map((task) => (
                <TableRow key={task.id} data-testid={`task-row-${task.id}`} selected={task.id === tasks.shown}>
                  <TableCell>{task.name}</TableCell>
                  <TableCell>{t(`task.startType.${task.startType}`)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={t(`task.state.${task.state}`)}
                      color={task.state === 'run' ? 'success' : 'default'}
                    />
                  </TableCell>
                  <TableCell>{t(`task.period.${task.period}`)}</TableCell>
                  <TableCell>{task.runTime}</TableCell>
                  <TableCell>{task.runDate ?? ''}</TableCell>
                  <TableCell>{task.runCount}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(task.nextRun)}</TableCell>
                  <TableCell>
                    {task.lastRun
                      ? `${t(`task.outcome.${task.lastRun.outcome}`)} · ${formatDateTime(task.lastRun.startedAt)}`
                      : ''}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      startIcon={<PlayArrow />}
                      disabled={task.startType === 'banned'}
                      onClick={() => setStarting(task)}
                      data-testid={`task-start-${task.id}`}
                    >
                      {t('task.action.start')}
                    </Button>
                    <Button
                      size="small"
                      startIcon={<Stop />}
                      disabled={task.state !== 'run'}
                      onClick={() => setStopping(task)}
                      data-testid={`task-stop-${task.id}`}
                    >
                      {t('task.action.stop')}
                    </Button>
                    <Button
                      size="small"
                      startIcon={<History />}
                      onClick={() => tasks.showRuns(task.id === tasks.shown ? null : task.id)}
                      aria-pressed={task.id === tasks.shown}
                      data-testid={`task-runs-${task.id}`}
                    >
                      {t('task.action.runs')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {list && list.rowCount > PAGE_SIZE && (
        <Pagination
          sx={{ mt: 2 }}
          page={tasks.page}
          count={Math.ceil(list.rowCount / PAGE_SIZE)}
          onChange={(_e, page) => tasks.setPage(page)}
        />
      )}
      {tasks.shown && shownTask && (
        <Stack sx={{ mt: 3 }}>
          <TaskRuns name={shownTask.name} runs={tasks.runs} />
        </Stack>
      )}
      {starting && (
        <StartTaskDialog
          task={starting}
          onStart={(timing) => tasks.start(starting.id, timing)}
          onClose={() => setStarting(null)}
        />
      )}
      <ConfirmDialog
        text={stopping ? t('task.confirmStop', { names: stopping.name }) : null}
        onConfirm={() => {
          const task = stopping!;
          setStopping(null);
          void tasks.stop(task.id).catch(() => undefined);
        }}
        onCancel={() => setStopping(null)}
      />
    </Paper>
  );
}
