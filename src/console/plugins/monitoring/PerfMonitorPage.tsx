// The performance monitor panel (spec/domain-console.md, "System monitoring", docs/adr/0062-performance-monitor.md): the current time and the enabled switch (the
// menu call, then a reload), the controls (action, proxy action, output, range/units, display columns,
// cell format, filter, highlight, text size) with Go and a download of the chosen output, and JAMon's
// table, sorted by a click on a header (again: the other way), the busiest first at first (the most
// total time, docs/adr/0092-wide-screens.md). The label column is wide and wraps, clamped to a few lines with the whole label
// (the full SQL) in a tooltip; the panel asks for whole labels and cuts them to the text display size
// itself. Headers and options show in the console's language.
import Download from '@mui/icons-material/Download';
import PlayArrow from '@mui/icons-material/PlayArrow';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callUrl } from '../../api/client.ts';
import { downloadFrom } from '../../runtime/download.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import {
  ACTIONS,
  CELL_FORMATS,
  DATE_COLUMNS,
  DISPLAY_COLUMNS,
  formatCell,
  OUTPUTS,
  PROXY_ACTIONS,
  RANGES,
  sortRows,
  type CellFormat,
} from '../../../core/monitoring/perf-columns.ts';
import { columnLabel, optionKey } from './perf-labels.ts';
import { useClock } from './useClock.ts';

type Report = Calls['monitoring.perfInfo']['reply'];
type Settings = {
  action: string;
  proxyAction: string;
  output: string;
  range: string;
  columns: string;
  format: string;
  filter: string;
  highlight: string;
  textSize: string;
};

const START: Settings = {
  action: 'Refresh',
  proxyAction: 'No Action',
  output: 'html',
  range: 'AllMonitors',
  columns: 'RangeColumns',
  format: '#,###',
  filter: '',
  highlight: '',
  textSize: '0',
};
/** JAMon's Total column (the time spent): the panel's first order, the busiest first. */
const TOTAL_COLUMN = 4;

/** A label as the text display size shows it (0: whole). */
const cut = (label: string, size: number) => (size > 0 && label.length > size ? `${label.slice(0, size)}…` : label);

const CHOICES: Array<[keyof Settings, readonly string[]]> = [
  ['action', ACTIONS],
  ['proxyAction', PROXY_ACTIONS],
  ['output', OUTPUTS],
  ['range', RANGES],
  ['columns', DISPLAY_COLUMNS],
  ['format', CELL_FORMATS],
];

