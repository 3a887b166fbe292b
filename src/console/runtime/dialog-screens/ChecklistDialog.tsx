// A checklist screen drawn as a dialog (docs/adr/0154-dialog-screen-kinds.md): the rows a call
// answers, each with a box or a switch, and Save sending the checked (or unchecked) keys. Callers who
// may not make the save call see the boxes disabled and a Close button only.
import { Button, Checkbox, FormControlLabel, List, ListItem, ListItemText, Switch, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ChecklistScreen } from '../../../core/catalogue/types.ts';
import { DialogFrame } from '../dialog/DialogFrame.tsx';
import type { DialogPluginProps } from '../dialog/types.ts';
import { useDialogMessage } from '../dialog/useDialogMessage.ts';
import { labelValues } from './data-args.ts';
import { useChecklist, type Row } from './useChecklist.ts';

type Props = DialogPluginProps & { screen: ChecklistScreen & { title: string } };

const textOf = (fields: string[], row: Row) =>
  fields
    .map((f) => row[f])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(' ');

export function ChecklistDialog({ screen, data, onClose }: Props) {
  const { t } = useTranslation();
  const messages = useDialogMessage();
  const list = useChecklist(screen, data, messages, onClose);
  const values = labelValues(screen.values, data);
  const title = t(screen.title, values);
  const Control = screen.style === 'switch' ? Switch : Checkbox;
  return (
    <DialogFrame
      id={screen.testId}
      testId={`${screen.testId}-dialog`}
      title={title}
      messages={messages}
      maxWidth="sm"
      onClose={onClose}
      intro={screen.intro && t(screen.intro, values)}
      actions={
        <>
          <Button data-testid={`${screen.testId}-cancel`} onClick={() => onClose()}>
            {t(list.mayChange ? 'action.cancel' : 'action.close')}
          </Button>
          {list.mayChange && (
            <Button
              data-testid={`${screen.testId}-save`}
              variant="contained"
              loading={list.busy}
              disabled={!list.rows?.length}
              onClick={() => void list.save()}
            >
              {t(screen.save.label)}
            </Button>
          )}
        </>
      }
    >
      {list.rows === null && <Typography color="text.secondary">{t('app.loading')}</Typography>}
      {list.rows?.length === 0 && (
        <Typography data-testid={`${screen.testId}-none`}>{t(screen.empty, values)}</Typography>
      )}
      {Boolean(list.rows?.length) && (
        <List dense aria-label={title}>
          {list.rows!.map((row) => {
            const key = list.keyOf(row);
            const secondary = screen.secondary ? row[screen.secondary] : undefined;
            return (
              <ListItem key={key} disablePadding>
                <FormControlLabel
                  sx={{ m: 0, width: '100%' }}
                  control={
                    <Control
                      checked={list.checked.includes(key)}
                      disabled={!list.mayChange}
                      onChange={() => list.toggle(key)}
                      slotProps={{
                        input: {
                          'data-testid': `${screen.testId}-${String(row[screen.rowTestId ?? screen.key])}`,
                        } as object,
                      }}
                    />
                  }
                  label={
                    <ListItemText
                      primary={textOf(screen.primary, row)}
                      secondary={typeof secondary === 'string' ? secondary : undefined}
                    />
                  }
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </DialogFrame>
  );
}
