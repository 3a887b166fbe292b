// A rows screen drawn as a dialog (docs/adr/0154-dialog-screen-kinds.md): the rows a call answers in a
// table, each with one text field, a button adding users picked in the user-selection dialog and its
// own Save; the server checks what is typed and its refusal is said in the dialog.
import { Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowsScreen } from '../../../core/catalogue/types.ts';
import { evaluateRule } from '../../../core/rules.ts';
import { DialogFrame, DialogIntro } from '../dialog/DialogFrame.tsx';
import { OpenDialog } from '../dialog/OpenDialog.tsx';
import type { DialogPluginProps } from '../dialog/types.ts';
import { useDialogMessage } from '../dialog/useDialogMessage.ts';
import type { UserSelectResult } from '../user-picker/user-select-types.ts';
import { labelValues } from './data-args.ts';
import { useRows, type Row } from './useRows.ts';

type Props = DialogPluginProps & { screen: RowsScreen & { title: string } };

export function RowsDialog({ screen, data, onClose }: Props) {
  const { t } = useTranslation();
  const messages = useDialogMessage();
  const rows = useRows(screen, data, messages);
  const [picking, setPicking] = useState<Row | null>(null);
  const values = labelValues(screen.values, data);
  const { edit, testId } = screen;
  const name = (row: Row) => String(row[screen.rowTestId]);
  const pickData = Object.fromEntries(Object.entries(edit.pick?.data ?? {}).map(([to, from]) => [to, data[from]]));
  return (
    <DialogFrame
      id={testId}
      testId={`${testId}-dialog`}
      title={t(screen.title, values)}
      messages={messages}
      maxWidth="lg"
      onClose={() => onClose({ reload: true })}
      actions={
        <Button onClick={() => onClose({ reload: true })} data-testid={`${testId}-close`}>
          {t('action.close')}
        </Button>
      }
      over={
        picking && (
          <OpenDialog
            name="user-select"
            data={pickData}
            onClose={(result) => {
              const users = (result as UserSelectResult | undefined)?.users;
              if (users) rows.pick(picking, users);
              setPicking(null);
            }}
          />
        )
      }
    >
      {rows.rows === null && <Typography color="text.secondary">{t('app.loading')}</Typography>}
      {rows.rows?.length === 0 && <Typography>{t(screen.empty, values)}</Typography>}
      {Boolean(rows.rows?.length) && (
        <>
          {/* The intro speaks of the rows: none is said without it. */}
          {screen.intro && <DialogIntro text={t(screen.intro, values)} />}
          <Table size="small" data-testid={testId}>
            <TableHead>
              <TableRow>
                {screen.columns.map((c) => (
                  <TableCell key={c.field}>{t(c.label)}</TableCell>
                ))}
                <TableCell sx={{ width: '50%' }}>{t(edit.label)}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.rows!.map((row) => (
                <TableRow key={rows.keyOf(row)} data-row={name(row)} data-set={row[edit.field] ? 'yes' : 'no'}>
                  {screen.columns.map((c) => (
                    <TableCell key={c.field}>
                      {String(row[c.field] ?? '')}
                      {c.note && evaluateRule(c.note.when, { row }) && (
                        <Typography variant="caption" color="warning.main" sx={{ display: 'block' }}>
                          {t(c.note.label)}
                        </Typography>
                      )}
                    </TableCell>
                  ))}
                  <TableCell>
                    <TextField
                      size="small"
                      fullWidth
                      disabled={!rows.mayChange}
                      value={rows.valueOf(row)}
                      onChange={(e) => rows.setValue(row, e.target.value)}
                      placeholder={edit.placeholder ? t(edit.placeholder) : undefined}
                      slotProps={{
                        htmlInput: {
                          'data-testid': `${edit.testId}-${name(row)}`,
                          maxLength: edit.maxLength,
                          'aria-label': `${t(edit.label)}: ${screen.columns.map((c) => String(row[c.field] ?? '')).join(', ')}`,
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    {rows.mayChange && (
                      <Stack direction="row" spacing={1}>
                        {edit.pick && (
                          <Button
                            size="small"
                            onClick={() => setPicking(row)}
                            data-testid={`${edit.testId}-pick-${name(row)}`}
                          >
                            {t(edit.pick.label)}
                          </Button>
                        )}
                        <Button
                          size="small"
                          variant="contained"
                          loading={rows.busy === rows.keyOf(row)}
                          onClick={() => void rows.save(row)}
                          data-testid={`${edit.testId}-save-${name(row)}`}
                        >
                          {t(screen.save.label)}
                        </Button>
                      </Stack>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </DialogFrame>
  );
}
