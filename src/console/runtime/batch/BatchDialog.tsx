// A list's `batch` action (docs/adr/0156-batch-and-pick-list-actions.md): over the selected rows, the
// dialog says what it will touch (`batch.text`), asks the action's form when it has one (Apply waits
// until the form holds a value: an empty field means "leave as it is"), makes the call once with the
// ids in `batch.ids` (and the form's values in `batch.into`), then lists its answer row by row. Closing
// after a call reloads the list.
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ActionDef } from '../../../core/catalogue/types.ts';
import { resolveArgs } from '../call-args.ts';
import { countedText } from '../counted-label.ts';
import { DialogMessageBar } from '../dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../dialog/types.ts';
import type { Row } from '../screen-types.ts';
import { BatchForm } from './BatchForm.tsx';
import { BatchResults } from './BatchResults.tsx';
import { useBatchRun } from './useBatchRun.ts';

interface Props extends DialogPluginProps {
  action: ActionDef;
  /** What the list calls each selected row, by id. */
  names: Record<string, string>;
}

export function BatchDialog({ action, data, names, onClose }: Props) {
  const { t } = useTranslation();
  const [url] = useSearchParams();
  const batch = action.batch;
  if (!batch || !action.call) throw new Error(`action "${action.id}" is not a batch call`);
  const call = action.call;
  const ids = (data.ids as string[] | undefined) ?? [];
  const record = useMemo(() => {
    const { ids: _ids, rows: _rows, ...rest } = data;
    return rest as Row;
  }, [data]);
  const run = useBatchRun();
  const title = t(action.label);
  const close = () => onClose(run.results ? { reload: true } : undefined);
  const apply = (values: Row) => {
    const { params, query } = resolveArgs(action.args, url);
    const body = { [batch.ids]: ids, ...(batch.into ? { [batch.into]: values } : {}) };
    void run.run(call, { params, query, body });
  };
  const buttons = (disabled: boolean, submit: boolean) => (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, pt: 2 }}>
      <Button onClick={close} data-testid="batch-cancel">
        {t('action.cancel')}
      </Button>
      <Button
        variant="contained"
        color={action.variant === 'danger' ? 'error' : 'primary'}
        type={submit ? 'submit' : 'button'}
        onClick={submit ? undefined : () => apply({})}
        loading={run.running}
        disabled={disabled}
        data-testid="batch-apply"
      >
        {title}
      </Button>
    </Box>
  );
  return (
    <Dialog
      open
      onClose={close}
      maxWidth="sm"
      fullWidth
      data-testid={`batch-dialog-${action.id}`}
      aria-labelledby="batch-title"
    >
      <DialogTitle id="batch-title" sx={{ fontSize: 18 }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={run.messages} />
        {run.results ? (
          <BatchResults results={run.results} names={names} />
        ) : (
          <>
            <Typography sx={{ mb: 1 }}>
              {countedText(
                batch.text,
                ids.map((id) => names[id] || id),
              )}
            </Typography>
            {batch.form ? (
              <BatchForm
                screenId={batch.form}
                record={record}
                onSubmit={apply}
                actions={(holds) => buttons(!holds, true)}
              />
            ) : (
              buttons(false, false)
            )}
          </>
        )}
      </DialogContent>
      {run.results && (
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={close} data-testid="batch-close">
            {t('action.close')}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
