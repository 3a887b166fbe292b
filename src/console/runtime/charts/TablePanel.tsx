// The tables of a charts screen (docs/adr/0133-charts-screen-kind.md): `figures`, one row per field of one
// answer (a label and its value), and `table`, one row per row of a read under its heading (a list
// value's items joined, `nothing` said instead of no rows).
import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ChartsPanel } from '../../../core/catalogue/types.ts';
import { valueAt } from './field-path.ts';

const shown = (value: unknown, join?: string) =>
  typeof value === 'number'
    ? value.toLocaleString()
    : value === undefined || value === null
      ? ''
      : join && Array.isArray(value)
        ? value.join(join)
        : String(value);

export function FiguresPanel({ panel, answer }: { panel: ChartsPanel; answer: unknown }) {
  const { t } = useTranslation();
  const [label, value] = panel.head ?? [];
  return (
    <Paper variant="outlined" sx={{ maxWidth: 560 }}>
      <Table size="small" aria-label={t(panel.title)} data-testid={panel.id}>
        {label && value && (
          <TableHead>
            <TableRow>
              <TableCell>{t(label)}</TableCell>
              <TableCell align="right">{t(value)}</TableCell>
            </TableRow>
          </TableHead>
        )}
        <TableBody>
          {(panel.fields ?? []).map((f) => (
            <TableRow key={f.field} data-testid={`${panel.id}-${f.field}`}>
              <TableCell>{t(f.label)}</TableCell>
              <TableCell align="right">{shown(valueAt(answer, f.field))}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

export function TablePanel({ panel, rows }: { panel: ChartsPanel; rows: unknown[] }) {
  const { t } = useTranslation();
  const fields = panel.fields ?? [];
  const heading = `${panel.id}-heading`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h2" variant="subtitle1" id={heading} sx={{ fontWeight: 600 }}>
        {t(panel.title)}
      </Typography>
      {panel.nothing && rows.length === 0 ? (
        <Typography color="text.secondary" data-testid={panel.id}>
          {t(panel.nothing)}
        </Typography>
      ) : (
        <Table size="small" aria-labelledby={heading} data-testid={panel.id}>
          <TableHead>
            <TableRow>
              {fields.map((f) => (
                <TableCell key={f.field} align={f.numeric ? 'right' : 'left'}>
                  {t(f.label)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={i}>
                {fields.map((f) => (
                  <TableCell key={f.field} align={f.numeric ? 'right' : 'left'}>
                    {shown(valueAt(row, f.field), f.join)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
