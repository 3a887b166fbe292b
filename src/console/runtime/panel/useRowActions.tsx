// The buttons on a panel table's rows (docs/adr/0162-table-row-actions.md): each shown while its
// `visible` rule over `row` holds and to callers who may make its call; a click asks `confirm` (named
// with the row's fields) when given, then makes the call with `args` taken from the row's fields. The
// outcome is said in the dialog drawing the panel (`messages`: a modal dialog hides toasts from
// assistive technology) or as a toast; the answer is read again after any change (api/queries.ts).
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableRowAction } from '../../../core/catalogue/import-screen.ts';
import { callAny } from '../../api/client.ts';
import { mayCall } from '../../session/reach.ts';
import { notifySuccess } from '../../shell/notify.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import type { DialogMessage } from '../dialog/useDialogMessage.ts';
import { ruleValue } from '../../../core/rules.ts';
import type { Answer } from '../import/import-values.ts';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const part = (map: Record<string, string> | undefined, row: Answer) =>
  Object.fromEntries(Object.entries(map ?? {}).map(([name, field]) => [name, text(row[field])]));

export function useRowActions(testId: string, messages?: DialogMessage) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<{ action: TableRowAction; row: Answer } | null>(null);

  const run = async (action: TableRowAction, row: Answer) => {
    const body = part(action.args?.body, row);
    setBusy(true);
    try {
      await callAny(action.call, {
        params: part(action.args?.params, row),
        query: part(action.args?.query, row),
        body: Object.keys(body).length ? body : undefined,
        silent: Boolean(messages),
      });
      const done = t(action.done ?? 'msg.saveSuccess', row);
      if (messages) messages.show('success', done);
      else notifySuccess(done);
    } catch (error) {
      messages?.showFailure(error); // without a dialog the client has said it
    } finally {
      setBusy(false);
    }
  };

  /** The buttons of one row of a table declaring `actions`. */
  const buttons = (actions: TableRowAction[]) => (row: Answer) =>
    actions
      .filter((a) => mayCall(a.call) && (!a.visible || Boolean(ruleValue(a.visible, { row }))))
      .map((a) => (
        <Button
          key={a.id}
          size="small"
          color={a.danger ? 'error' : 'primary'}
          disabled={busy}
          onClick={() => (a.confirm ? setAsking({ action: a, row }) : void run(a, row))}
          data-testid={`${testId}-${a.id}`}
        >
          {t(a.label)}
        </Button>
      ));

  const confirmation = (
    <ConfirmDialog
      text={asking ? t(asking.action.confirm ?? '', asking.row) : null}
      onConfirm={() => {
        if (asking) void run(asking.action, asking.row);
        setAsking(null);
      }}
      onCancel={() => setAsking(null)}
    />
  );
  return { buttons, confirmation };
}
