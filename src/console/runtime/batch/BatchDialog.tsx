// A list's `batch` action (docs/adr/0156-batch-and-pick-list-actions.md): over the selected rows, the
// dialog says what it will touch (`batch.text`), asks the action's form when it has one (Apply waits
// until the form holds a value: an empty field means "leave as it is"), makes the call with the ids in
// `batch.ids` (and the form's values in `batch.into`, else beside them), then lists its answer row by
// row or says `batch.summary`. A counted batch is counted before Apply, sent in parts with its progress
// and undone whole (docs/adr/0168-batch-count-parts-summary-undo.md). Closing after a call reloads the list.
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ActionDef } from '../../../core/catalogue/types.ts';
import { resolveArgs } from '../call-args.ts';
import { useCatalogue } from '../catalogue-context.ts';
import { countedText } from '../counted-label.ts';
import { DialogMessageBar } from '../dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../dialog/types.ts';
import { openParam } from '../list/list-dialog-args.ts';
import type { Row } from '../screen-types.ts';
import { spokenAnswer } from './batch-answers.ts';
import { BatchForm } from './BatchForm.tsx';
import { BatchProgress, BatchSummary } from './BatchSummary.tsx';
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
  const { calls } = useCatalogue();
  const batch = action.batch;
  if (!batch || !action.call) throw new Error(`action "${action.id}" is not a batch call`);
  const ids = (data.ids as string[] | undefined) ?? [];
  const record = useMemo(() => {
    const { ids: _ids, rows: _rows, ...rest } = data;
    return rest as Row;
  }, [data]);
  const run = useBatchRun(action.call, batch, batch.undo && openParam(calls, batch.undo.call));
  // Which submit button sent the form: the count or Apply.
  const counting = useRef(false);
  const title = t(batch.title ?? action.label);
  const close = () => onClose(run.answer ? { reload: true } : undefined);
  const submit = (values: Row) => {
    const { params, query } = resolveArgs(action.args, url);
    const body = { [batch.ids]: ids, ...(batch.into ? { [batch.into]: values } : values) };
    void (counting.current ? run.count({ params, query, body }) : run.run({ params, query, body }));
  };
  const buttons = (disabled: boolean, form: boolean) => (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, pt: 2 }}>
      <Button onClick={close} data-testid="batch-cancel">
        {t('action.cancel')}
      </Button>
      {batch.count && (
        <Button
          variant="outlined"
          type={form ? 'submit' : 'button'}
          onClick={() => ((counting.current = true), form || submit({}))}
          disabled={disabled || run.running}
          data-testid="batch-count"
        >
          {t(batch.count.label)}
        </Button>
      )}
      <Button
        variant="contained"
        color={action.variant === 'danger' ? 'error' : 'primary'}
        type={form ? 'submit' : 'button'}
        onClick={() => ((counting.current = false), form || submit({}))}
        loading={run.running}
        disabled={disabled || (batch.count !== undefined && !run.counted)}
        data-testid="batch-apply"
      >
        {t(batch.apply ?? action.label)}
      </Button>
    </Box>
  );
  const done = run.answer && batch.summary && (
    <BatchSummary
      answer={run.answer}
      text={run.undone && batch.undo ? batch.undo.done : batch.summary}
      undone={run.undone}
    />
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
        {run.answer ? (
          (done ?? <BatchResults results={run.results ?? []} names={names} />)
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
                onSubmit={submit}
                onChange={run.forget}
                actions={(holds) => buttons(!holds, true)}
              />
            ) : (
              buttons(false, false)
            )}
            {run.counted && batch.count && (
              <Alert severity="info" data-testid="batch-counted" sx={{ mt: 1 }}>
                {t(batch.count.text, spokenAnswer(run.counted))}
              </Alert>
            )}
            <BatchProgress value={run.progress} />
          </>
        )}
      </DialogContent>
      {run.answer && (
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {batch.undo && batch.parts && Boolean(run.answer[batch.parts.key]) && !run.undone && (
            <Button color="warning" onClick={() => void run.undo()} data-testid="batch-undo">
              {t(batch.undo.label)}
            </Button>
          )}
          <Button variant="contained" onClick={close} data-testid="batch-close">
            {t('action.close')}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
