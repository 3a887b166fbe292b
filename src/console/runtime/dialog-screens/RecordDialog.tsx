// A record screen drawn as a dialog (docs/adr/0154-dialog-screen-kinds.md): one record's switches and
// its users in groups (chips, added through the user-selection dialog, removed one by one), saved
// whole. Callers who may not make the save call see it read-only.
import { Box, Button, Chip, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordScreen } from '../../../core/catalogue/types.ts';
import { DialogFrame } from '../dialog/DialogFrame.tsx';
import { OpenDialog } from '../dialog/OpenDialog.tsx';
import type { DialogPluginProps } from '../dialog/types.ts';
import { useDialogMessage } from '../dialog/useDialogMessage.ts';
import type { UserSelectResult } from '../user-picker/user-select-types.ts';
import { labelValues } from './data-args.ts';
import { useRecord } from './useRecord.ts';

type Props = DialogPluginProps & { screen: RecordScreen & { title: string } };

export function RecordDialog({ screen, data, onClose }: Props) {
  const { t } = useTranslation();
  const messages = useDialogMessage();
  const form = useRecord(screen, data, messages, onClose);
  const [adding, setAdding] = useState<string | null>(null);
  const values = labelValues(screen.values, data);
  const { testId, users } = screen;
  const pickData = Object.fromEntries(Object.entries(users?.pick ?? {}).map(([to, from]) => [to, data[from]]));
  return (
    <DialogFrame
      id={testId}
      testId={`${testId}-dialog`}
      title={t(screen.title, values)}
      messages={messages}
      maxWidth="sm"
      onClose={onClose}
      intro={screen.intro && t(screen.intro, values)}
      actions={
        <>
          <Button onClick={() => onClose()} data-testid={`${testId}-cancel`}>
            {t(form.mayChange ? 'action.cancel' : 'action.close')}
          </Button>
          {form.mayChange && (
            <Button
              variant="contained"
              loading={form.busy}
              disabled={!form.record}
              onClick={() => void form.save()}
              data-testid={`${testId}-save`}
            >
              {t(screen.save.label)}
            </Button>
          )}
        </>
      }
      over={
        adding && (
          <OpenDialog
            name="user-select"
            data={pickData}
            onClose={(result) => {
              const picked = (result as UserSelectResult | undefined)?.users ?? [];
              form.add(adding, picked);
              setAdding(null);
            }}
          />
        )
      }
    >
      {form.record === null ? (
        <Typography color="text.secondary">{t('app.loading')}</Typography>
      ) : (
        <Stack spacing={2}>
          {(screen.switches ?? []).map((s) => (
            <FormControlLabel
              key={s.field}
              control={
                <Switch
                  checked={form.record?.[s.field] === true}
                  disabled={!form.mayChange}
                  onChange={(e) => form.flip(s.field, e.target.checked)}
                  slotProps={{ input: { 'data-testid': s.testId } as object }}
                />
              }
              label={t(s.label)}
            />
          ))}
          {users?.groups.map((g) => {
            const items = form.items.filter((i) => i[users.by] === g.value);
            return (
              <Box key={g.value} component="section" aria-label={t(g.label)} data-testid={`${users.testId}-${g.value}`}>
                <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5 }}>
                  <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
                    {t(g.label)}
                  </Typography>
                  {form.mayChange && (
                    <Button
                      size="small"
                      onClick={() => setAdding(g.value)}
                      data-testid={`${users.testId}-add-${g.value}`}
                    >
                      {t(users.add)}
                    </Button>
                  )}
                </Stack>
                {items.length === 0 ? (
                  <Typography color="text.secondary">{t(users.none)}</Typography>
                ) : (
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                    {items.map((i) => (
                      <Chip
                        key={String(i[users.user.id])}
                        label={`${String(i[users.user.name] ?? '')} (${String(i[users.user.loginno] ?? '')})`}
                        onDelete={form.mayChange ? () => form.remove(i) : undefined}
                      />
                    ))}
                  </Stack>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
    </DialogFrame>
  );
}
