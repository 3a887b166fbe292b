// The notes of a charts screen (docs/adr/0133-charts-screen-kind.md): a line of text from the answers —
// the first row that has the note's field, its label chosen by that value, filled with the row's fields
// (which hours the figures are in, which database pool answered), or as an alert (`severity`).
import { Alert, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ChartsNote } from '../../../core/catalogue/types.ts';
import { rowsAt, textAt } from './field-path.ts';
import type { Answers } from './useCharts.ts';

function noteRow(note: ChartsNote, answers: Answers): Record<string, unknown> | undefined {
  const rows = note.reads.flatMap((read) =>
    answers[read] === undefined
      ? []
      : note.rows
        ? rowsAt(answers[read], note.rows)
        : ([] as unknown[]).concat(answers[read]),
  );
  return rows.find((row) => !note.field || textAt(row, note.field) !== '') as Record<string, unknown> | undefined;
}

export function ChartNotes({ notes, answers }: { notes: ChartsNote[]; answers: Answers }) {
  const { t } = useTranslation();
  return notes.map((note) => {
    const row = noteRow(note, answers);
    const value = note.field ? textAt(row, note.field) : '';
    const label = note.labels?.[value] ?? note.label;
    if (!row || !label) return null;
    if (note.severity)
      return (
        <Alert key={note.id} severity={note.severity} data-testid={note.id} data-value={value}>
          {t(label, row)}
        </Alert>
      );
    return (
      <Typography
        key={note.id}
        variant="body2"
        color={note.strong ? 'text.primary' : 'text.secondary'}
        sx={note.strong ? { fontWeight: 600 } : undefined}
        data-testid={note.id}
        data-value={value}
      >
        {t(label, row)}
      </Typography>
    );
  });
}