export default function PerfMonitorPage() {
  const { t } = useTranslation();
  const now = useClock();
  const [settings, setSettings] = useState<Settings>(START);
  const [report, setReport] = useState<Report | null>(null);
  const [sort, setSort] = useState<{ column: number; order: 'asc' | 'desc' }>({ column: TOTAL_COLUMN, order: 'desc' });
  const textSize = /^\d{1,5}$/.test(settings.textSize.trim()) ? Number(settings.textSize.trim()) : null;
  const change = (key: keyof Settings, value: string) => setSettings((s) => ({ ...s, [key]: value }));
  const shared = {
    range: settings.range,
    columns: settings.columns,
    format: settings.format,
    filter: settings.filter,
    highlight: settings.highlight,
    textSize: textSize ?? 0,
  } as const;

  const load = useCallback(
    async (body: Record<string, unknown> = {}) => {
      setReport(await call('monitoring.perfInfo', { body: { ...shared, textSize: 0, ...body } as never }));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shared` is rebuilt each render; its fields are the inputs
    [shared.range, shared.columns, shared.format, shared.filter, shared.highlight, shared.textSize],
  );

  useEffect(() => {
    call('monitoring.perfInfo', { body: {} }).then(setReport, () => undefined);
  }, []);

  const go = async () => {
    if (textSize === null) return;
    await load({ action: settings.action, proxyAction: settings.proxyAction }).catch(() => undefined);
    setSettings((s) => ({ ...s, action: 'Refresh', proxyAction: 'No Action' }));
  };
  const toggle = async (on: boolean) => {
    await call('monitoring.perfMenu', { query: { enableAll: on } }).catch(() => undefined);
    await load().catch(() => undefined);
  };
  const download = () => {
    if (textSize === null) return;
    downloadFrom(
      callUrl(
        'monitoring.perfExport',
        {},
        { ...shared, output: settings.output, sortCol: sort.column, sortOrder: sort.order },
      ),
    );
  };

  const data = report?.dataList ?? null;
  const rows = useMemo(
    () =>
      data
        ? sortRows(
            data.list.map((cells, i) => ({ cells, highlighted: data.highlighted[i] })),
            sort.column,
            sort.order,
          )
        : [],
    [data, sort],
  );
  const clickHeader = (column: number) =>
    setSort((s) => ({ column, order: s.column === column && s.order === 'asc' ? 'desc' : 'asc' }));

  return (
    <Stack spacing={2} data-testid="perf-monitor" data-enabled={report ? String(report.isEnabled) : ''}>
      <Stack direction="row" spacing={3} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography data-testid="perf-now">
          {t('monitor.perf.now')}: {now}
        </Typography>
        {report && (
          <Typography color="text.secondary">{t('monitor.perf.instance', { id: report.instance })}</Typography>
        )}
        <FormControlLabel
          control={
            <Switch
              checked={report?.isEnabled ?? false}
              onChange={(e) => void toggle(e.target.checked)}
              data-testid="perf-enabled"
            />
          }
          label={t('monitor.perf.enabled')}
        />
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
          {CHOICES.map(([key, options]) => (
            <FormControl key={key} size="small" sx={{ minWidth: 170 }}>
              <InputLabel id={`perf-${key}-label`}>{t(`monitor.perf.${key}`)}</InputLabel>
              <Select
                labelId={`perf-${key}-label`}
                label={t(`monitor.perf.${key}`)}
                value={settings[key]}
                onChange={(e) => change(key, e.target.value)}
                data-testid={`perf-${key}`}
              >
                {options.map((option) => (
                  <MenuItem key={option} value={option}>
                    {t(optionKey(option))}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          ))}
          {(['filter', 'highlight'] as const).map((key) => (
            <TextField
              key={key}
              size="small"
              label={t(`monitor.perf.${key}`)}
              value={settings[key]}
              onChange={(e) => change(key, e.target.value)}
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': `perf-${key}` } }}
            />
          ))}
          <TextField
            size="small"
            label={t('monitor.perf.textSize')}
            value={settings.textSize}
            onChange={(e) => change('textSize', e.target.value)}
            error={textSize === null}
            helperText={textSize === null ? t('monitor.perf.badTextSize') : undefined}
            sx={{ width: 170 }}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'perf-textSize' } }}
          />
          <Button
            variant="contained"
            startIcon={<PlayArrow />}
            onClick={() => void go()}
            disabled={textSize === null}
            data-testid="perf-go"
          >
            {t('monitor.perf.go')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<Download />}
            onClick={download}
            disabled={textSize === null}
            data-testid="perf-download"
          >
            {t('monitor.perf.download')}
          </Button>
        </Stack>
      </Paper>
      {report && !data && (
        <Alert severity="info" data-testid="perf-disabled">
          {t('monitor.perf.disabled')}
        </Alert>
      )}
      {data && rows.length === 0 && (
        <Alert severity="info" data-testid="perf-empty">
          {t('monitor.perf.empty')}
        </Alert>
      )}
      {data && rows.length > 0 && (
        <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: '70vh' }}>
          <Table size="small" stickyHeader aria-label={t('monitor.perf.table')} data-testid="perf-table">
            <TableHead>
              <TableRow>
                {data.listHeader.map((name, column) => (
                  <TableCell
                    key={name}
                    sortDirection={sort.column === column ? sort.order : false}
                    sx={column === 0 ? { minWidth: 420, width: '40%' } : { whiteSpace: 'nowrap' }}
                  >
                    <TableSortLabel
                      active={sort.column === column}
                      direction={sort.column === column ? sort.order : 'asc'}
                      onClick={() => clickHeader(column)}
                      data-testid={`perf-sort-${column}`}
                    >
                      {columnLabel(t, name)}
                    </TableSortLabel>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow
                  key={`${row.cells[1]}|${row.cells[0]}`}
                  data-highlighted={row.highlighted ? 'true' : undefined}
                  sx={row.highlighted ? { bgcolor: 'warning.light' } : undefined}
                >
                  {row.cells.map((cell, column) =>
                    column === 0 ? (
                      <TableCell key={column} data-testid="perf-label" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
                        <Tooltip
                          title={String(cell)}
                          describeChild
                          placement="bottom-start"
                          slotProps={{
                            tooltip: {
                              sx: {
                                maxWidth: 720,
                                fontSize: 12,
                                fontFamily: 'monospace',
                                whiteSpace: 'pre-wrap',
                                wordBreak: 'break-word',
                              },
                            },
                          }}
                        >
                          <Box
                            tabIndex={0}
                            sx={{
                              display: '-webkit-box',
                              WebkitLineClamp: 3,
                              WebkitBoxOrient: 'vertical',
                              overflow: 'hidden',
                              wordBreak: 'break-word',
                            }}
                          >
                            {cut(String(cell), textSize ?? 0)}
                          </Box>
                        </Tooltip>
                      </TableCell>
                    ) : (
                      <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                        {(DATE_COLUMNS as readonly number[]).includes(column)
                          ? String(cell)
                          : formatCell(cell, settings.format as CellFormat)}
                      </TableCell>
                    ),
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Box />
    </Stack>
  );
}
