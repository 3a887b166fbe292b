// The problems of a refusal the administrator may lift by answering them (docs/adr/0258-code-mapped-to-external-topics.md):
// each with its text field (a refusal of the answer itself said under it), and a button that previews
// the file again with the answers. Enter in a field does the same. Once a preview passes, the fields stay
// (without the problems, lifted) so an answer can still be changed and previewed again.
import { Box, Button, List, ListItem, ListItemText, TextField } from '@mui/material';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportAnswers } from '../../../core/catalogue/import-screen.ts';
import type { FieldError } from '../../../core/envelope.ts';
import { answeredField } from './import-values.ts';

export function ProblemAnswers({
  testId,
  title,
  answers,
  questions,
  given,
  refusals,
  lifted,
  busy,
  onAnswer,
  onRecheck,
}: {
  testId: string;
  /** The problems list's title (the list's accessible name). */
  title: string;
  answers: ImportAnswers;
  questions: FieldError[];
  given: Record<string, string>;
  /** The last refusal's problems: those about an answer are said under its field. */
  refusals: FieldError[];
  /** A preview passed with answers: the problems are lifted and no longer said. */
  lifted: boolean;
  busy: boolean;
  onAnswer: (field: string, value: string) => void;
  onRecheck: () => void;
}) {
  const { t } = useTranslation();
  const refusalOf = (field: string) => refusals.find((r) => answeredField(answers.into, r.field) === field)?.message;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRecheck();
  };
  const anyGiven = questions.some((q) => (given[q.field] ?? '').trim() !== '');
  return (
    <Box component="form" onSubmit={submit} noValidate data-testid={`${testId}-answers`} sx={{ mt: 2 }}>
      <List dense aria-label={t(title)}>
        {questions.map((question) => {
          const element = question.field.slice(question.field.lastIndexOf('#') + 1);
          const refused = refusalOf(question.field);
          return (
            <ListItem key={question.field} disableGutters sx={{ display: 'block' }} data-field={question.field}>
              {!lifted && <ListItemText primary={question.message} secondary={question.field} />}
              <TextField
                size="small"
                fullWidth
                label={t(answers.label, { element })}
                value={given[question.field] ?? ''}
                onChange={(e) => onAnswer(question.field, e.target.value)}
                error={Boolean(refused)}
                helperText={refused ?? (answers.help ? t(answers.help) : undefined)}
                slotProps={{ htmlInput: { 'data-testid': `${testId}-answer` } }}
              />
            </ListItem>
          );
        })}
      </List>
      <Button type="submit" variant="outlined" disabled={busy || !anyGiven} data-testid={`${testId}-recheck`}>
        {t(answers.recheck)}
      </Button>
    </Box>
  );
}
