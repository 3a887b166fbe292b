// A panel's choice (docs/adr/0161-panel-choice-and-job-actions.md): a select over the rows of a call,
// "all" first, kept in the URL as the route value `name` (and the chosen row's `with` fields) so the
// panel's actions send it like any route value.
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { PanelChoice } from '../../../core/catalogue/panel-screen.ts';
import { useCallAny } from '../../api/queries.ts';

type Row = Record<string, unknown>;

const rowsOf = (reply: unknown, field: string | undefined): Row[] => {
  const rows = field ? (reply as Record<string, unknown> | undefined)?.[field] : reply;
  return Array.isArray(rows) ? (rows as Row[]) : [];
};

export function PanelChoose({ choice }: { choice: PanelChoice }) {
  const { t } = useTranslation();
  const [url, setUrl] = useSearchParams();
  const read = useCallAny<unknown>(choice.call, { query: {} });
  const rows = rowsOf(read.data, choice.rows);
  const chosen = url.get(choice.name) ?? '';
  const choose = (value: string) =>
    setUrl((now) => {
      const next = new URLSearchParams(now);
      const row = rows.find((r) => String(r[choice.value]) === value);
      for (const [name, field] of Object.entries({ [choice.name]: choice.value, ...choice.with })) {
        const v = row?.[field];
        if (v === undefined || v === null || v === '') next.delete(name);
        else next.set(name, String(v));
      }
      return next;
    });
  return (
    <TextField
      select
      size="small"
      label={t(choice.label)}
      value={rows.some((r) => String(r[choice.value]) === chosen) ? chosen : ''}
      onChange={(e) => choose(e.target.value)}
      sx={{ minWidth: 240 }}
      data-testid={choice.testId}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{t(choice.all)}</MenuItem>
      {rows.map((r) => (
        <MenuItem key={String(r[choice.value])} value={String(r[choice.value])}>
          {String(r[choice.text] ?? '')}
        </MenuItem>
      ))}
    </TextField>
  );
}
