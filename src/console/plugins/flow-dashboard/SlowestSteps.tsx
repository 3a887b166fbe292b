// The ten slowest steps of the period (domain-console §2.4): flow, node, where it led, who acted, hours.
import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { column, type DashboardRow } from './dashboard-rows.ts';

const COLUMNS = [
  ['flowboard.flow', 'FLOWNAME'],
  ['flowboard.startNode', 'STARTNODENAME'],
  ['flowboard.endNode', 'ENDNODENAME'],
  ['flowboard.processor', 'NAME'],
] as const;

export function SlowestSteps({ rows }: { rows: DashboardRow[] }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h2" variant="subtitle1" id="flowboard-slowest" sx={{ fontWeight: 600 }}>
        {t('flowboard.slowest')}
      </Typography>
      <Table size="small" aria-labelledby="flowboard-slowest" data-testid="flowboard-slowest">
        <TableHead>
          <TableRow>
            {COLUMNS.map(([label]) => (
              <TableCell key={label}>{t(label)}</TableCell>
            ))}
            <TableCell align="right">{t('flowboard.hours')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={i}>
              {COLUMNS.map(([label, name]) => (
                <TableCell key={label}>{column(row, name)}</TableCell>
              ))}
              <TableCell align="right">{row.resultFields[0]}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
